/**
 * `npm run bench -- ingest`: ingestion throughput. The recorded Hub'Eau `observations_tr` payload is expanded to
 * 1,000,000 observations (20 stations × 50,000 consecutive instants, same fields as the recording, H in mm), cut into
 * pages of 20,000 rows (the API's maximum) kept as JSON text, then each page goes through the real code path:
 * JSON.parse → Zod schema (parsePayload) → normalisation (mm → m, site rows dropped) → ObservationStore.write (upsert
 * on (capteur, ts), sensor state, data version) into a SQLite file in WAL mode. Baseline, in the same run: a raw
 * better-sqlite3 prepared INSERT of the same 1,000,000 normalised rows into the same table, in a second file of the
 * same kind, one transaction per 20,000 rows. Target: ours ≥ 0.5 × baseline observations/s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrateToLatest, openDb, type Db } from '../apps/api/src/db/client';
import { parsePayload } from '../apps/api/src/ingest/http';
import { ObservationStore } from '../apps/api/src/ingest/observation-store';
import {
  normaliseObservations,
  OBS_FIELDS,
  ObservationsTrPage,
  type ObservationTrInput,
} from '../apps/api/src/ingest/sources/hubeau';

export const INGEST_TARGET_RATIO = 0.5;
const TOTAL = 1_000_000;
const STATIONS = 20;
const PAGE = 20_000;
const STEP_MS = 5 * 60_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');

const fixture = path.resolve(
  import.meta.dirname,
  '../apps/api/src/ingest/fixtures/hubeau/observations_tr_K447001001_H_2026-09-13.json',
);
const recorded = JSON.parse(fs.readFileSync(fixture, 'utf8')) as {
  count: number;
  first: string;
  next: string | null;
  api_version: string;
  /** Every field of the recording (more than the client asks for). */
  data: Array<ObservationTrInput & Record<string, unknown>>;
};
const template = recorded.data[0] as ObservationTrInput & Record<string, unknown>;
const codes = Array.from({ length: STATIONS }, (_, i) => `K4470${String(i).padStart(5, '0')}`);
const perStation = TOTAL / STATIONS;

/** Page k as Hub'Eau would send it (JSON text): station after station, consecutive instants. */
function pageText(k: number): string {
  const data: Array<Record<string, unknown>> = [];
  for (let j = k * PAGE; j < (k + 1) * PAGE; j++) {
    const s = Math.floor(j / perStation);
    const i = j % perStation;
    data.push({
      ...template,
      code_site: (codes[s] as string).slice(0, 8),
      code_station: codes[s] as string,
      date_obs: new Date(T0 + i * STEP_MS).toISOString().replace('.000Z', 'Z'),
      resultat_obs: 1000 + ((i * 7 + s * 13) % 5000) - 1232,
    });
  }
  const last = k === TOTAL / PAGE - 1;
  return JSON.stringify({
    ...recorded,
    count: TOTAL,
    next: last ? null : `${recorded.first}&cursor=bench${k + 1}`,
    data,
  });
}

async function prepare(dir: string, name: string): Promise<{ db: Db; capteurs: Map<string, number> }> {
  const db = openDb({ dataDir: dir, fileName: name });
  await migrateToLatest(db);
  const k = db.db;
  await k
    .insertInto('bassin')
    .values({ slug: 'loire-bretagne', nom: 'Loire-Bretagne', territoire: 'metropole', ordre: 4 })
    .execute();
  const e = await k
    .insertInto('entite')
    .values({ type: 'R', nom: 'La Loire', slug: 'la-loire', bassin_slug: 'loire-bretagne' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const capteurs = new Map<string, number>();
  for (const code of codes) {
    const l = await k
      .insertInto('lieu')
      .values({
        entite_id: e.id,
        nom: code,
        libelle: code,
        lat_gps: 47.58,
        lon_gps: 1.33,
        station_mesure_ok: 1,
        code_station: code,
        source: 'bench',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const c = await k
      .insertInto('capteur')
      .values({
        lieu_id: l.id,
        grandeur: 'H',
        unite: 'm',
        libelle: "Hauteur d'eau",
        source: 'hubeau',
        code_station: code,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    capteurs.set(code, c.id);
  }
  return { db, capteurs };
}

/** The two paths alternate in rounds, so that a busy machine slows both alike. */
const ROUNDS = 25;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-bench-ingest-'));
  try {
    const nPages = TOTAL / PAGE;
    console.log(
      `${TOTAL.toLocaleString('fr-FR')} relevés : ${STATIONS} stations × ${perStation.toLocaleString('fr-FR')} instants, ${nPages} pages de ${PAGE.toLocaleString('fr-FR')}, ${ROUNDS} manches alternées`,
    );

    // Everything both paths need is built before any timing, off the JS heap where possible, so that the
    // garbage of preparing one path is not collected inside the other path's timed sections.
    // The pages as the network delivers them: bytes (as a socket's buffers are).
    const wire = Array.from({ length: nPages }, (_, k) => Buffer.from(pageText(k), 'utf8'));
    const bytes = wire.reduce((n, b) => n + b.length, 0);
    // The same pages restricted to the columns the client asks for (`fields=`), for the decoding figure.
    const slim = wire.map((b) => {
      const full = JSON.parse(b.toString('utf8')) as { data: Array<Record<string, unknown>> };
      return Buffer.from(
        JSON.stringify({
          ...full,
          data: full.data.map((r) => Object.fromEntries(OBS_FIELDS.map((k) => [k, r[k]]))),
        }),
      );
    });
    const slimBytes = slim.reduce((n, b) => n + b.length, 0);

    const ours = await prepare(dir, 'ours.db');
    const store = new ObservationStore(ours.db.db, 'hubeau');
    const base = await prepare(dir, 'raw.db');
    await base.db.close();
    // The baseline's rows: the same normalised observations, 5 columns per row in a typed array.
    const cols = new Float64Array(TOTAL * 5);
    let at = 0;
    for (const b of wire) {
      for (const r of normaliseObservations(
        ObservationsTrPage.parse(JSON.parse(b.toString('utf8'))).data,
        'H',
      ).observations) {
        cols.set(
          [
            base.capteurs.get(r.codeStation) as number,
            r.ts,
            r.valeur,
            r.statut ?? NaN,
            r.qualification ?? NaN,
          ],
          at,
        );
        at += 5;
      }
    }
    const raw = new SQLite(path.join(dir, 'raw.db'));
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.pragma('foreign_keys = ON');
    const insert = raw.prepare(
      'insert into observation (capteur_id, ts, valeur, statut, qualification) values (?, ?, ?, ?, ?)',
    );
    const nullable = (v: number) => (Number.isNaN(v) ? null : v);
    const insertPage = raw.transaction((first: number) => {
      for (let i = first; i < first + PAGE * 5; i += 5) {
        insert.run(
          cols[i],
          cols[i + 1],
          cols[i + 2],
          nullable(cols[i + 3] as number),
          nullable(cols[i + 4] as number),
        );
      }
    });

    let written = 0;
    let jsonMs = 0;
    let slimJsonMs = 0;
    let oursMs = 0;
    let rawMs = 0;
    const perRound = nPages / ROUNDS;
    for (let round = 0; round < ROUNDS; round++) {
      const first = round * perRound;

      // Ours: the real path, page by page. Decoding the bytes (JSON.parse) is timed apart from
      // schema + normalisation + upsert.
      for (let k = first; k < first + perRound; k++) {
        const t0 = performance.now();
        const body: unknown = JSON.parse((wire[k] as Buffer).toString('utf8'));
        const t1 = performance.now();
        const page = parsePayload("Hub'Eau", 'observations_tr', ObservationsTrPage, body);
        const n = normaliseObservations(page.data, 'H');
        const w = await store.write(n.observations);
        oursMs += performance.now() - t1;
        jsonMs += t1 - t0;
        written += w.nouvelles;
      }

      // Baseline: a raw prepared INSERT of the same rows, one transaction per page, same kind of file (WAL).
      const t2 = performance.now();
      for (let k = first; k < first + perRound; k++) insertPage(k * PAGE * 5);
      rawMs += performance.now() - t2;

      // Decoding only, for the figure with the columns the client asks for.
      for (let k = first; k < first + perRound; k++) {
        const t3 = performance.now();
        JSON.parse((slim[k] as Buffer).toString('utf8'));
        slimJsonMs += performance.now() - t3;
      }
    }

    // Same content in both files.
    const count = (
      await ours.db.db
        .selectFrom('observation')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n;
    const rawCount = (raw.prepare('select count(*) as n from observation').get() as { n: number }).n;
    const sample = await ours.db.db
      .selectFrom('observation')
      .select('valeur')
      .where('capteur_id', '=', ours.capteurs.get(codes[0] as string) as number)
      .where('ts', '=', T0)
      .executeTakeFirst();
    raw.close();
    await ours.db.close();
    if (Number(count) !== TOTAL || rawCount !== TOTAL || written !== TOTAL) {
      throw new Error(`comptes inattendus : ${String(count)} / ${rawCount} / ${written}`);
    }
    if (sample?.valeur !== (1000 - 1232) / 1000) {
      throw new Error(`valeur inattendue : ${String(sample?.valeur)}`);
    }

    const fmt = (n: number) => Math.round(n).toLocaleString('fr-FR');
    const rate = (ms: number) => TOTAL / (ms / 1000);
    const rawRate = rate(rawMs);
    const ratio = rate(oursMs) / rawRate;
    const ratioWithJson = rate(oursMs + jsonMs) / rawRate;
    const ratioWithFieldsJson = rate(oursMs + slimJsonMs) / rawRate;
    console.log(`JSON reçu : ${(bytes / 1e6).toFixed(0)} Mo (lignes complètes, comme enregistrées)`);
    console.log(
      `Limni, schéma Zod + normalisation + upsert      : ${fmt(rate(oursMs))} relevés/s (${(oursMs / 1000).toFixed(2)} s)`,
    );
    console.log(
      `Limni, avec le décodage JSON.parse en plus       : ${fmt(rate(oursMs + jsonMs))} relevés/s (${((oursMs + jsonMs) / 1000).toFixed(2)} s)`,
    );
    console.log(
      `  … avec JSON.parse des seules colonnes demandées (${(slimBytes / 1e6).toFixed(0)} Mo) : ${fmt(rate(oursMs + slimJsonMs))} relevés/s`,
    );
    console.log(
      `Référence, INSERT préparé brut (better-sqlite3)  : ${fmt(rawRate)} relevés/s (${(rawMs / 1000).toFixed(2)} s)`,
    );
    console.log(
      `Rapport : ${ratio.toFixed(2)} (objectif ≥ ${INGEST_TARGET_RATIO}) ; avec JSON.parse : ${ratioWithJson.toFixed(2)} (lignes complètes), ${ratioWithFieldsJson.toFixed(2)} (colonnes demandées)`,
    );
    if (ratio < INGEST_TARGET_RATIO) {
      console.error('Objectif non atteint.');
      process.exitCode = 1;
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
