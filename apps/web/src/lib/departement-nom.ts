/**
 * A département as the page names it. Water bodies abroad (Swiss lakes, Belgian rivers) carry INSEE's code 99,
 * stored as « Étranger »: « Abroad » in English, and without the code, which is not a département's.
 */
import { currentLangue, type Langue } from './i18n';

/** INSEE's code of places abroad (seed `DEPARTEMENT_ETRANGER`). */
export const DEPARTEMENT_ETRANGER = '99';

export function nomDepartement(d: { code: string; nom: string }, langue: Langue = currentLangue()): string {
  if (d.code !== DEPARTEMENT_ETRANGER) return d.nom;
  return langue === 'en' ? 'Abroad' : d.nom;
}

/** « Haute-Savoie (74) »; abroad « Étranger » / « Abroad ». */
export function libelleDepartement(
  d: { code: string; nom: string },
  langue: Langue = currentLangue(),
): string {
  return d.code === DEPARTEMENT_ETRANGER ? nomDepartement(d, langue) : `${d.nom} (${d.code})`;
}

/** The basin the demo gives the Swiss lakes (seed `buildBassins`, slug `suisse`); the others are proper nouns. */
const BASSINS_EN: Readonly<Record<string, string>> = { suisse: 'Swiss lakes (FOEN)' };

export function nomBassin(b: { slug: string; nom: string }, langue: Langue = currentLangue()): string {
  return (langue === 'en' && BASSINS_EN[b.slug]) || b.nom;
}
