/**
 * Raw readings over time (docs/decisions/122, 157), on a database of its own (migrated up to the schema before the
 * partitioning, filled, then migrated to the latest):
 * - PostgreSQL: the partitioning keeps every reading and the upsert; a reading two months ahead lands in its month's
 *   partition; one no month covers lands in the default partition, is logged, and moves into its month's partition
 *   once the upkeep creates it.
 * - Retention (both databases): readings older than 2 years go only once their days are in `archive_jour`
 *   (expected means computed from the generated readings); daily-step capteurs and recorded episodes are kept; on
 *   PostgreSQL only whole partitions older than the cut are reduced, and a second pass does nothing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAY_MS, parisDay, parisDayRange } from '@limni/shared/domain/time';
import { withDatabase } from '../../test/global-setup';
import { TEST_DB } from '../../test/helpers';
import { migrateToLatest, openDb, type Db } from '../db/client';
import { getMigrations } from '../db/migrations';
import type { Database } from '../db/schema';
import { ObservationUpserter } from '../ingest/observation.repo';
import { addMonths, monthStart, parisMonthOf, partitionName, RAW_RETENTION_DAYS } from '../db/partitions';
import { pruneRawObservations, upkeepPartitions } from './raw-observations';

const NOW = Date.now();
const M0 = parisMonthOf(NOW);
/** Start of the month two ahead: its partition exists from the migration on. */
const M2_START = monthStart(addMonths(M0, 2));
/** A retention pass whose cut falls one day into that month. */
const PRUNE_AT = M2_START + DAY_MS + RAW_RETENTION_DAYS * DAY_MS;
const STEP = 6 * 3_600_000;
const FIRST = NOW - 60 * DAY_MS;
/** Readings every 6 hours from 60 days ago to the end of the month two ahead. */
const LAST = monthStart(addMonths(M0, 3)) - 1;

interface Capteurs {
  normal: number;
  daily: number;
  episode: number;
}

const valueAt = (sensor: number, ts: number) => Math.round((sensor + ((ts / STEP) % 17) / 10) * 1000) / 1000;
const instants = (): number[] => {
  const out: number[] = [];
  for (let t = FIRST - (FIRST % STEP); t <= LAST; t += STEP) out.push(t);
  return out;
};
const past = () => instants().filter((ts) => ts <= NOW);

let db: Db;
let drop: () => Promise<void> = async () => {};
let capteurs: Capteurs;

async function openFresh(): Promise<void> {
  if (TEST_DB === 'postgres') {
    const adminUrl = inject('pgAdminUrl');
    const name = `limni_t_partitions_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    db = openDb({ databaseUrl: withDatabase(adminUrl, name), dataDir: os.tmpdir(), poolMax: 2 });
    drop = async () => {
      // The pool's end() resolves before its connections are closed: a forced drop would kill them mid-way (an
      // unhandled "terminating connection" error). A plain DROP waits up to 5 s for them; force is the fallback.
      try {
        await admin.query(`drop database if exists ${name}`);
      } catch {
        await admin.query(`drop database if exists ${name} with (force)`);
      }
      await admin.end();
    };
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-partitions-'));
  db = openDb({ dataDir: dir });
  drop = async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function fill(k: Kysely<Database>): Promise<Capteurs> {
  await k.insertInto('bassin').values({ slug: 'b', nom: 'B', territoire: 'metropole', ordre: 1 }).execute();
  await k.insertInto('episode').values({ code: 'crue', libelle: 'Crue', source: 'essai' }).execute();
  const e = await k
    .insertInto('entite')
    .values({ type: 'R', nom: 'La Rivière', slug: 'riviere', bassin_slug: 'b' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const [n, episode] of [
    [0, null],
    [1, null],
    [2, 'crue'],
  ] as const) {
    const lieu = await k
      .insertInto('lieu')
      .values({
        entite_id: e.id,
        nom: `Lieu ${n}`,
        libelle: `Lieu ${n}`,
        lat_gps: 45,
        lon_gps: 3,
        station_mesure_ok: 1,
        code_station: `X00000000${n}`,
        source: 'essai',
        episode,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const c = await k
      .insertInto('capteur')
      .values({
        lieu_id: lieu.id,
        grandeur: 'H',
        unite: 'm',
        libelle: "Hauteur d'eau",
        source: 'essai',
        code_station: `X00000000${n}`,
        pas_min: n === 1 ? 1440 : 360,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(c.id);
  }
  const [normal, daily, episode] = ids as [number, number, number];
  await write(k, ids, past());
  return { normal, daily, episode };
}

async function write(k: Kysely<Database>, ids: readonly number[], at: readonly number[]): Promise<void> {
  const params: Array<number | null> = [];
  for (const id of ids) for (const ts of at) params.push(id, ts, valueAt(id, ts), null, null);
  await new ObservationUpserter(k).upsert(k, params, 'update');
}

/** The readings still to come (after the schema is the latest), written as live ingestion would. */
const writeFuture = () =>
  write(
    db.db,
    [capteurs.normal, capteurs.daily, capteurs.episode],
    instants().filter((ts) => ts > NOW),
  );

const count = async (k: Kysely<Database>, where = sql`true`) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from observation where ${where}`.execute(k)).rows[0]?.n ??
      0,
  );

beforeAll(async () => {
  await openFresh();
  const migrator = new Migrator({
    db: db.db,
    provider: { getMigrations: async () => getMigrations(db.dialect) },
  });
  const { error } = await migrator.migrateTo('015_secheresse');
  if (error) throw error;
  capteurs = await fill(db.db);
});

afterAll(async () => {
  await db.close();
  await drop();
});

describe.skipIf(TEST_DB !== 'postgres')('monthly partitions of the readings (PostgreSQL)', () => {
  const errors: object[] = [];
  const log = { error: (obj: object) => errors.push(obj) };
  const partitionOf = async (capteur: number, ts: number) =>
    (
      await sql<{ p: string }>`select tableoid::regclass::text as p from observation
        where capteur_id = ${capteur} and ts = ${ts}`.execute(db.db)
    ).rows[0]?.p;

  it('keeps every reading, the primary key and the upsert when the table is partitioned', async () => {
    const sums = sql<{ n: string; v: number; t: string }>`select count(*) as n, sum(valeur) as v, sum(ts) as t
      from observation`;
    const before = (await sums.execute(db.db)).rows[0];
    expect(Number(before?.n)).toBe(3 * past().length);
    await migrateToLatest(db);
    const after = (await sums.execute(db.db)).rows[0];
    expect([after?.n, after?.t]).toEqual([before?.n, before?.t]);
    expect(after?.v).toBeCloseTo(before?.v ?? NaN, 6);
    await writeFuture();
    const parts = await sql<{ p: string; n: string }>`select tableoid::regclass::text as p, count(*) as n
      from observation group by 1`.execute(db.db);
    // Readings from before the partitioning stayed in the old table; later ones went to their month's partition.
    const expected = new Map<string, number>();
    for (const ts of instants()) {
      const p = ts < monthStart(addMonths(M0, 1)) ? 'observation_avant' : partitionName(parisMonthOf(ts));
      expected.set(p, (expected.get(p) ?? 0) + 3);
    }
    expect(new Map(parts.rows.map((r) => [r.p, Number(r.n)]))).toEqual(expected);
    // The upsert of a stored instant replaces its value, in whichever partition it is.
    const ts = instants()[0] as number;
    await new ObservationUpserter(db.db).upsert(db.db, [capteurs.normal, ts, 99, null, null], 'update');
    const row = await db.db
      .selectFrom('observation')
      .select('valeur')
      .where('capteur_id', '=', capteurs.normal)
      .where('ts', '=', ts)
      .executeTakeFirstOrThrow();
    expect(row.valeur).toBe(99);
    expect(await count(db.db)).toBe(3 * instants().length);
    await write(db.db, [capteurs.normal], [ts]);
  });

  it('puts a reading two months ahead in its month, and one no month covers in the default partition', async () => {
    const ahead = monthStart(addMonths(M0, 2)) + 3 * DAY_MS + 17 * 60_000;
    await new ObservationUpserter(db.db).upsert(db.db, [capteurs.normal, ahead, 1.5, null, null], 'update');
    expect(await partitionOf(capteurs.normal, ahead)).toBe(partitionName(addMonths(M0, 2)));
    const far = monthStart(addMonths(M0, 5)) + DAY_MS;
    await new ObservationUpserter(db.db).upsert(db.db, [capteurs.normal, far, 1.6, null, null], 'update');
    expect(await partitionOf(capteurs.normal, far)).toBe('observation_defaut');
    // The daily upkeep logs it, and once its month's partition is due, moves it there.
    await upkeepPartitions(db.db, 'postgres', NOW, log);
    expect(errors).toEqual([{ lignes: 1, du: far, au: far }]);
    const r = await upkeepPartitions(db.db, 'postgres', monthStart(addMonths(M0, 3)) + DAY_MS, log);
    expect(r).toEqual({ crees: 3, horsMois: 0 });
    expect(await partitionOf(capteurs.normal, far)).toBe(partitionName(addMonths(M0, 5)));
    await db.db.deleteFrom('observation').where('ts', 'in', [ahead, far]).execute();
  });
});

describe('raw readings older than 2 years', () => {
  it('go once their days are archived, except daily-step capteurs and recorded episodes', async () => {
    await migrateToLatest(db);
    await writeFuture();
    const total = await count(db.db);
    expect(total).toBe(3 * instants().length);
    const r = await pruneRawObservations(db.db, db.dialect, PRUNE_AT);
    const cutoff = PRUNE_AT - RAW_RETENTION_DAYS * DAY_MS;
    // PostgreSQL drops whole months older than the cut; SQLite whole Paris days.
    const edge = TEST_DB === 'postgres' ? M2_START : parisDayRange(parisDay(cutoff)).start;
    const gone = instants().filter((ts) => ts < edge);
    expect(gone.length).toBeGreaterThan(100);
    expect(await count(db.db)).toBe(total - gone.length);
    expect(await count(db.db, sql`capteur_id = ${capteurs.normal} and ts < ${edge}`)).toBe(0);
    for (const kept of [capteurs.daily, capteurs.episode]) {
      expect(await count(db.db, sql`capteur_id = ${kept}`)).toBe(instants().length);
    }
    if (TEST_DB === 'postgres') {
      expect(r.partitions).toEqual(['observation_avant', partitionName(addMonths(M0, 1))]);
    }
    // Every day whose readings went is in the archive with its mean (a day cut in two is not archived yet).
    const byDay = new Map<string, number[]>();
    for (const ts of gone) {
      const d = parisDay(ts);
      byDay.set(d, [...(byDay.get(d) ?? []), valueAt(capteurs.normal, ts)]);
    }
    const archive = await db.db
      .selectFrom('archive_jour')
      .select(['jour', 'moyenne', 'n'])
      .where('capteur_id', '=', capteurs.normal)
      .execute();
    const archived = new Map(archive.map((a) => [a.jour, a]));
    for (const [jour, values] of byDay) {
      const a = archived.get(jour);
      expect(a, jour).toBeDefined();
      expect(a?.moyenne).toBeCloseTo(values.reduce((s, v) => s + v, 0) / values.length, 9);
      expect(Number(a?.n)).toBe(values.length);
    }
    expect(r.jours).toBeGreaterThanOrEqual(byDay.size);
    // A second pass finds nothing more to do.
    const again = await pruneRawObservations(db.db, db.dialect, PRUNE_AT);
    expect(again).toEqual({ jours: 0, partitions: [], lignes: 0 });
    expect(await count(db.db)).toBe(total - gone.length);
  });
});
