/**
 * The statements of the demo seed (seed.ts and steps/*): bulk inserts of built rows, the few updates that follow
 * them, the emptying of every table for `--reset`, and the reads the steps need (series of levels, page versions).
 */
import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { resetIdSequences, type DialectName } from '../db/dialect';
import type { Database } from '../db/schema';

/** Runs the whole seed in one transaction (all or nothing). */
export function inSeedTransaction(
  db: Kysely<Database>,
  fn: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  return db.transaction().execute(fn);
}

/** Advisory lock key of the demo loading ("LIMS"): instances started together load it once (ADR 137). */
export const SEED_LOCK_KEY = 0x4c494d53;

/**
 * Serialises the demo loading of instances started together on one database, for the rest of the transaction:
 * PostgreSQL waits on a transaction-level advisory lock; SQLite takes the file's write lock at once (a write).
 */
export async function lockSeed(trx: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`.execute(trx);
  } else {
    await sql`insert into meta (key, value) values ('seed_lock', '1') on conflict (key) do nothing`.execute(
      trx,
    );
  }
}

/** True when an SQLite write waited past its busy timeout (another process holds the write lock). */
export function isSqliteBusy(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
}

/** True once the referential is loaded (the seed never runs twice on the same database). */
export async function isSeeded(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('entite')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}

/** Tables in the order they can be emptied (children first). */
const TABLES_CHILD_FIRST = [
  'photo',
  'publication',
  'push_registration',
  'user_autorisation',
  'user_liste_sib',
  'abonnement',
  'password_reset',
  'email_verification',
  'session',
  'profile',
  'user',
  'autorisation',
  'contact_message',
  'liste_sib',
  'page',
  'webcam',
  'lieu_secheresse',
  'secheresse_zone',
  'alerte',
  'activite_lieu',
  'activite',
  'prevision',
  'climatologie',
  'climatologie_capteur',
  'archive_jour',
  'observation',
  'capteur',
  'lieu',
  'episode',
  'troncon',
  'entite_departement',
  'entite',
  'departement',
  'bassin',
  'meta',
] as const;

/** Empties every table the seed fills, accounts included (`npm run seed -- --reset`). */
export async function emptySeededTables(db: Kysely<Database>): Promise<void> {
  for (const t of TABLES_CHILD_FIRST) await db.deleteFrom(t).execute();
}

/** Inserts rows built to the table's shape, `chunk` rows per statement. */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
  chunk = 1000,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) {
    // Kysely's insert typing cannot follow a generic table name; the rows were checked against it above.
    await db
      .insertInto(table)
      .values(rows.slice(i, i + chunk) as never)
      .execute();
  }
}

/** Sets the parent of entities (a self-reference: written once every entity exists). */
export async function setEntiteParents(
  db: Kysely<Database>,
  parents: ReadonlyArray<{ id: number; parent_id: number }>,
): Promise<void> {
  for (const e of parents) {
    await db.updateTable('entite').set({ parent_id: e.parent_id }).where('id', '=', e.id).execute();
  }
}

/** The cached state of a sensor after its series was loaded; the native step only when none was set. */
export async function setCapteurSeriesState(
  db: Kysely<Database>,
  capteurId: number,
  s: { premier_ts: number; dernier_ts: number; derniere_valeur: number; pasMin: number | null },
): Promise<void> {
  await db
    .updateTable('capteur')
    .set({
      premier_ts: s.premier_ts,
      dernier_ts: s.dernier_ts,
      derniere_valeur: s.derniere_valeur,
      pas_min: sql<number>`coalesce(pas_min, ${s.pasMin})`,
    })
    .where('id', '=', capteurId)
    .execute();
}

/** Tables whose ids the seed chose: PostgreSQL's identity sequences are moved past them. */
const TABLES_WITH_SEEDED_IDS = [
  'entite',
  'troncon',
  'lieu',
  'capteur',
  'alerte',
  'activite',
  'liste_sib',
  'webcam',
];

export async function moveIdSequencesPastSeededIds(
  db: Kysely<Database>,
  dialect: DialectName,
): Promise<void> {
  await resetIdSequences(db as unknown as Kysely<unknown>, dialect, TABLES_WITH_SEEDED_IDS);
}

/** Row counts of the main tables, for the seed's last log line. */
export async function countRows(
  db: Kysely<Database>,
  tables: ReadonlyArray<keyof Database & string>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const r = await db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    counts[t] = Number(r?.n ?? 0);
  }
  return counts;
}

/* ---- steps ---- */

/** True while no sensor has an archived day (the archive step then loads the demo archive). */
export async function archiveIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('archive_jour').select('capteur_id').limit(1).executeTakeFirst();
  return row === undefined;
}

export async function maxCapteurId(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('capteur')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

/** The place of each station code, with its flow (Q) sensor when it has one. */
export async function flowCapteursOfLieux(
  db: Kysely<Database>,
  codes: readonly string[],
): Promise<Map<string, { lieuId: number; capteurId: number | null }>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .selectFrom('lieu')
    .leftJoin('capteur', (j) => j.onRef('capteur.lieu_id', '=', 'lieu.id').on('capteur.grandeur', '=', 'Q'))
    .select(['lieu.id as lieu_id', 'lieu.code_station', 'capteur.id as capteur_id'])
    .where('lieu.code_station', 'in', [...codes])
    .orderBy('lieu.id')
    .execute();
  const out = new Map<string, { lieuId: number; capteurId: number | null }>();
  for (const r of rows) {
    if (r.code_station && !out.has(r.code_station)) {
      out.set(r.code_station, { lieuId: r.lieu_id, capteurId: r.capteur_id });
    }
  }
  return out;
}

/** The water-level (H) sensors that have a recorded series, with their place's kind and catchment area. */
export function levelCapteursWithSeries(db: Kysely<Database>) {
  return db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .innerJoin('entite', 'entite.id', 'lieu.entite_id')
    .select([
      'capteur.id',
      'capteur.lieu_id',
      'capteur.premier_ts',
      'capteur.dernier_ts',
      'entite.type',
      'lieu.surface_bv_km2',
    ])
    .where('capteur.grandeur', '=', 'H')
    .where('capteur.dernier_ts', 'is not', null)
    .orderBy('capteur.lieu_id')
    .execute();
}

/** Every stored value of a sensor (any order). */
export async function capteurValues(db: Kysely<Database>, capteurId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('observation')
    .select('valeur')
    .where('capteur_id', '=', capteurId)
    .execute();
  return rows.map((r) => r.valeur);
}

/** Version (`updated_at`) of each stored content page. */
export async function pageVersions(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('page').select(['slug', 'updated_at']).execute();
  return new Map(rows.map((r) => [r.slug, r.updated_at]));
}

/** Writes a content page: inserted when `exists` is false, replaced otherwise. */
export async function writePage(
  db: Kysely<Database>,
  page: Insertable<Database['page']>,
  exists: boolean,
): Promise<void> {
  if (exists) await db.updateTable('page').set(page).where('slug', '=', page.slug).execute();
  else await db.insertInto('page').values(page).execute();
}

/** Sensors whose climatology has a reference period (≥ 5 complete years of archive). */
export async function capteursWithReferencePeriod(db: Kysely<Database>): Promise<number[]> {
  const rows = await db
    .selectFrom('climatologie_capteur')
    .select('capteur_id')
    .where('annee_debut', 'is not', null)
    .orderBy('capteur_id')
    .execute();
  return rows.map((r) => r.capteur_id);
}

/** Whether a recorded episode (docs/decisions/088) is already loaded. */
export async function episodeExists(db: Kysely<Database>, code: string): Promise<boolean> {
  const row = await db.selectFrom('episode').select('code').where('code', '=', code).executeTakeFirst();
  return row !== undefined;
}

/** The place of a hydrometric site (first by id), with its sensors; null when the referential has none. */
export async function lieuOfSite(
  db: Kysely<Database>,
  codeSite: string,
): Promise<{ id: number; capteurs: Array<{ id: number; grandeur: 'H' | 'Q' | 'T' }> } | null> {
  const lieu = await db
    .selectFrom('lieu')
    .select('id')
    .where('code_site', '=', codeSite)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!lieu) return null;
  const capteurs = await db
    .selectFrom('capteur')
    .select(['id', 'grandeur'])
    .where('lieu_id', '=', lieu.id)
    .orderBy('id')
    .execute();
  return { id: lieu.id, capteurs };
}

/** Puts places in a recorded episode (their data clock becomes the episode's). */
export async function setLieuxEpisode(
  db: Kysely<Database>,
  lieuIds: readonly number[],
  code: string,
): Promise<void> {
  if (lieuIds.length === 0) return;
  await db
    .updateTable('lieu')
    .set({ episode: code })
    .where('id', 'in', [...lieuIds])
    .execute();
}

/** Fixes a recorded episode's period (migration 013). */
export async function setEpisodePeriod(
  db: Kysely<Database>,
  code: string,
  debut: number,
  fin: number,
): Promise<void> {
  await db.updateTable('episode').set({ debut, fin }).where('code', '=', code).execute();
}

/**
 * The level (H) sensor of the place of a station code, with its daily statistic and whether its archive has a day;
 * undefined when there is none.
 */
export function levelCapteurOfStation(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select((eb) => [
      'capteur.id',
      'capteur.statistique_jour',
      eb
        .exists(
          eb.selectFrom('archive_jour').select('jour').whereRef('archive_jour.capteur_id', '=', 'capteur.id'),
        )
        .as('archive'),
    ])
    .where('lieu.code_station', '=', code)
    .where('capteur.grandeur', '=', 'H')
    .orderBy('capteur.id')
    .executeTakeFirst();
}

/**
 * Makes a sensor's archive one of daily maxima (docs/decisions/140): days it already holds take their maximum as
 * their value (a day without one is dropped), then `days` are added where the archive has no such day.
 */
export async function writeDailyMaxima(
  db: Kysely<Database>,
  capteurId: number,
  days: ReadonlyArray<{ jour: string; max: number }>,
): Promise<void> {
  await db.updateTable('capteur').set({ statistique_jour: 'max' }).where('id', '=', capteurId).execute();
  await db.deleteFrom('archive_jour').where('capteur_id', '=', capteurId).where('max', 'is', null).execute();
  await db
    .updateTable('archive_jour')
    .set((eb) => ({ moyenne: eb.fn.coalesce('max', 'moyenne') }))
    .where('capteur_id', '=', capteurId)
    .execute();
  for (let i = 0; i < days.length; i += 2000) {
    await db
      .insertInto('archive_jour')
      .values(
        days.slice(i, i + 2000).map((d) => ({
          capteur_id: capteurId,
          jour: d.jour,
          moyenne: d.max,
          min: null,
          max: d.max,
          source: 'demo' as const,
          n: null,
        })),
      )
      .onConflict((oc) => oc.columns(['capteur_id', 'jour']).doNothing())
      .execute();
  }
}
