/**
 * The widget's words in French and English (docs/decisions/123), and its number and date formats: « 0,70 m »,
 * « 31 janv. 2022 à 23 h 45 » in French, « 0.70 m », « Jan 31, 2022, 11:45 PM » in en-US; times are Europe/Paris.
 */
import type { EmbedLang } from '@limni/shared/contracts/embed';
import { AGE_STYLE, ageParts } from '@limni/shared/domain/age';
import type { Classe } from '@limni/shared/domain/climatologie';
import type { Tendance } from '@limni/shared/domain/trend';
import type { Verdict } from '@limni/shared/domain/verdict';
import { typographicSign } from '@limni/shared/domain/units';

export interface EmbedMessages {
  locale: string;
  lac: string;
  riviere: string;
  tendance: Record<Tendance, string>;
  classe: Record<Classe, string>;
  verdict: Record<Verdict, string>;
  /** Thresholds without enough history behind them (docs/decisions/141): no opinion, not « inconnu ». */
  sansAvis: string;
  activites: Record<string, string>;
  grandeur: Record<'H' | 'Q' | 'T', string>;
  eaux: (classe: string, jour: string) => string;
  habituel: (bas: string, haut: string, periode: string) => string;
  moyenneDu: (jour: string) => string;
  donneesAnciennes: string;
  aucuneStation: string;
  aucuneMesure: string;
  source: string;
  /** The colon before a value: French typography puts a no-break space before it, English none. */
  deuxPoints: string;
  voirSurLimni: string;
  demo: (horloge: string) => string;
  sparkline: (duree: string, min: string, max: string) => string;
  h48: string;
  j30: string;
  introuvable: string;
  requeteInvalide: string;
  lieux: string;
}

const FR: EmbedMessages = {
  locale: 'fr-FR',
  lac: 'Lac',
  riviere: 'Rivière',
  tendance: {
    hausse_rapide: 'en hausse rapide',
    hausse: 'en hausse',
    stable: 'stable',
    baisse: 'en baisse',
    baisse_rapide: 'en baisse rapide',
  },
  classe: {
    'tres-basses': 'très basses',
    basses: 'basses',
    normales: 'normales',
    hautes: 'hautes',
    'tres-hautes': 'très hautes',
  },
  verdict: {
    'trop bas': 'trop bas',
    praticable: 'praticable',
    'trop haut': 'trop haut',
    déconseillé: 'déconseillé',
    inconnu: 'inconnu',
  },
  sansAvis: 'pas d’avis',
  activites: {},
  grandeur: { H: 'Hauteur', Q: 'Débit', T: 'Température' },
  eaux: (classe, jour) => `Eaux ${classe} pour un ${jour}`,
  habituel: (bas, haut, periode) => `D’habitude entre ${bas} et ${haut} à cette date (${periode}).`,
  moyenneDu: (jour) => `moyenne du ${jour}`,
  donneesAnciennes: 'Donnée ancienne',
  aucuneStation: 'Aucune station de mesure n’est reliée à ce lieu.',
  aucuneMesure: 'Pas de mesure disponible pour ce lieu.',
  source: 'Source',
  deuxPoints: ' :',
  voirSurLimni: 'Voir sur Limni',
  demo: (horloge) => `Démonstration : âges comptés depuis l’horloge des données, ${horloge}.`,
  sparkline: (duree, min, max) => `${duree} jusqu’à cette valeur : de ${min} à ${max}`,
  h48: '48 h',
  j30: '30 jours',
  introuvable: 'Introuvable',
  requeteInvalide: 'Adresse non valide',
  lieux: 'Lieux',
};

const EN: EmbedMessages = {
  locale: 'en-US',
  lac: 'Lake',
  riviere: 'River',
  tendance: {
    hausse_rapide: 'rising fast',
    hausse: 'rising',
    stable: 'steady',
    baisse: 'falling',
    baisse_rapide: 'falling fast',
  },
  classe: {
    'tres-basses': 'very low',
    basses: 'low',
    normales: 'normal',
    hautes: 'high',
    'tres-hautes': 'very high',
  },
  verdict: {
    'trop bas': 'too low',
    praticable: 'suitable',
    'trop haut': 'too high',
    déconseillé: 'advised against',
    inconnu: 'unknown',
  },
  sansAvis: 'no opinion',
  activites: {
    baignade: 'Swimming',
    peche: 'Fishing',
    'canoe-kayak': 'Canoeing and kayaking',
    voile: 'Sailing',
    aviron: 'Rowing',
    'stand-up-paddle': 'Stand-up paddle',
  },
  grandeur: { H: 'Water level', Q: 'Flow', T: 'Temperature' },
  eaux: (classe, jour) => `${classe.charAt(0).toUpperCase()}${classe.slice(1)} water for ${jour}`,
  habituel: (bas, haut, periode) => `Usually between ${bas} and ${haut} on this date (${periode}).`,
  moyenneDu: (jour) => `daily mean of ${jour}`,
  donneesAnciennes: 'Old reading',
  aucuneStation: 'No gauging station is linked to this place.',
  aucuneMesure: 'No reading available for this place.',
  source: 'Source',
  deuxPoints: ':',
  voirSurLimni: 'See on Limni',
  demo: (horloge) => `Demonstration: ages counted from the data clock, ${horloge}.`,
  sparkline: (duree, min, max) => `${duree} up to this value: ${min} to ${max}`,
  h48: '48 h',
  j30: '30 days',
  introuvable: 'Not found',
  requeteInvalide: 'Invalid address',
  lieux: 'Places',
};

export const embedMessages = (lang: EmbedLang): EmbedMessages => (lang === 'en' ? EN : FR);

const TZ = 'Europe/Paris';
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();
function memo<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

/** The place page's precision (web `formatValue`): 2 decimals in metres, else 1 (0 from 100). */
export function formatValeur(m: EmbedMessages, valeur: number, unite: string): string {
  const d = unite === 'm' ? 2 : Math.abs(valeur) >= 100 ? 0 : 1;
  const nf = memo(
    `n|${m.locale}|${d}`,
    () => new Intl.NumberFormat(m.locale, { minimumFractionDigits: d, maximumFractionDigits: d }),
  );
  return `${typographicSign(nf.format(valeur))}\u00a0${unite}`;
}

/** The rate of the trend: « +2,1 cm/h » for heights, « −3,5 m³/s/h » otherwise (as the place page). */
export function formatRate(m: EmbedMessages, variationH: number, unite: string): string {
  const sign = variationH > 0 ? '+' : variationH < 0 ? '−' : '±';
  const abs = Math.abs(variationH);
  const n = (v: number, d: number) =>
    memo(
      `n|${m.locale}|${d}`,
      () => new Intl.NumberFormat(m.locale, { minimumFractionDigits: d, maximumFractionDigits: d }),
    ).format(v);
  if (unite === 'm') return `${sign}${n(abs * 100, abs * 100 < 10 ? 1 : 0)}\u00a0cm/h`;
  return `${sign}${n(abs, abs < 10 ? 1 : 0)}\u00a0${unite}/h`;
}

/** « 31 janv. 2022 à 23 h 45 » / « Jan 31, 2022, 11:45 PM » (Europe/Paris). */
export function formatInstant(m: EmbedMessages, ms: number): string {
  const d = new Date(ms);
  if (m.locale !== 'fr-FR') {
    return memo(
      `dt|${m.locale}`,
      () => new Intl.DateTimeFormat(m.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: TZ }),
    ).format(d);
  }
  const parts = memo(
    'hm|fr',
    () =>
      new Intl.DateTimeFormat('fr-FR', {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: TZ,
      }),
  ).formatToParts(d);
  const h = parts.find((p) => p.type === 'hour')?.value ?? '00';
  const min = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return `${formatJour(m, ms)} à ${h}\u00a0h\u00a0${min}`;
}

/** « 31 janv. 2022 », « 1er févr. 2022 » / « Jan 31, 2022 » (Europe/Paris). */
export function formatJour(m: EmbedMessages, ms: number): string {
  const text = memo(
    `d|${m.locale}`,
    () => new Intl.DateTimeFormat(m.locale, { dateStyle: 'medium', timeZone: TZ }),
  ).format(new Date(ms));
  return m.locale === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
}

/** « 31 janvier » / « January 31 » (Europe/Paris). */
export function formatJourMois(m: EmbedMessages, ms: number): string {
  const text = memo(
    `dm|${m.locale}`,
    () => new Intl.DateTimeFormat(m.locale, { day: 'numeric', month: 'long', timeZone: TZ }),
  ).format(new Date(ms));
  return m.locale === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
}

/** « il y a 3 h », « il y a 6 mois » / « 3 hr. ago », "6 months ago" against the data clock (ADRs 094, 143). */
export function formatAge(m: EmbedMessages, ms: number, now: number): string {
  const { value, unit } = ageParts(ms, now);
  if (value === 0 && unit === 'minute') {
    return memo(`ra|${m.locale}`, () => new Intl.RelativeTimeFormat(m.locale, { numeric: 'auto' })).format(
      0,
      'second',
    );
  }
  const style = AGE_STYLE[unit];
  return memo(
    `r|${m.locale}|${style}`,
    () => new Intl.RelativeTimeFormat(m.locale, { numeric: 'always', style }),
  ).format(value, unit);
}
