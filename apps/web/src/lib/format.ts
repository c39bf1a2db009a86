/**
 * Numbers, units and Europe/Paris times in the page's language: fr-FR or en-US, one locale per language.
 * Nothing here ever prints NaN or an ISO string.
 */
import { AGE_STYLE, ageParts } from '@limni/shared/domain/age';
import { parisParts } from '@limni/shared/domain/time';
import { typographicSign } from '@limni/shared/domain/units';
import { currentLocale } from './i18n';

const TZ = 'Europe/Paris';

/**
 * One `Intl` formatter per locale and options: building one costs far more than using it (tens of microseconds,
 * milliseconds on a slow phone), and a table or an axis formats hundreds of values (the Données tab spent
 * a third of its blocking time building formatters). `options` are written as literals at each call site, so their
 * key order is stable.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<F>(cache: Map<string, F>, locale: string, options: object, make: () => F): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(dateFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

function relativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached(relativeFormats, locale, options, () => new Intl.RelativeTimeFormat(locale, options));
}

function nf(digits: number): Intl.NumberFormat {
  const locale = currentLocale();
  const options = { minimumFractionDigits: digits, maximumFractionDigits: digits };
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** "2,84 m", "123 m³/s"; "—" for a missing value. */
export function formatValue(value: number | null | undefined, unite: string, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const d = digits ?? (unite === 'm' ? 2 : Math.abs(value) >= 100 ? 0 : 1);
  return `${typographicSign(nf(d).format(value))}\u00a0${unite}`;
}

export function formatNumber(value: number, digits = 0): string {
  return typographicSign(nf(digits).format(value));
}

/** The share `part` of `total` in percent: « 4 % »; one decimal under 1 %, so that a few never read « 0 % ». */
export function formatPercent(part: number, total: number): string {
  const ratio = total > 0 ? part / total : 0;
  const digits = ratio > 0 && ratio < 0.01 ? 1 : 0;
  const locale = currentLocale();
  const options = { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits } as const;
  return cached(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options)).format(ratio);
}

/** "31/01/2022 à 14h30" (French), "Jan 31, 2022, 2:30 PM" (US English), in Europe/Paris. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  if (currentLocale() !== 'fr-FR') {
    return dateTimeFormat(currentLocale(), {
      timeZone: TZ,
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(d);
  }
  const date = dateTimeFormat('fr-FR', {
    timeZone: TZ,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(d);
  const parts = dateTimeFormat('fr-FR', {
    timeZone: TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const h = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const m = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return `${date} à ${h}h${m}`;
}

/** "31 janvier 2022", "1er février 2022" in Europe/Paris. */
export function formatLongDate(ms: number): string {
  const text = dateTimeFormat(currentLocale(), {
    timeZone: TZ,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(ms));
  // French writes the first day of a month as an ordinal: « le 1er février ».
  return currentLocale() === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
}

/**
 * "il y a 12 min", "il y a 3 h", "il y a 2 jours", "il y a 3 semaines", "il y a 6 mois", "il y a 3 ans" relative to
 * `now`, in the units and words of `@limni/shared/domain/age` (ADR 143).
 */
export function formatAgo(ms: number, now: number = Date.now()): string {
  const diff = Math.round((ms - now) / 60_000);
  // Within the minute: « maintenant » / "now", never « dans 0 min ».
  if (diff === 0) {
    return relativeTimeFormat(currentLocale(), { numeric: 'auto' }).format(0, 'second');
  }
  const { value, unit } = ageParts(ms, now);
  return relativeTimeFormat(currentLocale(), { numeric: 'always', style: AGE_STYLE[unit] }).format(
    value,
    unit,
  );
}

/**
 * The age of a reading against the screen's clock: a reading is never « dans 15 min » (docs/decisions/142). One later
 * than the clock (a clock a step behind the data, a device's clock behind the server's) reads « maintenant ».
 */
export function formatObservationAge(ms: number, now: number): string {
  return formatAgo(Math.min(ms, now), now);
}

/** The demo clock: "1er février 2022, 01 h 00" (French), "February 1, 2022 at 1:00 AM" (US English), Europe/Paris. */
export function formatClock(ms: number): string {
  if (currentLocale() !== 'fr-FR') {
    return dateTimeFormat(currentLocale(), {
      timeZone: TZ,
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(new Date(ms));
  }
  const parts = dateTimeFormat('fr-FR', {
    timeZone: TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const h = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const m = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return `${formatLongDate(ms)}, ${h} h ${m}`;
}

/**
 * Builds the formatters the first screen of every page uses (the demo clock, a measured value, Paris parts). The
 * first `Intl` formatter of a page loads ICU's locale and time-zone data: tens of milliseconds on a phone, which the
 * boot spends in a task of its own rather than inside the first render (docs/decisions/132).
 */
export function prepareFormats(now: number): void {
  formatClock(now);
  formatValue(0, 'm');
  formatTimeOfDay(now);
}

/** The time of day of an instant in Paris: « 0 h 45 » (French), « 12:45 AM » (US English). */
export function formatTimeOfDay(ms: number): string {
  if (currentLocale() === 'fr-FR') {
    const { hour, minute } = parisParts(ms);
    return `${hour} h ${String(minute).padStart(2, '0')}`;
  }
  return dateTimeFormat(currentLocale(), { timeZone: TZ, hour: 'numeric', minute: '2-digit' }).format(
    new Date(ms),
  );
}

/** An hour of the day (0–23, Paris wall time): « 0 h », « 13 h » (French), « 12 AM », « 1 PM » (US English). */
export function formatHourOfDay(hour: number): string {
  if (currentLocale() === 'fr-FR') return `${hour} h`;
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A duration in words: "12 min", "3 h", "5 j", "6 mois". */
export function formatDuration(ms: number): string {
  const min = Math.max(0, Math.round(ms / 60_000));
  if (min < 60) return `${min}\u00a0min`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h}\u00a0h`;
  const d = Math.round(h / 24);
  if (d < 60) return currentLocale() === 'fr-FR' ? `${d}\u00a0j` : `${d}\u00a0d`;
  const months = Math.round(d / 30.4);
  return currentLocale() === 'fr-FR' ? `${months}\u00a0mois` : `${months}\u00a0months`;
}
