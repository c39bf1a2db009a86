/** Reads of activity thresholds shared by the activities API and the embeddable widget (portable Kysely). */
import type { Kysely } from 'kysely';
import type { SeuilActivite } from '@limni/shared/contracts/activites';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Thresholds of an activity at the given places, by place, quantities in H, Q, T order. */
export async function seuilsOf(
  db: Db,
  activiteId: number,
  lieuIds: readonly number[],
): Promise<Map<number, SeuilActivite[]>> {
  const out = new Map<number, SeuilActivite[]>();
  if (lieuIds.length === 0) return out;
  const rows = await db
    .selectFrom('activite_lieu')
    .select(['lieu_id', 'grandeur', 'seuil_bas', 'seuil_haut', 'texte', 'indicatif'])
    .where('activite_id', '=', activiteId)
    .where('lieu_id', 'in', [...new Set(lieuIds)])
    .orderBy('lieu_id')
    .orderBy('grandeur')
    .execute();
  for (const r of rows) {
    const list = out.get(r.lieu_id) ?? [];
    list.push({
      grandeur: r.grandeur,
      unite: UNITE_PAR_GRANDEUR[r.grandeur],
      seuil_bas: r.seuil_bas,
      seuil_haut: r.seuil_haut,
      texte: r.texte,
      indicatif: r.indicatif === 1,
    });
    out.set(r.lieu_id, list);
  }
  return out;
}


/** An activity's id, slug and name; undefined when it does not exist. */
export async function activiteNom(
  db: Db,
  id: number,
): Promise<{ id: number; slug: string; nom: string } | undefined> {
  return db.selectFrom('activite').select(['id', 'slug', 'nom']).where('id', '=', id).executeTakeFirst();
}
