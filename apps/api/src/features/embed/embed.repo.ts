/** Database reads of the embeddable widget (docs/decisions/123): a place or a river and its places (portable Kysely). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface EmbedLieuRow {
  id: number;
  nom: string;
  libelle: string;
  troncon_id: number | null;
  entite_id: number;
  entite_nom: string;
  entite_type: 'R' | 'L';
  episode: string | null;
}

/** A place with its river or lake; undefined when it does not exist. */
export async function embedLieu(db: Db, id: number): Promise<EmbedLieuRow | undefined> {
  return db
    .selectFrom('lieu')
    .innerJoin('entite', 'entite.id', 'lieu.entite_id')
    .select([
      'lieu.id',
      'lieu.nom',
      'lieu.libelle',
      'lieu.troncon_id',
      'entite.id as entite_id',
      'entite.nom as entite_nom',
      'entite.type as entite_type',
      'lieu.episode',
    ])
    .where('lieu.id', '=', id)
    .executeTakeFirst();
}

/** A river or lake; undefined when it does not exist. */
export async function embedEntite(
  db: Db,
  id: number,
): Promise<{ id: number; nom: string; type: 'R' | 'L' } | undefined> {
  return db.selectFrom('entite').select(['id', 'nom', 'type']).where('id', '=', id).executeTakeFirst();
}

/** The places of a river or lake, upstream → downstream when known, then by name (as `hydro/entite/{id}`). */
export async function embedLieuxOfEntite(
  db: Db,
  entiteId: number,
): Promise<
  Array<{ id: number; nom: string; libelle: string; ordre: number | null; episode: string | null }>
> {
  const rows = await db
    .selectFrom('lieu')
    .select(['id', 'nom', 'libelle', 'ordre', 'episode'])
    .where('entite_id', '=', entiteId)
    .execute();
  return rows.sort(
    (a, b) => (a.ordre ?? Infinity) - (b.ordre ?? Infinity) || a.nom.localeCompare(b.nom, 'fr'),
  );
}

/** The source code of each sensor of the given places. */
export async function capteurSources(db: Db, lieuIds: readonly number[]): Promise<Map<number, string>> {
  if (lieuIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('capteur')
    .select(['id', 'source'])
    .where('lieu_id', 'in', [...lieuIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.source]));
}
