/** Database queries of the activities API (portable Kysely: same SQL on SQLite and PostgreSQL). */
import type { Kysely } from 'kysely';
import type { Activite, ActiviteResume } from '@limni/shared/contracts/activites';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function listActivites(db: Db): Promise<ActiviteResume[]> {
  const [activites, counts] = await Promise.all([
    db.selectFrom('activite').select(['id', 'slug', 'nom', 'icone', 'description']).orderBy('id').execute(),
    db
      .selectFrom('activite_lieu')
      .innerJoin('lieu', 'lieu.id', 'activite_lieu.lieu_id')
      .select((eb) => [
        'activite_lieu.activite_id',
        eb.fn.count<number>('activite_lieu.lieu_id').distinct().as('nb_lieux'),
        eb.fn.count<number>('lieu.entite_id').distinct().as('nb_entites'),
      ])
      .groupBy('activite_lieu.activite_id')
      .execute(),
  ]);
  const by = new Map(counts.map((c) => [c.activite_id, c]));
  return activites.map((a) => ({
    ...a,
    nb_lieux: Number(by.get(a.id)?.nb_lieux ?? 0),
    nb_entites: Number(by.get(a.id)?.nb_entites ?? 0),
  }));
}

export async function getActivite(db: Db, id: number): Promise<Activite | undefined> {
  return db
    .selectFrom('activite')
    .select(['id', 'slug', 'nom', 'icone', 'description'])
    .where('id', '=', id)
    .executeTakeFirst();
}

const LIEU_COLUMNS = [
  'lieu.id',
  'lieu.nom',
  'lieu.libelle',
  'lieu.entite_id',
  'lieu.troncon_id',
  'lieu.station_mesure_ok',
  'lieu.ordre',
  'lieu.lat_gps',
  'lieu.lon_gps',
] as const;

export interface LieuRow {
  id: number;
  nom: string;
  libelle: string;
  entite_id: number;
  troncon_id: number | null;
  station_mesure_ok: boolean;
  ordre: number | null;
  lat_gps: number;
  lon_gps: number;
}

const toLieu = (r: Omit<LieuRow, 'station_mesure_ok'> & { station_mesure_ok: number }): LieuRow => ({
  ...r,
  station_mesure_ok: r.station_mesure_ok === 1,
});

/** Upstream → downstream when known, then by name (as `hydro/entite/{id}`). */
export const byOrdreThenNom = (a: LieuRow, b: LieuRow) =>
  (a.ordre ?? Infinity) - (b.ordre ?? Infinity) || a.nom.localeCompare(b.nom, 'fr');

export async function getLieu(db: Db, id: number): Promise<LieuRow | undefined> {
  const r = await db.selectFrom('lieu').select(LIEU_COLUMNS).where('lieu.id', '=', id).executeTakeFirst();
  return r && toLieu(r);
}

export async function getEntite(
  db: Db,
  id: number,
): Promise<{ id: number; nom: string; type: 'R' | 'L' } | undefined> {
  return db.selectFrom('entite').select(['id', 'nom', 'type']).where('id', '=', id).executeTakeFirst();
}

export async function lieuxOfEntite(db: Db, entiteId: number): Promise<LieuRow[]> {
  const rows = await db
    .selectFrom('lieu')
    .select(LIEU_COLUMNS)
    .where('lieu.entite_id', '=', entiteId)
    .execute();
  return rows.map(toLieu).sort(byOrdreThenNom);
}

/** Places that have thresholds for the activity. */
export async function lieuxOfActivite(db: Db, activiteId: number): Promise<LieuRow[]> {
  const rows = await db
    .selectFrom('lieu')
    .select(LIEU_COLUMNS)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('activite_lieu')
          .select('activite_lieu.lieu_id')
          .whereRef('activite_lieu.lieu_id', '=', 'lieu.id')
          .where('activite_lieu.activite_id', '=', activiteId),
      ),
    )
    .execute();
  return rows.map(toLieu);
}

export async function entitesOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('entite')
    .select(['id', 'nom', 'type', 'bassin_slug'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('nom')
    .execute();
}

export async function tronconsOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('troncon')
    .select(['id', 'code', 'nom', 'entite_id', 'niveau', 'niveau_ts'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('code')
    .execute();
}
