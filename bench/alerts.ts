/**
 * `npm run bench -- alerts`: evaluation of 1,000 alert rules over one ingestion run of 10,000 observations.
 *
 * A SQLite file (WAL, as the default server) holds 500 places with a 5-min water-level sensor, 3 hours of earlier
 * observations each (the rate window), 500 users each following one place with 2 rules (1,000 rules: above X, below
 * Y, rising faster than Z, back in range — half of the places rise through their thresholds). The run writes
 * 20 new observations per sensor (10,000) through the ingestion store (not timed), then the timed part is exactly what
 * follows a live run: `AlertEvaluator.observations(event)` — rules and observations read, every rule evaluated, states
 * saved, notifications inserted with their outbox rows, in one transaction. Median of 5 rounds (states and
 * notifications cleared between rounds). `--pg=postgres://…/db` also measures on PostgreSQL (a scratch database is
 * created and dropped). Target: < 1 s.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateToLatest, openDb, type Db } from '../apps/api/src/db/client';
import {
  ObservationsSummary,
  ObservationStore,
  type ObservationToStore,
} from '../apps/api/src/ingest/observation-store';
import { AlertEvaluator } from '../apps/api/src/features/alertes/evaluation';
import { verifiedAccountRow } from '../apps/api/test/account-rows';

export const ALERTS_TARGET_MS = 1000;
const PLACES = 500;
const NEW_PER_SENSOR = 20;
const HISTORY = 36;
const STEP_MS = 5 * 60_000;
const ROUNDS = 5;
const T0 = Date.parse('2026-03-01T00:00:00Z');

const code = (i: number) => `B${String(i).padStart(9, '0')}`;
const base = (i: number) => 1 + (i % 7) * 0.1;
const rises = (i: number) => i % 2 === 0;
/** Value of sensor i at step k (k < 0: history); the rising half climbs 2 cm per 5 min during the run. */
const valueAt = (i: number, k: number) =>
  Math.round((base(i) + (rises(i) && k > 0 ? 0.02 * k : 0) + (k % 2) * 0.004) * 1000) / 1000;

async function prepare(db: Db): Promise<void> {
  await migrateToLatest(db);
  const k = db.db;
  const now = Date.now();
  await k
    .insertInto('bassin')
    .values({ slug: 'banc', nom: 'Banc', territoire: 'metropole', ordre: 1 })
    .execute();
  const e = await k
    .insertInto('entite')
    .values({ type: 'R', nom: 'La Rivière du banc', slug: 'riviere-banc', bassin_slug: 'banc' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < PLACES; i += 250) {
    const ids = Array.from({ length: Math.min(250, PLACES - i) }, (_v, j) => i + j);
    const lieux = await k
      .insertInto('lieu')
      .values(
        ids.map((n) => ({
          entite_id: e.id,
          nom: `Lieu ${n}`,
          libelle: `La Rivière du banc à Lieu ${n}`,
          lat_gps: 45,
          lon_gps: 3,
          station_mesure_ok: 1,
          code_station: code(n),
          source: 'banc',
        })),
      )
      .returning(['id', 'code_station'])
      .execute();
    await k
      .insertInto('capteur')
      .values(
        lieux.map((l) => ({
          lieu_id: l.id,
          grandeur: 'H' as const,
          unite: 'm',
          libelle: "Hauteur d'eau",
          source: 'banc',
          code_station: l.code_station,
          pas_min: 5,
        })),
      )
      .execute();
    const users = await k
      .insertInto('user')
      .values(ids.map((n) => verifiedAccountRow(`banc${n}`, now)))
      .returning('id')
      .execute();
    await k
      .insertInto('abonnement')
      .values(
        users.map((u, j) => ({
          user_id: u.id,
          lieu_id: (lieux[j] as { id: number }).id,
          actif: 1,
          created_at: now,
        })),
      )
      .execute();
    await k
      .insertInto('alerte_regle')
      .values(
        users.flatMap((u, j) => {
          const n = ids[j] as number;
          const lieu = (lieux[j] as { id: number }).id;
          const common = {
            user_id: u.id,
            lieu_id: lieu,
            grandeur: 'H' as const,
            horizon_h: null,
            activite_id: null,
          };
          const stamp = {
            origine: 'utilisateur' as const,
            actif: 1 as const,
            created_at: now,
            updated_at: now,
          };
          const first =
            n % 4 < 2
              ? { type: 'au_dessus' as const, seuil: base(n) + 0.2, seuil2: null }
              : { type: 'retour_plage' as const, seuil: base(n) - 0.5, seuil2: base(n) - 0.2 };
          const second =
            n % 3 === 0
              ? { type: 'montee' as const, seuil: 0.1, seuil2: null }
              : { type: 'en_dessous' as const, seuil: base(n) - 0.3, seuil2: null };
          return [
            { ...common, ...first, ...stamp },
            { ...common, ...second, ...stamp },
          ];
        }),
      )
      .execute();
  }
  // Three hours of earlier observations (the rate window), written like ingestion does.
  const store = new ObservationStore(k, 'banc');
  const history: ObservationToStore[] = [];
  for (let i = 0; i < PLACES; i++) {
    for (let s = -HISTORY; s <= 0; s++) {
      history.push({
        codeStation: code(i),
        grandeur: 'H',
        ts: T0 + s * STEP_MS,
        valeur: valueAt(i, s),
        statut: null,
        qualification: null,
      });
    }
  }
  await store.write(history);
}

async function measure(db: Db, label: string): Promise<number> {
  await prepare(db);
  const summary = new ObservationsSummary();
  const store = new ObservationStore(db.db, 'banc', summary);
  const run: ObservationToStore[] = [];
  for (let i = 0; i < PLACES; i++) {
    for (let s = 1; s <= NEW_PER_SENSOR; s++) {
      run.push({
        codeStation: code(i),
        grandeur: 'H',
        ts: T0 + s * STEP_MS,
        valeur: valueAt(i, s),
        statut: null,
        qualification: null,
      });
    }
  }
  await store.write(run);
  const event = {
    type: 'observations' as const,
    origin: 'live' as const,
    source: 'banc',
    at: T0 + NEW_PER_SENSOR * STEP_MS + 60_000,
    sensors: summary.sensors,
  };
  const observations = event.sensors.reduce((n, s) => n + s.nouvelles, 0);
  const evaluator = new AlertEvaluator(db.db);
  const times: number[] = [];
  let result = { regles: 0, notifications: 0, plafonnees: 0, ignorees: 0 };
  for (let r = 0; r < ROUNDS; r++) {
    await db.db.deleteFrom('notification').execute();
    await db.db.deleteFrom('alerte_regle_etat').execute();
    const t = process.hrtime.bigint();
    result = await evaluator.observations(event);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const outbox = await db.db
    .selectFrom('notification_envoi')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  console.log(
    `${label} : ${result.regles} règles sur ${observations.toLocaleString('fr-FR')} mesures en ${median.toFixed(0)} ms ` +
      `(médiane de ${ROUNDS} ; de ${times[0]?.toFixed(0)} à ${times.at(-1)?.toFixed(0)} ms) — ` +
      `${result.notifications} notifications, ${Number(outbox?.n ?? 0)} envois en file, ${result.ignorees} ignorées ; ` +
      `objectif < ${ALERTS_TARGET_MS} ms : ${median < ALERTS_TARGET_MS ? 'atteint' : 'NON ATTEINT'}`,
  );
  return median;
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-bench-alerts-'));
  let ok = true;
  try {
    const sqlite = openDb({ dataDir: dir, fileName: 'alerts.db' });
    try {
      ok = (await measure(sqlite, 'SQLite')) < ALERTS_TARGET_MS && ok;
    } finally {
      await sqlite.close();
    }
    const pgUrl = process.argv.find((a) => a.startsWith('--pg='))?.slice(5);
    if (pgUrl) {
      const name = `limni_bench_alerts_${crypto.randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      const handle = openDb({ databaseUrl: url.toString(), dataDir: dir });
      try {
        ok = (await measure(handle, 'PostgreSQL')) < ALERTS_TARGET_MS && ok;
      } finally {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!ok) process.exitCode = 1;
}

await main();
