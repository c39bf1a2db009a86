/**
 * The instant consulted (« Voir à une autre date », docs/decisions/152): any page of the app and every read of the API
 * can be asked as it was at a past instant, written in the address as Paris wall-clock time, `?t=2022-01-11T07:15`
 * (a day alone, `?t=2022-01-11`, is its midnight). The API answers as its data clock would have at that instant; the web
 * carries the parameter from page to page.
 */
import { isIsoDay, parisParts, parisWallToUtc } from './time';

/** Name of the query parameter, on the web app's addresses and on the API's. */
export const INSTANT_PARAM = 't';

const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}))?$/;

/**
 * The instant of `2022-01-11T07:15` or `2022-01-11` read as Paris wall-clock time, null when malformed (unreal day,
 * hour past 23, minute past 59). A time skipped when clocks go forward (02:30 on the last Sunday of March) is read an
 * hour later, as the clocks moved (03:30).
 */
export function parseInstantConsulte(value: string): number | null {
  const m = INSTANT.exec(value);
  if (!m) return null;
  const day = m[1] as string;
  if (!isIsoDay(day)) return null;
  const hour = m[2] === undefined ? 0 : Number(m[2]);
  const minute = m[3] === undefined ? 0 : Number(m[3]);
  if (hour > 23 || minute > 59) return null;
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return parisWallToUtc(y, mo, d, hour, minute);
}

/** `YYYY-MM-DDTHH:mm`, Paris wall-clock time, of an instant (seconds dropped): what `parseInstantConsulte` reads. */
export function formatInstantConsulte(ms: number): string {
  const p = parisParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${String(p.year).padStart(4, '0')}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

/**
 * How long after an instant its answers may still change: Hub'Eau corrects real-time readings within the 30 days it
 * keeps them. Answers at an older instant are cached for ever (with their ETag).
 */
export const CORRECTIONS_MS = 31 * 86_400_000;
