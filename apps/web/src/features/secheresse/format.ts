/** Dates and levels of the drought restrictions in the page's language. */
import { LIBELLES_SECHERESSE, type NiveauSecheresse } from '@limni/shared/domain/secheresse';
import { dateTimeFormat, formatLongDate } from '../../lib/format';
import { currentLangue, currentLocale } from '../../lib/i18n';

/** « 12 juillet 2023 » from a Paris day `2023-07-12`. */
export const jourLong = (day: string) => formatLongDate(Date.parse(`${day}T12:00:00Z`));

/** « juillet 2023 », "July 2023". */
export const moisAnnee = (ms: number) =>
  dateTimeFormat(currentLocale(), { timeZone: 'Europe/Paris', month: 'long', year: 'numeric' }).format(
    new Date(ms),
  );

export const libelleNiveau = (n: NiveauSecheresse) => LIBELLES_SECHERESSE[n][currentLangue()];

/**
 * The colour of a level's badge (its word is always written beside it): the classes of the vigilance and verdict
 * chips, so that the shared stylesheet does not grow.
 */
export const COULEUR_NIVEAU: Readonly<Record<NiveauSecheresse, string>> = {
  vigilance: 'bg-yellow-100 text-yellow-950 border-yellow-600',
  alerte: 'bg-orange-100 text-orange-950 border-orange-600',
  alerte_renforcee: 'bg-red-100 text-red-950 border-red-700',
  crise: 'bg-violet-100 text-violet-950 border-violet-600',
};
