/**
 * Replay of the recorded series (January 2022 Garonne/Ariège, December 2024 Loire) as if they arrived live
 * (docs/decisions/059).
 *
 * The window [from, to) is cut in simulated steps (at most `stepMs`, 15 min by default, the cadence of live
 * ingestion) played at `speed` simulated seconds per real second. Before the first step the recorded observations of
 * the replayed sensors from `from` onwards are removed (so that they arrive again, and the data "now" of the app
 * follows the simulated clock) and the observation rules of their places forget their state. Each step writes its
 * observations through the ingestion's `ObservationStore` (observation rows, `capteur` caches, `donnees_version`) and emits
 * the same `observations` event as a live run (origin `replay`), awaited: evaluation and delivery happen within the
 * step. When the simulated clock passes midnight in Paris, the day that ended is rolled up into the daily archive for
 * the replayed sensors (mean, min, max, count; a day already archived is kept), as the live roll-up does. At the end — or when interrupted — the observations after the window are written back without events, so the
 * database holds the dataset again. The state (running, window, speed, simulated time) is kept in `relecture`.
 * Forecast runs stored with a run time inside the window (the Loire episode of December 2024, docs/decisions/088) are
 * announced by a `forecasts` event in the step that holds their run time, so forecast rules are evaluated as live.
 */
import { lpsToM3s, mmToM } from '@limni/shared/domain/units';
import { addDays, parisDay } from '@limni/shared/domain/time';
import { rollupDaysOf } from '../data/rollup';
import type { Db } from '../db/client';
import type { IngestEvents, CapteurObservations } from '../ingest/events';
import { ObservationsSummary, ObservationStore, type ObservationToStore } from '../ingest/observation-store';
import { num, parseCsv, readSeedText } from '../seed/files';
import { EPISODE_LOIRE_FILES, readHourlyFlows } from '../seed/steps/episodes';
import {
  previsionRunsBetween,
  removeObservationsToReplay,
  capteursOfStations,
  startReplayState,
  updateReplayState,
} from './replay.repo';

export const DEFAULT_STEP_MS = 15 * 60_000;

export interface ReplayLogger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface ReplayOptions {
  db: Db;
  events: IngestEvents;
  /** Window [from, to), epoch ms. */
  from: number;
  to: number;
  /** Simulated seconds per real second. */
  speed: number;
  /** Largest simulated step. */
  stepMs?: number;
  /** Called before the first step with the places replayed (the alert rules forget their state). */
  rewind?: (lieuIds: number[]) => Promise<void>;
  /** Called after each step (e.g. a delivery pass for retries). */
  afterStep?: (simulated: number) => Promise<void>;
  /** Notifications created so far (shown in `relecture`). */
  notifications?: () => number;
  log: ReplayLogger;
  signal?: AbortSignal;
  /** Real clock (heartbeat, pacing); tests may pin it. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface ReplayResult {
  statut: 'termine' | 'interrompu';
  lectures: number;
  etapes: number;
  /** Archive rows rolled up at the end of each simulated Paris day (docs/decisions/097). */
  archives: number;
  /** Observations written back after the window (or after the interruption) without events. */
  restituees: number;
}

/**
 * The recorded series: Garonne/Ariège water levels at native steps and the January 2022 daily mean flows, and the
 * hourly flows of the Loire episode of December 2024 (docs/decisions/088).
 */
export function recordedObservations(): ObservationToStore[] {
  const out: ObservationToStore[] = [];
  for (const row of parseCsv(readSeedText('garonne_H_2022-01_native.csv'))) {
    const mm = num(row['resultat_obs_mm']);
    const ts = Date.parse(row['date_obs'] ?? '');
    const code = row['code_station'];
    if (!code || mm === null || !Number.isFinite(ts)) continue;
    out.push({ codeStation: code, grandeur: 'H', ts, valeur: mmToM(mm), statut: null, qualification: null });
  }
  for (const row of parseCsv(readSeedText('garonne_QmnJ_5crues_1905-2022.csv'))) {
    const day = row['date_obs_elab'] ?? '';
    const lps = num(row['resultat_obs_elab_l_s']);
    const code = row['code_station'];
    if (!day.startsWith('2022-01-') || !code || lps === null) continue;
    // As the seed: a daily mean is placed at noon UTC of its day.
    out.push({
      codeStation: code,
      grandeur: 'Q',
      ts: Date.parse(`${day}T12:00:00Z`),
      valeur: lpsToM3s(lps),
      statut: null,
      qualification: null,
    });
  }
  for (const f of EPISODE_LOIRE_FILES) {
    for (const r of readHourlyFlows(f.qmnh)) out.push({ codeStation: f.station, grandeur: 'Q', ...r });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/** Forwards each observation summary of the store to the current step's summary. */
class StepSummary extends ObservationsSummary {
  current = new ObservationsSummary();
  override add(s: CapteurObservations): void {
    this.current.add(s);
  }
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const t = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

export async function runReplay(opts: ReplayOptions): Promise<ReplayResult> {
  const { db: handle, log } = opts;
  const db = handle.db;
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? defaultSleep;
  const stepMs = Math.max(60_000, opts.stepMs ?? DEFAULT_STEP_MS);
  if (!(opts.to > opts.from)) throw new Error('La fin de la fenêtre doit suivre son début.');
  if (!(opts.speed > 0)) throw new Error('La vitesse doit être positive.');

  const all = recordedObservations();
  const codes = [...new Set(all.map((r) => r.codeStation))];
  const capteurs = await capteursOfStations(db, codes);
  const capteurOf = new Map(capteurs.map((s) => [`${s.code_station}:${s.grandeur}`, s]));
  // What is replayed: observations of known sensors from `from` on; those at or after `to` come back at the end.
  const pending = all.filter((r) => r.ts >= opts.from && capteurOf.has(`${r.codeStation}:${r.grandeur}`));
  const lastOf = new Map<number, number>();
  for (const r of pending) {
    const s = capteurOf.get(`${r.codeStation}:${r.grandeur}`);
    if (s) lastOf.set(s.id, Math.max(lastOf.get(s.id) ?? -Infinity, r.ts));
  }
  if (pending.length === 0) throw new Error('Aucune mesure enregistrée dans cette fenêtre.');

  // Remove what will arrive again; keep each sensor's cached state right.
  await removeObservationsToReplay(db, opts.from, lastOf);
  const lieuIds = [...new Set(capteurs.filter((s) => lastOf.has(s.id)).map((s) => s.lieu_id))];
  await opts.rewind?.(lieuIds);

  const startedAt = now();
  const state = {
    statut: 'en_cours' as const,
    debut: opts.from,
    fin: opts.to,
    vitesse: opts.speed,
    temps_simule: opts.from,
    demarre_at: startedAt,
    maj_at: startedAt,
    termine_at: null,
    lectures: 0,
    notifications: 0,
    erreur: null,
  };
  await startReplayState(db, state);
  log.info(
    { debut: opts.from, fin: opts.to, vitesse: opts.speed, mesures: pending.length, lieux: lieuIds.length },
    `Relecture : ${pending.filter((r) => r.ts < opts.to).length} mesures de ${lieuIds.length} lieux à rejouer`,
  );

  // Forecast runs of the window, announced (`forecasts` event) in the step that holds their run time.
  const runs = await previsionRunsBetween(db, opts.from, opts.to);
  const summary = new StepSummary();
  const store = new ObservationStore(db, 'hubeau', summary);
  let index = 0;
  let sim = opts.from;
  let rejouees = 0;
  let etapes = 0;
  let archives = 0;
  /** First Paris day not rolled up yet: the days the simulated clock leaves behind are archived, as in live mode. */
  let toRoll = parisDay(opts.from);
  const replayedCapteurs = [...lastOf.keys()];
  let statut: ReplayResult['statut'] = 'termine';
  try {
    while (sim < opts.to) {
      if (opts.signal?.aborted) {
        statut = 'interrompu';
        break;
      }
      const next = Math.min(sim + stepMs, opts.to);
      const batch: ObservationToStore[] = [];
      while (index < pending.length && (pending[index] as ObservationToStore).ts < next) {
        batch.push(pending[index] as ObservationToStore);
        index++;
      }
      // The simulated instant moves first: no reading of the database is ever after the instant the app shows
      // (its data clock during a replay, docs/decisions/142).
      await updateReplayState(db, { temps_simule: next, maj_at: now() });
      summary.current = new ObservationsSummary();
      if (batch.length > 0) await store.write(batch);
      rejouees += batch.length;
      etapes++;
      // Simulated time of the step = its end: the last observations written are the freshest ones.
      const at = next - 1;
      await opts.events.emit({
        type: 'observations',
        origin: 'replay',
        source: 'relecture',
        at,
        sensors: summary.current.sensors,
      });
      const issued = runs.filter((r) => r.runTs >= sim && r.runTs < next);
      if (issued.length > 0) {
        await opts.events.emit({ type: 'forecasts', origin: 'replay', at, places: issued });
      }
      await opts.afterStep?.(at);
      const complete: string[] = [];
      for (const today = parisDay(next); toRoll < today; toRoll = addDays(toRoll, 1)) complete.push(toRoll);
      if (complete.length > 0) {
        const r = await rollupDaysOf(db, complete, replayedCapteurs, now());
        archives += r.jours;
      }
      sim = next;
      await updateReplayState(db, {
        maj_at: now(),
        lectures: rejouees,
        notifications: opts.notifications?.() ?? 0,
      });
      // Pace: the end of this step is due (sim − from) / speed real milliseconds after the start.
      await sleep(startedAt + (sim - opts.from) / opts.speed - now(), opts.signal);
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await restore(store, pending.slice(index), log);
    await updateReplayState(db, {
      statut: 'echec',
      erreur: message.slice(0, 1000),
      maj_at: now(),
      termine_at: now(),
    });
    throw err;
  }
  if (opts.signal?.aborted && sim < opts.to) statut = 'interrompu';
  const restituees = await restore(store, pending.slice(index), log);
  await updateReplayState(db, {
    statut,
    maj_at: now(),
    termine_at: now(),
    lectures: rejouees,
    notifications: opts.notifications?.() ?? 0,
  });
  return { statut, lectures: rejouees, etapes, archives, restituees };
}

/** Writes back the observations not replayed (after the window, or after an interruption), without any event. */
async function restore(
  store: ObservationStore,
  rest: ObservationToStore[],
  log: ReplayLogger,
): Promise<number> {
  for (let i = 0; i < rest.length; i += 5000) await store.write(rest.slice(i, i + 5000));
  if (rest.length > 0) {
    log.info({ mesures: rest.length }, `Relecture : ${rest.length} mesures restituées sans alerte`);
  }
  return rest.length;
}
