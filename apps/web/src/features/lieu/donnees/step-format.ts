/**
 * How the dates of a drawn series are said (docs/decisions/143): a series of daily values by its days, never a time of
 * day (a daily mean is stored at noon UTC, which reads « 13 h 00 »); with the year when the window spans more than
 * one calendar year or lies in another year than the data clock's.
 */
import { isDaily } from '../../hydro';
import { PARIS_TZ, parisParts } from '@limni/shared/domain/time';
import { dateTimeFormat, formatTimeOfDay } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

export interface SeriesDateStyle {
  /** One value per day: said by its date alone. */
  daily: boolean;
  /** Dates carry their year. */
  year: boolean;
}

export function seriesDateStyle(o: {
  pasMin: number | null | undefined;
  /** The values are the daily archive's (« 5 ans », « Tout »). */
  fromArchive: boolean;
  debut: number;
  fin: number;
  /** The data clock. */
  now: number;
}): SeriesDateStyle {
  const year = (ms: number) => parisParts(ms).year;
  return {
    daily: o.fromArchive || isDaily(o.pasMin),
    year: year(o.debut) !== year(o.fin) || year(o.fin) !== year(o.now),
  };
}

/**
 * « 12 décembre 2003 », « 11 janvier à 7 h 15 », « 1er février 2022 à 0 h 45 »; "December 12, 2003",
 * "January 11, 7:15 AM" (Europe/Paris).
 */
export function formatSeriesDate(ms: number, style: SeriesDateStyle): string {
  const fr = currentLocale() === 'fr-FR';
  const text = dateTimeFormat(currentLocale(), {
    timeZone: PARIS_TZ,
    day: 'numeric',
    month: 'long',
    ...(style.year ? { year: 'numeric' } : {}),
  }).format(new Date(ms));
  const day = fr ? text.replace(/^1 /, '1er ') : text;
  if (style.daily) return day;
  return fr ? `${day} à ${formatTimeOfDay(ms)}` : `${day}, ${formatTimeOfDay(ms)}`;
}
