/**
 * `npx tsx bench/write-path.ts [--pg=postgres://postgres@127.0.0.1:5432/postgres] [--sensors=3200] [--per-sensor=144]
 * [--runs=5]`: the ingestion write path on PostgreSQL against the engine's own bulk load (docs/decisions/157).
 *
 * A scratch database is built with the app's migrations (monthly partitions, BRIN on `ts`) and `--sensors` places
 * with a 10-min H sensor. The same rows (`--per-sensor` 10-min readings of every sensor, 144 = a day, in next month's partition, as
 * Hub'Eau pages of 20,000 rows sorted by station; `--per-sensor=1` is one live tick) are written, in alternated rounds on an emptied table:
 * - **app**: `ObservationStore.write` of a live store, page after page (what a catch-up does: plausibility, what is
 *   stored in the ranges, the upsert, every sensor's state, the series-cache marks, one transaction per page);
 * - **COPY**: `psql -c "copy observation … from stdin (format csv)"` of the same rows, in its own process: the
 *   irreducible work of loading them into the same partitioned table with its indexes.
 * Prints the medians and the ratio COPY time / app time (target ≥ 0.5), with the machine's load.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { migrateToLatest, openDb, type Db } from '../apps/api/src/db/client';
import { ObservationStore, type ObservationToStore } from '../apps/api/src/ingest/observation-store';
import { addMonths, monthStart, parisMonthOf } from '../apps/api/src/db/partitions';

const arg = (name: string, def: string): string =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const ADMIN = arg('pg', 'postgres://postgres@127.0.0.1:5432/postgres');
const SENSORS = Number(arg('sensors', '3200'));
const PER_SENSOR = Number(arg('per-sensor', '144'));
const RUNS = Number(arg('runs', '5'));
const PAGE = 20_000;
const STEP_MS = 600_000;
const NAME = `limni_write_path_${process.pid}`;

const code = (i: number) => `W${String(i).padStart(9, '0')}`;
/** A plausible level: a slow wave per sensor, in metres (millimetre precision, as Hub'Eau sends). */
const valueAt = (i: number, ts: number) =>
  Math.round((1.2 + 0.3 * Math.sin(ts / 36e6 + i) + (i % 13) * 0.05) * 1000) / 1000;

function urlOf(db: string): string {
  const u = new URL(ADMIN);
  u.pathname = `/${db}`;
  return u.toString();
}

async function prepare(db: Db): Promise<void> {
  await migrateToLatest(db);
  await sql`insert into bassin (slug, nom, territoire, ordre) values ('banc', 'Banc', 'metropole', 0)`.execute(
    db.db,
  );
  await sql`insert into entite (type, nom, slug, bassin_slug) values ('R', 'Rivière du banc', 'riviere-banc', 'banc')`.execute(
    db.db,
  );
  await sql`insert into lieu (entite_id, nom, libelle, lat_gps, lon_gps, station_mesure_ok, code_station, source)
    select (select id from entite where slug = 'riviere-banc'), 'S' || i, 'Station ' || i, 45, 3, 1,
      'W' || lpad(i::text, 9, '0'), 'banc'
    from generate_series(1, ${SENSORS}) i`.execute(db.db);
  await sql`insert into capteur (lieu_id, grandeur, unite, libelle, source, code_station, pas_min)
    select id, 'H', 'm', 'Hauteur d''eau', 'hubeau', code_station, 10 from lieu order by id`.execute(db.db);
}

/** Every row, sorted by station then instant (as Hub'Eau pages come), with the sensor id of each station. */
function rows(ids: Map<string, number>, start: number): { pages: ObservationToStore[][]; csv: string } {
  const all: ObservationToStore[] = [];
  const lines: string[] = [];
  const n = PER_SENSOR;
  for (let i = 1; i <= SENSORS; i++) {
    const id = ids.get(code(i)) as number;
    for (let k = 0; k < n; k++) {
      const ts = start + k * STEP_MS;
      const valeur = valueAt(i, ts);
      all.push({ codeStation: code(i), grandeur: 'H', ts, valeur, statut: 4, qualification: 16 });
      lines.push(`${id},${ts},${valeur},4,16`);
    }
  }
  const pages: ObservationToStore[][] = [];
  for (let i = 0; i < all.length; i += PAGE) pages.push(all.slice(i, i + PAGE));
  return { pages, csv: `${lines.join('\n')}\n` };
}

async function reset(db: Db): Promise<void> {
  await sql`truncate observation`.execute(db.db);
  await sql`update capteur set premier_ts = null, dernier_ts = null, derniere_valeur = null`.execute(db.db);
  await sql`vacuum analyze capteur`.execute(db.db);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
  const db = openDb({ databaseUrl: urlOf(NAME), dataDir: os.tmpdir(), poolMax: 2 });
  const csvFile = path.join(os.tmpdir(), `${NAME}.csv`);
  try {
    await prepare(db);
    const ids = new Map(
      (await db.db.selectFrom('capteur').select(['id', 'code_station']).execute()).map((r) => [
        r.code_station as string,
        r.id,
      ]),
    );
    // Next month: a monthly partition, as live readings land in once the month has begun.
    const start = monthStart(addMonths(parisMonthOf(Date.now()), 1));
    const { pages, csv } = rows(ids, start);
    fs.writeFileSync(csvFile, csv);
    const total = pages.reduce((s, p) => s + p.length, 0);
    console.log(
      `${SENSORS} capteurs × ${PER_SENSOR} relevés = ${total.toLocaleString('fr-FR')} relevés, ${pages.length} pages ; charge ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    const app: number[] = [];
    const copy: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      await reset(db);
      let t = performance.now();
      const store = new ObservationStore(db.db, 'hubeau', undefined, { live: true });
      let written = 0;
      for (const p of pages) written += (await store.write(p)).nouvelles;
      app.push(performance.now() - t);
      if (written !== total) throw new Error(`écrits ${written} ≠ ${total}`);
      await reset(db);
      t = performance.now();
      const res = spawnSync(
        'psql',
        [
          urlOf(NAME),
          '-v',
          'ON_ERROR_STOP=1',
          '-q',
          '-c',
          '\\copy observation (capteur_id, ts, valeur, statut, qualification) from stdin with (format csv)',
        ],
        { input: fs.readFileSync(csvFile), stdio: ['pipe', 'ignore', 'inherit'] },
      );
      copy.push(performance.now() - t);
      if (res.status !== 0) throw new Error('psql \\copy en échec');
      const n = await sql<{ n: string }>`select count(*) as n from observation`.execute(db.db);
      if (Number(n.rows[0]?.n) !== total) throw new Error('COPY incomplet');
      console.log(
        `  tour ${r + 1} : app ${(app[r] as number).toFixed(0)} ms, COPY ${(copy[r] as number).toFixed(0)} ms`,
      );
    }
    const a = median(app);
    const c = median(copy);
    console.log(
      `\nmédianes sur ${RUNS} tours : app ${(a / 1000).toFixed(2)} s (${Math.round(total / (a / 1000)).toLocaleString('fr-FR')} relevés/s), ` +
        `COPY ${(c / 1000).toFixed(2)} s (${Math.round(total / (c / 1000)).toLocaleString('fr-FR')} relevés/s) ; ` +
        `COPY/app = ${(c / a).toFixed(2)} (cible ≥ 0,5) ; charge ${os
          .loadavg()
          .map((x) => x.toFixed(1))
          .join(' ')}`,
    );
  } finally {
    await db.close();
    fs.rmSync(csvFile, { force: true });
    await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.end();
  }
}

await main();
