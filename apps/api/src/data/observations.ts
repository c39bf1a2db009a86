/**
 * The state of sensors from their observations: shared by every feature that shows or judges a value (hydro,
 * lieu, activities, publications' snapshot). Not a feature itself: features import it, never each other.
 * SQL is in `capteurs.repo.ts` and `observations.repo.ts`; the trend and freshness rules in
 * `packages/shared/src/domain/trend.ts` (docs/decisions/009).
 */
import type { Kysely } from 'kysely';
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { dataClock, type DataClock } from '@limni/shared/domain/clock';
import { derniereUtilisable, estDouteuse } from '@limni/shared/domain/qualite';
import { computeFreshness, computeTrend, TREND_WINDOW_MS } from '@limni/shared/domain/trend';
import type { Database } from '../db/schema';
import type { ServiceMode } from './service-mode';
import { classify } from '@limni/shared/domain/climatologie';
import { parisDay } from '@limni/shared/domain/time';
import { bandsOn } from './archive.repo';
import { capteursOfLieux, episodeOfLieu, latestObservationTs, type CapteurLatest } from './capteurs.repo';
import { lastObservationTsAtOrBefore, observationWindow } from './observations.repo';
import { runningReplay } from './relecture.repo';
import { instantConsulte } from '../lib/instant-scope';

/**
 * "Now" of the data (docs/decisions/094): the real clock when the service is live (ADR 134); with a demo dataset, the
 * demo clock (latest observation in the database rounded up to the next full hour), the one the web banner names,
 * so that freshness, ages and default dates follow the data shown. `episode`: the clock of a recorded episode instead
 * of the main dataset's (docs/decisions/088) — live or not, a place of an episode counts from its episode's clock
 * until it gets live readings (then it leaves the episode).
 */
export async function dataNow(
  db: Kysely<Database>,
  mode: ServiceMode,
  now: () => number,
  episode: string | null = null,
): Promise<number> {
  return (await dataClockOf(db, mode, now, episode)).now;
}

/**
 * "Now" of the data a place belongs to: its recorded episode's clock (docs/decisions/088), else the main dataset's.
 */
export async function dataNowOfLieu(
  db: Kysely<Database>,
  mode: ServiceMode,
  now: () => number,
  lieuId: number,
): Promise<number> {
  return (await dataClockOfLieu(db, mode, now, lieuId)).now;
}

/**
 * The data clock of a place with its demonstration flag (docs/decisions/088, 094): what `dataNowOfLieu` counts from,
 * and whether it is a demonstration clock that a page showing ages must name (the widget, docs/decisions/123).
 */
export async function dataClockOfLieu(
  db: Kysely<Database>,
  mode: ServiceMode,
  now: () => number,
  lieuId: number,
): Promise<DataClock> {
  return dataClockOf(db, mode, now, await episodeOfLieu(db, lieuId));
}

/** The data clock of the main dataset (`episode` null) or of a recorded episode, with its demonstration flag. */
export async function dataClockOf(
  db: Kysely<Database>,
  mode: ServiceMode,
  now: () => number,
  episode: string | null,
): Promise<DataClock> {
  // The instant a request asked for (`?t=`, docs/decisions/152) is the clock of every dataset.
  const consulte = instantConsulte();
  if (consulte !== null) return { now: consulte, demo: false };
  // A recorded episode keeps its own clock even live: its readings stopped when it was recorded.
  if (episode === null && (await mode.isLive())) return { now: now(), demo: false };
  const realNow = now();
  const latest = await latestObservationTs(db, episode);
  const clock = dataClock(realNow, latest, false);
  // While a replay writes the main dataset's readings, its clock is the replay's instant; a recorded episode keeps
  // its own clock (docs/decisions/088, 142).
  const instant = episode === null ? await replayInstant(db, realNow, latest) : null;
  return instant === null ? clock : { ...clock, now: instant };
}

/**
 * The past instant the main dataset is seen at, else null (now): the instant the request asked for (`?t=`,
 * docs/decisions/152), or a running replay's (docs/decisions/142).
 */
export async function pastInstant(
  db: Kysely<Database>,
  mode: ServiceMode,
  now: () => number,
): Promise<number | null> {
  const consulte = instantConsulte();
  if (consulte !== null) return consulte;
  if (await mode.isLive()) return null;
  // Most of the time no replay runs: one read of the `relecture` row, not the latest reading of every sensor.
  if ((await runningReplay(db, now())) === null) return null;
  return replayInstant(db, now(), await latestObservationTs(db, null));
}

/**
 * The instant of a running replay for a dataset whose latest reading is `latest`, null when the replay does not write
 * this dataset: its latest reading is before the replayed window (another dataset, or the first step not written yet)
 * or after the replay's instant (another dataset: the replay writes no reading after its instant).
 */
export async function replayInstant(
  db: Kysely<Database>,
  realNow: number,
  latest: number | null,
): Promise<number | null> {
  if (latest === null) return null;
  const replay = await runningReplay(db, realNow);
  if (replay === null || latest < replay.debut || latest > replay.instant) return null;
  return replay.instant;
}

/**
 * The observations of the trend window ending with the sensor's latest non-doubtful observation at or before `atMs`,
 * and the doubtful ones after it up to `atMs` (docs/decisions/154), ascending. `capteur.dernier_ts` is the latest
 * non-doubtful observation (the ingestion store keeps it so): when it is at or before `atMs`, no lookup is needed.
 */
async function trendWindow(db: Kysely<Database>, c: CapteurLatest, atMs: number) {
  if (c.dernier_ts === null) return [];
  const last =
    c.dernier_ts <= atMs ? c.dernier_ts : await lastObservationTsAtOrBefore(db, c.id, atMs, { usable: true });
  return last === null ? [] : observationWindow(db, c.id, last - TREND_WINDOW_MS, atMs);
}

/**
 * State of every sensor of the given places at `atMs` (latest non-doubtful observation at or before it, trend over the
 * 3 hours ending with it; a newer doubtful one is named in `douteuse`, docs/decisions/154), freshness judged at `refMs`
 * (usually min(atMs, dataNow)).
 */
export async function capteurStatesAt(
  db: Kysely<Database>,
  lieuIds: readonly number[],
  atMs: number,
  refMs: number = atMs,
): Promise<EtatCapteur[]> {
  const capteurs = await capteursOfLieux(db, lieuIds);
  const states = await Promise.all(
    capteurs.map(async (c) => {
      const read = await trendWindow(db, c, atMs);
      const { courante: last, douteusesApres } = derniereUtilisable(read);
      const window = last ? read.filter((r) => r.ts <= last.ts && !estDouteuse(r.qualification)) : [];
      const trend = computeTrend(window, c.grandeur);
      const douteuse = douteusesApres[0];
      return {
        capteur_id: c.id,
        lieu_id: c.lieu_id,
        grandeur: c.grandeur,
        unite: c.unite,
        libelle: c.libelle,
        valeur: last?.valeur ?? null,
        ts: last?.ts ?? null,
        tendance: trend?.tendance ?? null,
        variation_h: trend?.variation_h ?? null,
        fraicheur: computeFreshness(last?.ts ?? null, refMs, c.pas_min),
        pas_min: c.pas_min,
        classe: null,
        douteuse: douteuse && last ? { ts: douteuse.ts, valeur: douteuse.valeur } : null,
      };
    }),
  );
  return withClasses(db, states);
}

/** Sets the class of each state against the stored band of its value's calendar day (one query). */
async function withClasses(db: Kysely<Database>, states: EtatCapteur[]): Promise<EtatCapteur[]> {
  const valued = states.filter((s) => s.valeur !== null && s.ts !== null);
  if (valued.length === 0) return states;
  const mmjj = (ts: number) => parisDay(ts).slice(5);
  const bands = await bandsOn(
    db,
    valued.map((s) => s.capteur_id),
    [...new Set(valued.map((s) => mmjj(s.ts as number)))],
  );
  if (bands.length === 0) return states;
  const byKey = new Map(bands.map((b) => [`${b.capteur_id}:${b.mmjj}`, b]));
  return states.map((s) => {
    const band = s.valeur !== null && s.ts !== null ? byKey.get(`${s.capteur_id}:${mmjj(s.ts)}`) : undefined;
    return band && s.valeur !== null ? { ...s, classe: classify(s.valeur, band) } : s;
  });
}
