/**
 * Calendar days in Europe/Paris and instants in epoch milliseconds (UTC).
 * A day in a path (`YYYY-MM-DD`) runs from local midnight to the next local midnight:
 * 23 hours on the last Sunday of March, 25 hours on the last Sunday of October.
 */

export const PARIS_TZ = 'Europe/Paris';
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD` (rejects 2022-13-45, 2022-02-30). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1800 || y > 2200 || mo < 1 || mo > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d;
}

/** One formatter per IANA zone (building one costs far more than using it). */
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

export interface WallClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Wall-clock parts of an instant in an IANA zone; throws a RangeError for an unknown zone. */
function zoneParts(ms: number, timeZone: string): WallClockParts {
  const out: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year ?? 0,
    month: out.month ?? 0,
    day: out.day ?? 0,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/**
 * Offsets of Europe/Paris by UTC hour. The zone changes offset only on the hour in UTC (at 01:00 UTC since 1996), so
 * an hour's offset is that of its start: one `formatToParts` per hour seen instead of one per instant (a chart or a
 * table reads hundreds of instants). Checked against `Intl` in time.test.ts for the hours from 22:00 to
 * 03:00 UTC of every day of 1975–2040, which hold every change of those years (the data start in 1975).
 */
const parisOffsets = new Map<number, number>();

/** Offset of Europe/Paris from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
export function parisOffsetMs(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = parisOffsets.get(hour);
  if (offset === undefined) {
    if (parisOffsets.size >= 200_000) parisOffsets.clear();
    offset = zoneOffsetMs(hour * HOUR_MS, PARIS_TZ);
    parisOffsets.set(hour, offset);
  }
  return offset;
}

/** Wall-clock parts of an instant in Europe/Paris. */
export function parisParts(ms: number): WallClockParts {
  const wall = new Date(ms + parisOffsetMs(ms));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/**
 * Offset of an IANA zone from UTC at an instant, in milliseconds (east positive: Paris +1 h in winter, +2 h in
 * summer; New York −5 h in winter). Throws a RangeError for an unknown zone.
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const p = zoneParts(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The instant of a Paris wall-clock time (for times skipped in spring, the first valid instant after). */
export function parisWallToUtc(year: number, month: number, day: number, hour = 0, minute = 0): number {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let t = guess - parisOffsetMs(guess);
  t = guess - parisOffsetMs(t);
  return t;
}

/** `YYYY-MM-DD` of an instant in Europe/Paris. */
export function parisDay(ms: number): string {
  const p = parisParts(ms);
  return `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Adds whole calendar days to a `YYYY-MM-DD` day. */
export function addDays(day: string, n: number): string {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`Jour invalide : ${day}`);
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n));
  return d.toISOString().slice(0, 10);
}

/** [start, end) instants of a Paris calendar day. */
export function parisDayRange(day: string): { start: number; end: number } {
  const m = ISO_DAY.exec(day);
  if (!m) throw new RangeError(`Jour invalide : ${day}`);
  const next = addDays(day, 1);
  const n = ISO_DAY.exec(next);
  if (!n) throw new RangeError(`Jour invalide : ${next}`);
  return {
    start: parisWallToUtc(Number(m[1]), Number(m[2]), Number(m[3])),
    end: parisWallToUtc(Number(n[1]), Number(n[2]), Number(n[3])),
  };
}

/** [start, end) of the `nb` Paris days ending with `day` (inclusive). */
export function parisDaysRange(day: string, nb: number): { start: number; end: number } {
  return { start: parisDayRange(addDays(day, -(nb - 1))).start, end: parisDayRange(day).end };
}
