/**
 * The age of a reading against the data clock in one unit (docs/decisions/094): minutes under an hour, hours under
 * 48 h, days under 14, then weeks (under 60 days), months (under a year), years. The web's `formatAgo` follows the same
 * steps; the server-rendered widget (docs/decisions/123) formats this with `Intl.RelativeTimeFormat`.
 */
export type AgeUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/**
 * The style `Intl.RelativeTimeFormat` words each unit in: minutes and hours short (« il y a 12 min », « il y a 3 h »,
 * "3 hr. ago"), longer ages in words (« il y a 2 jours », « il y a 6 mois », « il y a 3 ans », "6 months ago"). The
 * short French month and year (« 6 m. », « 3 a ») read as metres or nothing at all beside a level (ADR 143).
 */
export const AGE_STYLE: Record<AgeUnit, 'short' | 'long'> = {
  minute: 'short',
  hour: 'short',
  day: 'long',
  week: 'long',
  month: 'long',
  year: 'long',
};

/** `ms` relative to `now`, signed (negative in the past), in the unit the app shows. */
export function ageParts(ms: number, now: number): { value: number; unit: AgeUnit } {
  const diff = Math.round((ms - now) / 60_000);
  const days = diff / 1440;
  if (Math.abs(diff) < 60) return { value: diff, unit: 'minute' };
  if (Math.abs(diff) < 48 * 60) return { value: Math.round(diff / 60), unit: 'hour' };
  if (Math.abs(days) < 14) return { value: Math.round(days), unit: 'day' };
  if (Math.abs(days) < 60) return { value: Math.round(days / 7), unit: 'week' };
  if (Math.abs(days) < 365) return { value: Math.round(days / 30.4), unit: 'month' };
  return { value: Math.round(days / 365.25), unit: 'year' };
}
