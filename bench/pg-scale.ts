/**
 * `npx tsx bench/pg-scale.ts`: PostgreSQL at the scale of a year of live readings (ADR 122, 157). Not part of
 * `npm run bench` (it needs PostgreSQL and tens of GB of disk): run it by name.
 *
 * Two databases are built with the app's own migrations (its Migrator, `getMigrations('postgres')`), which differ
 * only in migration 016 (the monthly partitions of `observation`):
 * - `<db>` (`flat`): 016 replaced by a no-op, so `observation` stays one table with primary key (capteur_id, ts),
 *   the layout before 016; the migrations after it still run.
 * - `<db>_part` (`part`): the layout the migrations make now, in its steady state. Run on a live database, 016
 *   attaches every existing reading as one partition `observation_avant` ending at the month after its clock; a
 *   year loaded after it at today's clock would all fall in that one partition, which production never has after
 *   a year. So 016 runs here with its clock in the month before the loaded year (`observation_avant` ends where the
 *   year begins and stays empty), then the app's daily upkeep (`upkeepPartitions`) runs once per month of the year,
 *   as the passing months would have run it: one `observation_YYYY_MM` partition per Europe/Paris month of the
 *   year (and two ahead), `observation_defaut`, the BRIN index on `ts`. After the load the bench checks that
 *   `observation_avant` and `observation_defaut` hold no row and prints how many monthly partitions do.
 * Both get the same `--sensors` places with an H sensor (10-min step) and the same `--days` of 10-min readings,
 * generated server-side (`INSERT … SELECT generate_series`, one statement per day for every sensor, in time order
 * as live ingestion writes them: the heap is ordered by time, not by sensor), and `--archive-years` of daily
 * archive before them (what an `obs_elab` backfill gives) with its climatology built by the app's
 * `refreshGrownClimatologies`. Values are a deterministic function of (sensor, instant), so both layouts hold the
 * same rows. Loading resumes where it stopped (a day is one statement; a loaded day is skipped).
 *
 * Measured on each layout, through the app's code: `observationsBetween` (the series read of every chart) over
 * 1, 30 and 366 days ending at the last reading, on `--runs` different sensors each (median, and the EXPLAIN
 * (ANALYZE, BUFFERS) of the same SELECT); `ObservationStore.write` of one 10-min tick for every sensor (new rows)
 * and of a 1-hour window re-sent with one new tick (as Hub'Eau pages overlap); the nightly `rollupCompleteDays`
 * (3 Paris days aggregated into the archive, then every grown climatology refreshed), median of 3 after removing
 * the day it adds. Sizes from `pg_total_relation_size`. The load rate (rows/s) is the mean over the days loaded.
 * The machine's load average (`os.loadavg()`, 1/5/15 min) is printed beside each layout's figures.
 *
 *   npx tsx bench/pg-scale.ts [--pg=postgres://postgres@127.0.0.1:5432] [--db=h_sc_year] [--sensors=3200]
 *     [--days=366] [--archive-years=20] [--layouts=flat,part] [--phase=load|measure|ticks|all] [--runs=7] [--max-days=N]
 *
 * A database built by an earlier version of this bench (its own partitioning, or `migrateToLatest` with 016 at
 * today's clock) is refused: drop it.
 */
import os from 'node:os';
import pg from 'pg';
import { CompiledQuery, Migrator, sql, type Kysely, type Migration } from 'kysely';
import { parisDay, parisDayRange } from '@limni/shared/domain/time';
import { openDb, type Db } from '../apps/api/src/db/client';
import { getMigrations } from '../apps/api/src/db/migrations/index';
import { migration016 } from '../apps/api/src/db/migrations/016_observation_partitions';
import {
  addMonths,
  monthStart,
  PARTITION_AVANT,
  PARTITION_DEFAUT,
  parisMonthOf,
} from '../apps/api/src/db/partitions';
import { isPartitioned, listPartitions } from '../apps/api/src/maintenance/partitions.repo';
import { upkeepPartitions } from '../apps/api/src/maintenance/raw-observations';
import type { Database } from '../apps/api/src/db/schema';
import { observationsBetween } from '../apps/api/src/data/observations.repo';
import { refreshGrownClimatologies } from '../apps/api/src/data/climatologie';
import { rollupCompleteDays } from '../apps/api/src/data/rollup';
import { ObservationStore, type ObservationToStore } from '../apps/api/src/ingest/observation-store';

const arg = (name: string, def: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;

const SERVER = arg('pg', 'postgres://postgres@127.0.0.1:5432');
const DB = arg('db', 'h_sc_year');
const SENSORS = Number(arg('sensors', '3200'));
/** Sensors (the first ones) that get the year of readings; the others only the ticks of the upsert measure. */
const YEAR_SENSORS = Number(arg('year-sensors', String(SENSORS)));
const DAYS = Number(arg('days', '366'));
const MAX_DAYS = Number(arg('max-days', String(DAYS)));
const ARCHIVE_YEARS = Number(arg('archive-years', '20'));
const LAYOUTS = arg('layouts', 'flat,part').split(',') as Layout[];
const PHASE = arg('phase', 'all');
const RUNS = Number(arg('runs', '7'));

type Layout = 'flat' | 'part';
const DAY_MS = 86_400_000;
const STEP_MS = 600_000;
/** The loaded year: [START, END), END = Paris 2026-11-28 00:00 (a Friday 01:00 Paris after the last day). */
const END = parisDayRange('2026-11-28').start;
const START = END - DAYS * DAY_MS;
/** Last Paris day of the archive generated with the readings (the nightly roll-up then adds the next ones). */
const ARCHIVE_LAST = parisDay(END - 3 * DAY_MS);

const dbName = (layout: Layout) => (layout === 'flat' ? DB : `${DB}_part`);
const url = (layout: Layout) => `${SERVER}/${dbName(layout)}`;

async function ensureDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${SERVER}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

/** Clock of migration 016 on `part`: the month before the loaded year's first, so `observation_avant` ends there. */
const MIGRATION_CLOCK = monthStart(addMonths(parisMonthOf(START), -1));

/**
 * The app's migrations, 016 replaced: a no-op on `flat` (one table), run with MIGRATION_CLOCK on `part`. Kysely
 * records it under its own name either way, so a later run does not apply it again.
 */
async function migrate(handle: Db, layout: Layout): Promise<void> {
  const migrations: Record<string, Migration> = {
    ...getMigrations('postgres'),
    '016_observation_partitions':
      layout === 'flat' ? { up: () => Promise.resolve() } : migration016('postgres', () => MIGRATION_CLOCK),
  };
  const migrator = new Migrator({
    db: handle.db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? '?';
    throw new Error(`migration ${failed}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * `part`: the daily upkeep (`upkeepPartitions`: this month's partition and the next two) run once for every month
 * of the loaded year, as the passing months run it in production. Idempotent. Then checks the layout of either
 * database, so that one built by an earlier version of this bench is refused instead of measured.
 */
async function settleLayout(db: Kysely<Database>, layout: Layout): Promise<void> {
  const partitioned = await isPartitioned(db);
  if (layout === 'flat') {
    if (partitioned) throw new Error(`${dbName(layout)}: observation is partitioned; drop this database`);
    return;
  }
  const avant = (await listPartitions(db)).find((p) => p.name === PARTITION_AVANT);
  if (!partitioned || avant?.to == null || avant.to > START) {
    throw new Error(
      `${dbName(layout)}: not the monthly layout of this bench (observation_avant must end before the year); drop this database`,
    );
  }
  const log = { error: (obj: object, msg: string) => console.error(msg, obj) };
  for (let m = parisMonthOf(START); monthStart(m) <= END; m = addMonths(m, 1)) {
    await upkeepPartitions(db, 'postgres', monthStart(m), log);
  }
}

/** `part` after the load: every row in a monthly partition, none in `observation_avant` or `observation_defaut`. */
async function checkPartitions(db: Kysely<Database>): Promise<string> {
  const count = async (table: string) => {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    return rows[0]?.n ?? 0;
  };
  const avant = await count(PARTITION_AVANT);
  const defaut = await count(PARTITION_DEFAUT);
  if (avant + defaut > 0) {
    throw new Error(
      `rows outside the monthly partitions: ${avant} in ${PARTITION_AVANT}, ${defaut} in ${PARTITION_DEFAUT}`,
    );
  }
  const { rows } = await sql<{ total: number; filled: number; rows: number }>`
    select count(*)::int as total, count(*) filter (where c.reltuples > 0)::int as filled,
      coalesce(sum(greatest(c.reltuples, 0)), 0)::bigint as rows
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'observation'::regclass and c.relname ~ '^observation_[0-9]{4}_[0-9]{2}$'`.execute(
    db,
  );
  const r = rows[0];
  return `${r?.filled ?? 0} of ${r?.total ?? 0} monthly partitions hold ${(Number(r?.rows ?? 0) / 1e6).toFixed(1)} M rows; ${PARTITION_AVANT} and ${PARTITION_DEFAUT} 0`;
}

/** The machine's load average over 1, 5 and 15 minutes (2 cores shared with other work). */
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

/** Basin, river, `SENSORS` places with a station code and one H sensor each (10-min step). */
async function seedReferential(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from capteur`.execute(db);
  if ((rows[0]?.n ?? 0) >= SENSORS) return;
  await sql`insert into bassin (slug, nom, territoire, ordre) values ('bench', 'Bench', 'metropole', 0)
    on conflict do nothing`.execute(db);
  await sql`insert into entite (type, nom, slug, bassin_slug) values ('R', 'Rivière bench', 'riviere-bench', 'bench')
    on conflict do nothing`.execute(db);
  await sql`insert into lieu (entite_id, nom, libelle, lat_gps, lon_gps, station_mesure_ok, code_station, source)
    select (select id from entite where slug = 'riviere-bench'), 'S' || i, 'Station ' || i,
      42 + (i % 80) * 0.1, -4 + (i / 80) * 0.2, 1, 'B' || lpad(i::text, 9, '0'), 'bench'
    from generate_series(1, ${SENSORS}) i`.execute(db);
  await sql`insert into capteur (lieu_id, grandeur, unite, libelle, source, code_station, pas_min)
    select id, 'H', 'm', 'Hauteur d''eau', 'hubeau', code_station, 10 from lieu order by id`.execute(db);
}

/** Deterministic value of a sensor at an instant (seasonal curve, daily wave, a hash as noise), in metres. */
const VALUE = (id: string, ts: string) =>
  sql.raw(
    `1.5 + 0.8 * sin(2 * pi() * ${ts} / 31557600000.0 + ${id}) + 0.15 * sin(${ts} / 7200000.0 + ${id} * 0.37)` +
      ` + ((hashint8(${ts} + ${id}) % 1000) / 100000.0)`,
  );

/** Days already loaded (a bench table: the primary key is dropped while loading). */
async function loadedDays(db: Kysely<Database>): Promise<Set<number>> {
  await sql`create table if not exists bench_jour_charge (debut bigint primary key)`.execute(db);
  const { rows } = await sql<{ debut: number }>`select debut from bench_jour_charge`.execute(db);
  return new Set(rows.map((r) => Number(r.debut)));
}

/**
 * The indexes of `observation` are dropped before a bulk load and built after it (a sorted build instead of
 * 460,800 scattered insertions a day: the load runs several times faster; a built index is denser than one grown
 * by live ticks, which the EXPLAIN figures barely feel: a year of one sensor is ~130 leaf pages against ~52,000
 * heap pages).
 */
async function dropIndexes(db: Kysely<Database>): Promise<void> {
  await sql`alter table observation drop constraint if exists observation_pk`.execute(db);
  await sql`drop index if exists observation_ts_brin`.execute(db);
}

async function hasPrimaryKey(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql`select 1 from pg_constraint where conname = 'observation_pk'`.execute(db);
  return rows.length > 0;
}

async function buildIndexes(db: Kysely<Database>, layout: Layout): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
    await sql`alter table observation add constraint observation_pk primary key (capteur_id, ts)`.execute(
      trx,
    );
    if (layout === 'part') {
      await sql`create index observation_ts_brin on observation using brin (ts)`.execute(trx);
    }
  });
}

/** One day of 10-min readings of the year's sensors (in a transaction that skips the foreign key check), in time order (tick after tick), in one statement. */
async function loadDay(db: Kysely<Database>, dayStart: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The foreign key to capteur is checked by a trigger per row (two thirds of the load time): the generated
    // sensors exist, so the bulk load skips it (superuser setting, this transaction only).
    await sql`set local session_replication_role = replica`.execute(trx);
    return insertDay(trx, dayStart);
  });
}

async function insertDay(db: Kysely<Database>, dayStart: number): Promise<number> {
  const res = await sql`insert into observation (capteur_id, ts, valeur, statut, qualification)
    select c.id, t.ts, ${VALUE('c.id', 't.ts')}, 4, 16
    from generate_series(${dayStart}::bigint, ${dayStart + DAY_MS - STEP_MS}::bigint, ${STEP_MS}::bigint) as t(ts)
    cross join (select id from capteur where id <= ${YEAR_SENSORS} order by id) c
    order by t.ts, c.id`.execute(db);
  await sql`insert into bench_jour_charge (debut) values (${dayStart})`.execute(db);
  return Number(res.numAffectedRows ?? 0);
}

/** `ARCHIVE_YEARS` of daily archive ending at ARCHIVE_LAST for every sensor (source `hubeau-elab`). */
async function seedArchive(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from archive_jour where capteur_id = 1`.execute(db);
  if ((rows[0]?.n ?? 0) > 0 || ARCHIVE_YEARS === 0) return;
  const first = `${Number(ARCHIVE_LAST.slice(0, 4)) - ARCHIVE_YEARS}${ARCHIVE_LAST.slice(4)}`;
  await sql`insert into archive_jour (capteur_id, jour, moyenne, min, max, source, n)
    select c.id, to_char(d, 'YYYY-MM-DD'), v, v - 0.1, v + 0.1, 'hubeau-elab', null
    from generate_series(${first}::date + 1, ${ARCHIVE_LAST}::date, interval '1 day') as d
    cross join capteur c
    cross join lateral (select ${VALUE('c.id', '(extract(epoch from d) * 1000)::bigint')} as v) x
    order by c.id, d`.execute(db);
}

async function open(layout: Layout): Promise<Db> {
  await ensureDatabase(dbName(layout));
  const handle = openDb({ databaseUrl: url(layout), dataDir: '.', poolMax: 4, applicationName: 'pg-scale' });
  await migrate(handle, layout);
  await settleLayout(handle.db, layout);
  await seedReferential(handle.db);
  return handle;
}

async function load(handles: Map<Layout, Db>): Promise<Map<Layout, { rows: number; ms: number }>> {
  const rates = new Map<Layout, { rows: number; ms: number }>();
  for (const layout of handles.keys()) rates.set(layout, { rows: 0, ms: 0 });
  const done = new Map<Layout, Set<number>>();
  for (const [layout, h] of handles) done.set(layout, await loadedDays(h.db));
  const building: Layout[] = [];
  for (const [layout, h] of handles) {
    const missing = (done.get(layout)?.size ?? 0) < Math.min(DAYS, MAX_DAYS);
    if (missing) await dropIndexes(h.db);
    if (missing || !(await hasPrimaryKey(h.db))) building.push(layout);
  }
  let loaded = 0;
  // Latest day first: a load stopped early (--max-days) still holds the most recent days.
  for (let d = DAYS - 1; d >= 0 && loaded < MAX_DAYS; d--) {
    const dayStart = START + d * DAY_MS;
    let fresh = false;
    for (const [layout, h] of handles) {
      if (done.get(layout)?.has(dayStart)) continue;
      const t0 = performance.now();
      const n = await loadDay(h.db, dayStart);
      const ms = performance.now() - t0;
      const r = rates.get(layout) as { rows: number; ms: number };
      r.rows += n;
      r.ms += ms;
      fresh = true;
      console.log(
        `${layout} ${parisDay(dayStart)} ${n} rows ${(ms / 1000).toFixed(1)} s ` +
          `(${Math.round(n / (ms / 1000))} rows/s)`,
      );
    }
    if (fresh) loaded++;
  }
  for (const layout of building) {
    const t0 = performance.now();
    await buildIndexes((handles.get(layout) as Db).db, layout);
    console.log(`${layout} indexes built ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  for (const [layout, h] of handles) {
    const t0 = performance.now();
    await seedArchive(h.db);
    console.log(`${layout} archive ${ARCHIVE_YEARS} years ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await sql`vacuum (analyze) observation`.execute(h.db);
    await sql`vacuum (analyze) archive_jour`.execute(h.db);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from climatologie_capteur`.execute(
      h.db,
    );
    if ((rows[0]?.n ?? 0) === 0) {
      const t1 = performance.now();
      const res = await refreshGrownClimatologies(h.db, END);
      console.log(
        `${layout} climatology build ${res.refreshed} sensors ${((performance.now() - t1) / 1000).toFixed(1)} s`,
      );
    }
  }
  return rates;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await f();
  return { ms: performance.now() - t0, value };
}

interface Explained {
  node: string;
  ms: number;
  hit: number;
  read: number;
  partitions: number;
}

interface PlanNode {
  'Node Type': string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function relationsOf(p: PlanNode, into: Set<string>): Set<string> {
  if (p['Relation Name']) into.add(p['Relation Name']);
  for (const c of p.Plans ?? []) relationsOf(c, into);
  return into;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a compiled query: top node, time, shared blocks hit and read, tables touched. */
async function explain(db: Kysely<Database>, q: CompiledQuery): Promise<Explained> {
  const res = await db.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Execution Time': number }> }>(
    CompiledQuery.raw(`explain (analyze, buffers, format json) ${q.sql}`, [...q.parameters]),
  );
  const top = res.rows[0]?.['QUERY PLAN'][0];
  if (!top) throw new Error('EXPLAIN vide');
  return {
    node: top.Plan['Node Type'],
    ms: top['Execution Time'],
    hit: top.Plan['Shared Hit Blocks'] ?? 0,
    read: top.Plan['Shared Read Blocks'] ?? 0,
    partitions: relationsOf(top.Plan, new Set()).size,
  };
}

/** The SELECT of `observationsBetween` (data/observations.repo.ts), compiled for EXPLAIN. */
const seriesQuery = (db: Kysely<Database>, id: number, start: number, end: number) =>
  db
    .selectFrom('observation')
    .select(['ts', 'valeur', 'statut'])
    .where('capteur_id', '=', id)
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .orderBy('ts')
    .compile();

/** The aggregate of `rollupObservations` (data/archive.repo.ts) for one day, compiled for EXPLAIN. */
const rollupQuery = (db: Kysely<Database>, start: number, end: number) =>
  db
    .selectFrom('observation')
    .select((eb) => [
      'capteur_id',
      eb.fn.avg<number>('valeur').as('moyenne'),
      eb.fn.min('valeur').as('min'),
      eb.fn.max('valeur').as('max'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .groupBy('capteur_id')
    .compile();

interface SeriesFigure {
  days: number;
  ms: number;
  rows: number;
  plan: Explained;
}

async function measureSeries(db: Kysely<Database>): Promise<SeriesFigure[]> {
  const out: SeriesFigure[] = [];
  for (const days of [1, 30, 366]) {
    const start = END - days * DAY_MS;
    const times: number[] = [];
    let rows = 0;
    // A different sensor each run: none was read before in this run.
    for (let i = 0; i < RUNS; i++) {
      const id = 1 + ((i * 7919 + days * 131) % YEAR_SENSORS);
      const r = await timed(() => observationsBetween(db, id, start, END));
      times.push(r.ms);
      rows = r.value.length;
    }
    const plan = await explain(
      db,
      seriesQuery(db, 1 + ((RUNS * 7919 + days * 131) % YEAR_SENSORS), start, END),
    );
    out.push({ days, ms: median(times), rows, plan });
  }
  return out;
}

const code = (id: number) => `B${String(id).padStart(9, '0')}`;

function tick(ts: number): ObservationToStore[] {
  return Array.from({ length: SENSORS }, (_, i) => ({
    codeStation: code(i + 1),
    grandeur: 'H' as const,
    ts,
    valeur: 1.5 + Math.sin(ts / 7_200_000 + i),
    statut: 4,
    qualification: 16,
  }));
}

interface TickFigures {
  newTick: number;
  window: number;
  windowRows: number;
}

/**
 * `ObservationStore.write` (the live jobs' path) of one 10-min tick of every sensor after the latest stored one,
 * median of RUNS; then the last hour re-sent with one new tick (Hub'Eau pages overlap), median of RUNS.
 */
async function measureTicks(db: Kysely<Database>): Promise<TickFigures> {
  const store = new ObservationStore(db, 'hubeau');
  const { rows } = await sql<{
    ts: number | null;
  }>`select max(ts) as ts from observation where capteur_id = 1`.execute(db);
  let next = Math.max(Number(rows[0]?.ts ?? 0), END - STEP_MS) + STEP_MS;
  await store.write(tick(next)); // loads the places and sensors once, as a live job does
  next += STEP_MS;
  const news: number[] = [];
  for (let i = 0; i < RUNS; i++, next += STEP_MS) {
    const batch = tick(next);
    const r = await timed(() => store.write(batch));
    if (r.value.nouvelles !== SENSORS) throw new Error(`tick : ${r.value.nouvelles} nouvelles`);
    news.push(r.ms);
  }
  const windows: number[] = [];
  let windowRows = 0;
  for (let i = 0; i < RUNS; i++, next += STEP_MS) {
    const batch: ObservationToStore[] = [];
    for (let k = 6; k >= 0; k--) batch.push(...tick(next - k * STEP_MS));
    batch.sort((a, b) => a.codeStation.localeCompare(b.codeStation) || a.ts - b.ts);
    windowRows = batch.length;
    const r = await timed(() => store.write(batch));
    if (r.value.nouvelles !== SENSORS) throw new Error(`fenêtre : ${r.value.nouvelles} nouvelles`);
    windows.push(r.ms);
  }
  return { newTick: median(news), window: median(windows), windowRows };
}

interface NightlyFigures {
  ms: number;
  written: number;
  refreshed: number;
  dayPlan: Explained;
}

/** `rollupCompleteDays` at END (3 Paris days, then the grown climatologies), median of 3; its day aggregate explained. */
async function measureNightly(db: Kysely<Database>): Promise<NightlyFigures> {
  const times: number[] = [];
  let written = 0;
  let refreshed = 0;
  for (let i = 0; i < 3; i++) {
    // Back to the state of the night before: the days of the roll-up removed, the climatologies counting the rest.
    await sql`delete from archive_jour where source = 'rollup'`.execute(db);
    await sql`update climatologie_capteur cc
      set nb_jours = (select count(*) from archive_jour a where a.capteur_id = cc.capteur_id)`.execute(db);
    const r = await timed(() => rollupCompleteDays(db, END));
    times.push(r.ms);
    written = r.value.jours;
    refreshed = r.value.climatologies;
  }
  const last = parisDayRange(parisDay(END - DAY_MS));
  return {
    ms: median(times),
    written,
    refreshed,
    dayPlan: await explain(db, rollupQuery(db, last.start, last.end)),
  };
}

async function sizes(db: Kysely<Database>): Promise<{ rows: number; table: number; indexes: number }> {
  const { rows } = await sql<{ rows: number; total: number; idx: number }>`
    select sum(case when c.relkind = 'p' then 0 else greatest(c.reltuples, 0) end)::bigint as rows, sum(pg_total_relation_size(t.relid))::bigint as total,
      sum(pg_indexes_size(t.relid))::bigint as idx
    from (select relid from pg_partition_tree('observation') union select 'observation'::regclass) t
    join pg_class c on c.oid = t.relid`.execute(db);
  const r = rows[0];
  return { rows: Number(r?.rows ?? 0), table: Number(r?.total ?? 0), indexes: Number(r?.idx ?? 0) };
}

const GB = 1024 ** 3;
const f1 = (x: number) => x.toFixed(1);

async function measureAll(handles: Map<Layout, Db>): Promise<void> {
  for (const [layout, h] of handles) {
    const size = await sizes(h.db);
    console.log(
      `\n## ${layout} (${dbName(layout)}): ${(size.rows / 1e6).toFixed(1)} M rows, ${f1(size.table / GB)} GB ` +
        `(indexes ${f1(size.indexes / GB)} GB); load average ${loadavg()}`,
    );
    if (layout === 'part') console.log(await checkPartitions(h.db));
    if (PHASE === 'ticks') {
      const t = await measureTicks(h.db);
      console.log(
        `upsert: tick ${f1(t.newTick)} ms; 1-hour window ${f1(t.window)} ms; load average ${loadavg()}`,
      );
      continue;
    }
    for (const s of await measureSeries(h.db)) {
      const p = s.plan;
      console.log(
        `series ${s.days} d: median ${f1(s.ms)} ms (${s.rows} rows, ${RUNS} sensors); EXPLAIN ${p.node} ` +
          `${f1(p.ms)} ms, buffers hit ${p.hit} read ${p.read}, ${p.partitions} table(s)`,
      );
    }
    const t = await measureTicks(h.db);
    console.log(
      `upsert: tick of ${SENSORS} new readings ${f1(t.newTick)} ms (${Math.round(SENSORS / (t.newTick / 1000))} rows/s); ` +
        `1-hour window re-sent (${t.windowRows} readings, ${SENSORS} new) ${f1(t.window)} ms`,
    );
    const n = await measureNightly(h.db);
    const p = n.dayPlan;
    console.log(
      `nightly rollupCompleteDays: median ${f1(n.ms / 1000)} s (${n.written} archive rows, ${n.refreshed} climatologies); ` +
        `one day's aggregate: ${p.node} ${f1(p.ms / 1000)} s, buffers hit ${p.hit} read ${p.read}, ${p.partitions} table(s)`,
    );
    console.log(`load average after ${layout}: ${loadavg()}`);
  }
}

async function main(): Promise<void> {
  console.log(`load average at start: ${loadavg()} (${os.cpus().length} cores)`);
  const handles = new Map<Layout, Db>();
  for (const layout of LAYOUTS) handles.set(layout, await open(layout));
  try {
    if (PHASE === 'load' || PHASE === 'all') {
      const rates = await load(handles);
      for (const [layout, r] of rates) {
        if (r.rows > 0) {
          console.log(
            `LOAD ${layout}: ${r.rows} rows in ${(r.ms / 1000).toFixed(0)} s = ${Math.round(r.rows / (r.ms / 1000))} rows/s; ` +
              `load average ${loadavg()}`,
          );
        }
      }
    }
    if (PHASE === 'measure' || PHASE === 'ticks' || PHASE === 'all') await measureAll(handles);
  } finally {
    for (const h of handles.values()) await h.close();
  }
}

await main();
