/**
 * Public alerts (table `alerte`: a vigilance change or a threshold on a place, a tronçon or an entity), as listed
 * on the place and entity pages. Shared by the `hydro` and `lieu` features.
 */
import type { Kysely } from 'kysely';
import type { Alerte } from '@limni/shared/contracts/hydro';
import type { Database } from '../db/schema';

export interface AlerteScopes {
  entite: number[];
  troncon: number[];
  lieu: number[];
}

/** Alerts on any of the given scopes, with the name of what each concerns; ongoing first, then by level. */
export async function alertesFor(
  db: Kysely<Database>,
  scopes: AlerteScopes,
  nowMs: number,
): Promise<Alerte[]> {
  const conds = (['entite', 'troncon', 'lieu'] as const).filter((s) => scopes[s].length > 0);
  if (conds.length === 0) return [];
  const rows = await db
    .selectFrom('alerte')
    .selectAll()
    .where((eb) => eb.or(conds.map((s) => eb.and([eb('scope', '=', s), eb('scope_id', 'in', scopes[s])]))))
    .execute();
  const ids = (s: 'entite' | 'troncon' | 'lieu') => [
    ...new Set(rows.filter((r) => r.scope === s).map((r) => r.scope_id)),
  ];
  const [entites, troncons, lieux] = await Promise.all([
    ids('entite').length
      ? db.selectFrom('entite').select(['id', 'nom']).where('id', 'in', ids('entite')).execute()
      : [],
    ids('troncon').length
      ? db.selectFrom('troncon').select(['id', 'nom']).where('id', 'in', ids('troncon')).execute()
      : [],
    ids('lieu').length
      ? db.selectFrom('lieu').select(['id', 'libelle as nom']).where('id', 'in', ids('lieu')).execute()
      : [],
  ]);
  const names = {
    entite: new Map(entites.map((x) => [x.id, x.nom])),
    troncon: new Map(troncons.map((x) => [x.id, x.nom])),
    lieu: new Map(lieux.map((x) => [x.id, x.nom])),
  };
  return rows
    .map((r) => ({
      id: r.id,
      scope: r.scope,
      scope_id: r.scope_id,
      scope_nom: names[r.scope].get(r.scope_id) ?? '',
      source: r.source,
      niveau: r.niveau,
      titre: r.titre,
      message: r.message,
      debut: r.debut,
      fin: r.fin,
      en_cours: r.debut <= nowMs && (r.fin === null || r.fin > nowMs),
    }))
    .sort(
      (a, b) =>
        Number(b.en_cours) - Number(a.en_cours) || b.niveau - a.niveau || b.debut - a.debut || a.id - b.id,
    );
}
