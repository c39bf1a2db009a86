/**
 * The hourly chronicle table (docs/requirements.md R7.9: rows `{date, heure, valeur, unite}`, thresholds 9 and 40 minutes).
 * Decision (docs/decisions/010):
 * - A observation goes to an hour slot of its Paris wall-clock day: minutes 0–9 → that hour; 40–59 → the next hour,
 *   capped at 23 (a observation at 23:45 stays on 23 h of its own day); 10–39 → that hour (rounded down: the original rule does
 *   not say; every observation thus belongs to a slot, and stations observation at :15 or :30 still fill the table).
 * - One row per slot: the observation nearest to the slot's exact hour (wall-clock minutes) wins; on a tie the later
 *   observation wins (the most recent information).
 */
import { HOUR_MS, parisOffsetMs } from './time';

/** Hour slot (0–23) of a wall-clock time hh:mm. */
export function chroniqueHeure(hour: number, minute: number): number {
  if (minute >= 40) return Math.min(hour + 1, 23);
  return hour;
}

/** Distance in minutes between a wall-clock time and the exact hour of its slot. */
export function chroniqueDistance(hour: number, minute: number): number {
  return Math.abs(hour * 60 + minute - chroniqueHeure(hour, minute) * 60);
}

export interface ChroniqueObservation {
  ts: number;
  valeur: number;
}

export interface ChroniqueRow {
  /** Paris day `YYYY-MM-DD`. */
  date: string;
  /** The hour the reading is rounded to (docs/requirements.md R7.9). */
  heure: number;
  valeur: number;
  unite: string;
  /** The reading's own time (epoch ms): the row of 1 h may hold the reading of 0 h 45. */
  ts: number;
}

// Europe/Paris changes offset on whole UTC hours: one lookup per UTC hour.
const offsetByHour = new Map<number, number>();
function offsetAt(ts: number): number {
  const h = Math.floor(ts / HOUR_MS);
  let o = offsetByHour.get(h);
  if (o === undefined) {
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    o = parisOffsetMs(h * HOUR_MS);
    offsetByHour.set(h, o);
  }
  return o;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Hourly rows (ascending by day and hour) of observations in any order. */
export function chroniqueHoraire(
  observations: readonly ChroniqueObservation[],
  unite: string,
): ChroniqueRow[] {
  const slots = new Map<string, { row: ChroniqueRow; distance: number; ts: number }>();
  for (const r of observations) {
    const wall = new Date(r.ts + offsetAt(r.ts));
    const hour = wall.getUTCHours();
    const minute = wall.getUTCMinutes();
    const date = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
    const heure = chroniqueHeure(hour, minute);
    const distance = chroniqueDistance(hour, minute);
    const key = `${date}T${pad(heure)}`;
    const current = slots.get(key);
    if (!current || distance < current.distance || (distance === current.distance && r.ts > current.ts)) {
      slots.set(key, { row: { date, heure, valeur: r.valeur, unite, ts: r.ts }, distance, ts: r.ts });
    }
  }
  return [...slots.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, s]) => s.row);
}
