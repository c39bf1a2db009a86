/**
 * Whether a reading received from an upstream is plausible (docs/decisions/136). A value outside its sensor's
 * bounds is set aside: it never becomes the current value, a verdict, a class, an alert or part of a
 * series. The bounds are deliberately wide — a real flood judged implausible would silence its alerts, which is far worse
 * than letting an odd value through — so they catch what cannot be water: a redirect's 100 m at Toulouse, a flow in
 * l/s read as m³/s, a jump of tens of metres in minutes.
 *
 * - Physics: a height (stage above the gauge zero) between −30 and 60 m; a flow between −1,000 and 60,000 m³/s
 *   (the Rhône's largest floods are about 13,000 m³/s; tidal sites give negative flows).
 * - History, when the sensor has at least three years of daily archive: a height within its record range widened by
 *   the range itself (at least 3 m) on each side; a flow at most ten times its record daily mean plus 100 m³/s, and
 *   not below its record minimum by more than the range (at least 10 m³/s).
 * - Jump, against the previous plausible reading of the last six hours: a height may move 1 m plus 6 m an hour (the
 *   fastest French flash floods rose about 2–3 m an hour). Flows are not judged by jumps: a small river's flow
 *   can rise a hundredfold within an hour. A shift that lasts more than six hours is therefore accepted.
 */
import { HOUR_MS, MINUTE_MS } from './time';

export type GrandeurMesuree = 'H' | 'Q';

/** Why a reading is implausible, with the figure it was compared with (stored units). */
export type RaisonEcartee =
  | { code: 'bornes'; min: number; max: number }
  | { code: 'historique'; min: number; max: number }
  | { code: 'saut'; reference: number; minutes: number };

export interface ObservationToJudge {
  ts: number;
  valeur: number;
}

/** The record daily values of a sensor's archive (its climatology), when it spans at least `HISTORY_MIN_YEARS`. */
export interface HistoryRange {
  min: number;
  max: number;
  years: number;
}

export const PHYSICAL_BOUNDS: Record<GrandeurMesuree, { min: number; max: number }> = {
  H: { min: -30, max: 60 },
  Q: { min: -1_000, max: 60_000 },
};

export const HISTORY_MIN_YEARS = 3;
/** A previous reading older than this is not compared with (a lasting shift is accepted). */
export const JUMP_WINDOW_MS = 6 * HOUR_MS;
/** A height may move this much, plus `H_JUMP_PER_HOUR` an hour. */
export const H_JUMP_BASE = 1;
export const H_JUMP_PER_HOUR = 6;

/** The plausible range a history allows, null when it is too short to say. */
export function historyBounds(
  g: GrandeurMesuree,
  h: HistoryRange | null,
): { min: number; max: number } | null {
  if (!h || h.years < HISTORY_MIN_YEARS) return null;
  const span = h.max - h.min;
  if (g === 'H') {
    const margin = Math.max(3, span);
    return { min: h.min - margin, max: h.max + margin };
  }
  return { min: Math.min(h.min, 0) - Math.max(10, span), max: Math.max(h.max, 0) * 10 + 100 };
}

/** Null when the reading is plausible, else why it is implausible. Pure. */
export function judgeObservation(
  g: GrandeurMesuree,
  r: ObservationToJudge,
  previous: ObservationToJudge | null,
  history: HistoryRange | null,
): RaisonEcartee | null {
  const phys = PHYSICAL_BOUNDS[g];
  if (!Number.isFinite(r.valeur) || r.valeur < phys.min || r.valeur > phys.max) {
    return { code: 'bornes', min: phys.min, max: phys.max };
  }
  const hist = historyBounds(g, history);
  if (hist && (r.valeur < hist.min || r.valeur > hist.max)) {
    return { code: 'historique', min: hist.min, max: hist.max };
  }
  if (g === 'H' && previous && r.ts > previous.ts && r.ts - previous.ts <= JUMP_WINDOW_MS) {
    const hours = Math.max(r.ts - previous.ts, 5 * MINUTE_MS) / HOUR_MS;
    if (Math.abs(r.valeur - previous.valeur) > H_JUMP_BASE + H_JUMP_PER_HOUR * hours) {
      return {
        code: 'saut',
        reference: previous.valeur,
        minutes: Math.round((r.ts - previous.ts) / MINUTE_MS),
      };
    }
  }
  return null;
}
