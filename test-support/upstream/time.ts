/**
 * Time shifts: every instant of one recording moves by one constant, so that an anchor instant of the original lands
 * on an instant of the upstream's clock. Offsets are whole seconds (Hub'Eau writes instants to the second).
 */
import { addDays, parisDay, parisOffsetMs } from '@limni/shared/domain/time';

export interface Shift {
  /** Upstream instant of an original instant. */
  toUpstream(originalMs: number): number;
  /** Original instant of an upstream instant. */
  toOriginal(ms: number): number;
  /** upstream − original, ms. */
  readonly offsetMs: number;
}

export function shiftOf(offsetMs: number): Shift {
  return {
    offsetMs,
    toUpstream: (t) => t + offsetMs,
    toOriginal: (t) => t - offsetMs,
  };
}

/**
 * An anchor: the `original` instant of a recording maps to `at` (an absolute upstream instant) or to the start plus
 * `afterStartMs`. Instants may be epoch ms or ISO strings.
 */
export interface Anchor {
  original: number | string;
  at?: number | string;
  afterStartMs?: number;
}

export const toMs = (v: number | string): number => {
  const ms = typeof v === 'number' ? v : Date.parse(v);
  if (!Number.isFinite(ms)) throw new Error(`instant illisible : ${String(v)}`);
  return ms;
};

/** The offset of an anchor given the upstream's start, to the second. */
export function anchorShift(anchor: Anchor, startedAt: number): Shift {
  const target = anchor.at !== undefined ? toMs(anchor.at) : startedAt + (anchor.afterStartMs ?? 0);
  return shiftOf(Math.floor((target - toMs(anchor.original)) / 1000) * 1000);
}

/**
 * `--anchor 2022-01-10T10:30:00Z=+120s` (start + 2 min), `…=-1h`, `…=+0` or `…=2026-12-01T08:00:00Z` (absolute).
 */
export function parseAnchor(spec: string): Anchor {
  const i = spec.indexOf('=');
  if (i < 0) throw new Error(`ancre attendue sous la forme ORIGINAL=+120s ou ORIGINAL=INSTANT : ${spec}`);
  const original = toMs(spec.slice(0, i));
  const target = spec.slice(i + 1);
  const rel = /^([+-])(\d+(?:\.\d+)?)(ms|s|min|h|d)?$/.exec(target);
  if (!rel) return { original, at: toMs(target) };
  const unit = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[rel[3] ?? 's'] ?? 1000;
  return { original, afterStartMs: (rel[1] === '-' ? -1 : 1) * Number(rel[2]) * unit };
}

/** `2026-09-13T07:00:00Z` (no milliseconds). */
export const isoZ = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** `2026-09-13T07:00:00+00:00` (Vigicrues' legacy routes write UTC with an explicit offset). */
export const isoUtcOffset = (ms: number) => isoZ(ms).replace(/Z$/, '+00:00');

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/** Paris wall time with its offset: `2021-01-24T08:16:03+0100` (the bulletin's style). */
export function isoParis(ms: number, colon = false): string {
  const off = parisOffsetMs(ms);
  const wall = isoZ(ms + off).slice(0, 19);
  const h = Math.floor(Math.abs(off) / 3_600_000);
  const m = Math.floor((Math.abs(off) % 3_600_000) / 60_000);
  return `${wall}${off < 0 ? '-' : '+'}${pad(h)}${colon ? ':' : ''}${pad(m)}`;
}

/** An HTTP date (`Retry-After`). */
export const httpDate = (ms: number) => new Date(ms).toUTCString();

/**
 * Whole years added to the daily archive: the year of (today − 2 days, Paris) minus the earliest year in which a
 * daily series ends. Every series then reaches today − 2 days (where the served days are cut) and the calendar
 * stays the calendar (same month and day; 29 February kept only in leap years).
 */
export function dailyYearShift(lastDays: readonly string[], now: number): number {
  const limit = addDays(parisDay(now), -2);
  const earliestEnd = Math.min(...lastDays.map((d) => Number(d.slice(0, 4))));
  return Number(limit.slice(0, 4)) - earliestEnd;
}

/** `YYYY-MM-DD` moved by whole years; null for 29 February landing in a common year. */
export function shiftDay(day: string, years: number): string | null {
  const y = Number(day.slice(0, 4)) + years;
  const md = day.slice(4);
  if (md === '-02-29' && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))) return null;
  return `${String(y).padStart(4, '0')}${md}`;
}

/** The last day obs_elab serves: today − 2 days (Paris). */
export const lastElabDay = (now: number) => addDays(parisDay(now), -2);

export { parisDay, parisOffsetMs, addDays };
