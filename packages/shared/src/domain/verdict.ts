/**
 * The activity verdict of a place: one pure rule used by the API (and readable by the UI).
 * See docs/decisions/016-activity-verdict.md.
 *
 * Order of the rule:
 * 1. vigilance orange or red (level ≥ 3) in force on the place's tronçon → `déconseillé`, whatever the observations;
 * 2. no threshold for the activity at the place → `inconnu` (« pas assez d'historique pour un avis » when the
 *    activity is offered there but the place lacks the years of daily values thresholds need, ADR 141);
 * 3. no up-to-date observation (freshness `a_jour`) of a quantity that has a threshold → `inconnu`;
 * 4. otherwise each quantity with a threshold and an up-to-date observation is compared with its bounds (inclusive):
 *    below `seuil_bas` → `trop bas`, above `seuil_haut` → `trop haut`, else `praticable`; the first quantity
 *    (H, then Q, then T) that is not `praticable` gives the verdict. The reason says what the bounds are: the
 *    percentiles of the named years' daily values, never a physical consequence.
 */
import { parisParts } from './time';
import type { Fraicheur } from './trend';
import { typographicSign, type Grandeur } from './units';

/** The language of the sentences: French by default, US English when asked. */
export type LangueVerdict = 'fr' | 'en';

/** The verdicts, as the words shown to people (docs/requirements.md R4.3, R7.12: chip with icon + word). */
export const VERDICTS = ['trop bas', 'praticable', 'trop haut', 'déconseillé', 'inconnu'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Vigilance level from which an activity is advised against: 3 = orange, 4 = rouge. */
export const NIVEAU_VIGILANCE_DECONSEILLE = 3;

/**
 * The fewest complete calendar years of daily values a place needs before Limni gives an opinion on an activity there
 * (docs/decisions/141): below it, no threshold, « pas assez d'historique pour un avis ».
 */
export const MIN_ANNEES_HISTORIQUE = 10;

/** Said wherever indicative thresholds are used (API answers, UI). */
export const AVERTISSEMENT_SEUILS_INDICATIFS =
  'Seuils indicatifs calculés par Limni : chacun est un centile des valeurs journalières du lieu sur au moins ' +
  `${MIN_ANNEES_HISTORIQUE} ans, la période nommée ; ils disent seulement si l'eau est plus basse ou plus haute que ` +
  "d'habitude, rien de l'état du fond, des berges ou du courant, et ne remplacent ni l'observation sur place, ni les " +
  'consignes et arrêtés locaux, ni la vigilance crues officielle (vigicrues.gouv.fr).';

/** The same warning in US English. */
export const AVERTISSEMENT_SEUILS_INDICATIFS_EN =
  'Indicative thresholds computed by Limni: each is a percentile of the daily values of the place over at least ' +
  `${MIN_ANNEES_HISTORIQUE} years, the period named; they only say whether the water is lower or higher than usual, ` +
  'nothing about the bed, the banks or the current, and they replace neither looking at the water on site, nor ' +
  'local rules and orders, nor the official flood warning (vigicrues.gouv.fr).';

/**
 * What a threshold rests on (docs/decisions/141): a published reference, percentiles of the place's long daily
 * archive over named years (of daily means or daily maxima), or nothing: not enough history for an opinion.
 */
export interface FondementSeuil {
  kind: 'reference' | 'archive' | 'historique_insuffisant';
  /** First and last complete year of the archive the percentiles are taken from (null outside `archive`). */
  annee_debut: number | null;
  annee_fin: number | null;
  /** Which daily value the archive holds. */
  statistique: 'moyenne' | 'max' | null;
  /** The percentiles of the bounds (10 for the 10th), null on a side without a bound. */
  centile_bas: number | null;
  centile_haut: number | null;
}

/** « Pas assez d'historique pour un avis » and its English, with the rule. */
export function raisonSansHistorique(langue: LangueVerdict = 'fr'): string {
  return langue === 'en'
    ? `Not enough history for an opinion: Limni needs at least ${MIN_ANNEES_HISTORIQUE} complete years of daily values at a place to say whether its water is low or high.`
    : `Pas assez d’historique pour un avis : il faut à Limni au moins ${MIN_ANNEES_HISTORIQUE} années complètes de valeurs journalières à un lieu pour dire si son eau est basse ou haute.`;
}

export interface SeuilVerdict {
  grandeur: Grandeur;
  seuil_bas: number | null;
  seuil_haut: number | null;
  indicatif: boolean;
  /** What the bounds rest on; absent for thresholds stored before grounds were named. */
  fondement?: FondementSeuil | null;
}

/** A sensor's latest observation at the reference instant (valeur and ts null when there is none). */
export interface ObservationCapteur {
  grandeur: Grandeur;
  unite: string;
  valeur: number | null;
  ts: number | null;
  fraicheur: Fraicheur;
  /** The sensor's native step in minutes: a daily mean (≥ 1440) is named by its day, not a time of day. */
  pas_min?: number | null;
}

export interface VigilanceEnVigueur {
  /** Vigicrues level 1–4. */
  niveau: number;
  /** Name of the tronçon, for the reason. */
  troncon: string;
}

export interface VerdictInput<L extends ObservationCapteur, S extends SeuilVerdict> {
  seuils: readonly S[];
  observations: readonly L[];
  vigilance: VigilanceEnVigueur | null;
}

export interface VerdictResult<L extends ObservationCapteur, S extends SeuilVerdict> {
  verdict: Verdict;
  /** Why, in one sentence in the asked language (French by default). */
  raison: string;
  /** The observation the verdict rests on (possibly stale when `inconnu`), null when none. */
  observation: L | null;
  /** The thresholds compared with that observation, null when none. */
  seuil: S | null;
}

const ORDRE_GRANDEURS: readonly Grandeur[] = ['H', 'Q', 'T'];
const NOMS_GRANDEURS: Record<Grandeur, string> = { H: 'hauteur', Q: 'débit', T: 'température' };
const NOMS_VIGILANCE = ['', 'verte', 'jaune', 'orange', 'rouge'];
const NOMS_GRANDEURS_EN: Record<Grandeur, string> = { H: 'water level', Q: 'flow', T: 'temperature' };
const NOMS_VIGILANCE_EN = ['', 'green', 'yellow', 'orange', 'red'];

const formatters = new Map<string, Intl.NumberFormat>();
function nombre(v: number, decimals: number, langue: LangueVerdict): string {
  const key = `${langue}${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(langue === 'en' ? 'en-US' : 'fr-FR', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, f);
  }
  return typographicSign(f.format(v));
}

/** A value with its unit at sensor precision: "0,86 m", "123,5 m³/s", "12,4 °C" ("0.86 m" in English). */
export function formatValeur(
  grandeur: Grandeur,
  valeur: number,
  unite: string,
  langue: LangueVerdict = 'fr',
): string {
  const abs = Math.abs(valeur);
  const decimals = grandeur === 'H' ? 2 : grandeur === 'T' ? 1 : abs < 10 ? 2 : abs < 100 ? 1 : 0;
  return `${nombre(valeur, decimals, langue)} ${unite}`;
}

/** "le 31/01/2022 à 23h55" in Europe/Paris. */
export function formatInstant(ms: number): string {
  const p = parisParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `le ${two(p.day)}/${two(p.month)}/${p.year} à ${two(p.hour)}h${two(p.minute)}`;
}

/** "on 01/31/2022 at 11:55 PM" in Europe/Paris (US English). */
function formatInstantEn(ms: number): string {
  const p = parisParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  const h12 = p.hour % 12 === 0 ? 12 : p.hour % 12;
  return `on ${two(p.month)}/${two(p.day)}/${p.year} at ${h12}:${two(p.minute)} ${p.hour < 12 ? 'AM' : 'PM'}`;
}

/** "31/12/2018" (Europe/Paris), "12/31/2018" in English. */
function formatDay(ms: number, langue: LangueVerdict): string {
  const p = parisParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return langue === 'en'
    ? `${two(p.month)}/${two(p.day)}/${p.year}`
    : `${two(p.day)}/${two(p.month)}/${p.year}`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The daily values an archive ground counts: « des débits moyens journaliers de 1999 à 2018 » (EN likewise). */
function joursDe(f: FondementSeuil, grandeur: Grandeur, langue: LangueVerdict): string {
  const max = f.statistique === 'max';
  if (langue === 'en') {
    const what = `daily ${max ? 'maximum' : 'mean'} ${grandeur === 'Q' ? 'flows' : 'water levels'}`;
    return `the ${what} of ${f.annee_debut}–${f.annee_fin}`;
  }
  const what =
    grandeur === 'Q'
      ? `débits ${max ? 'maximaux' : 'moyens'} journaliers`
      : `hauteurs ${max ? 'maximales' : 'moyennes'} journalières`;
  return `des ${what} de ${f.annee_debut} à ${f.annee_fin}`;
}

/**
 * The reason of a verdict by percentile thresholds, worded as what they are: « Débit de 3,20 m³/s, plus bas que 90 %
 * des débits moyens journaliers de 1999 à 2018 (seuil bas indicatif : 4,10 m³/s). »
 */
function raisonCentiles(
  verdict: Verdict,
  what: string,
  f: FondementSeuil,
  seuil: SeuilVerdict,
  grandeur: Grandeur,
  fmt: (v: number) => string,
  langue: LangueVerdict,
): string {
  const jours = joursDe(f, grandeur, langue);
  const { seuil_bas: bas, seuil_haut: haut, centile_bas: cb, centile_haut: ch } = { ...seuil, ...f };
  if (langue === 'en') {
    if (verdict === 'trop bas') {
      return `${what}, lower than ${100 - (cb ?? 0)}% of ${jours} (indicative low threshold: ${fmt(bas as number)}).`;
    }
    if (verdict === 'trop haut') {
      return `${what}, higher than ${ch}% of ${jours} (indicative high threshold: ${fmt(haut as number)}).`;
    }
    const b = bas !== null ? `the ${cb}th percentile (${fmt(bas)})` : null;
    const h = haut !== null ? `the ${ch}th percentile (${fmt(haut)})` : null;
    return b && h
      ? `${what}, between ${b} and ${h} of ${jours}.`
      : `${what}, ${b ? `above ${b}` : `below ${h}`} of ${jours}.`;
  }
  if (verdict === 'trop bas') {
    return `${what}, plus bas que ${100 - (cb ?? 0)}\u00a0% ${jours} (seuil bas indicatif : ${fmt(bas as number)}).`;
  }
  if (verdict === 'trop haut') {
    return `${what}, plus haut que ${ch}\u00a0% ${jours} (seuil haut indicatif : ${fmt(haut as number)}).`;
  }
  const b = bas !== null ? `${cb}e centile (${fmt(bas)})` : null;
  const h = haut !== null ? `${ch}e centile (${fmt(haut)})` : null;
  return b && h
    ? `${what}, entre le ${b} et le ${h} ${jours}.`
    : `${what}, ${b ? `au-dessus du ${b}` : `sous le ${h}`} ${jours}.`;
}

function compare<L extends ObservationCapteur, S extends SeuilVerdict>(
  observation: L & { valeur: number },
  seuil: S,
  langue: LangueVerdict,
): VerdictResult<L, S> {
  const fmt = (v: number) => formatValeur(observation.grandeur, v, observation.unite, langue);
  const { seuil_bas: bas, seuil_haut: haut } = seuil;
  const verdict: Verdict =
    bas !== null && observation.valeur < bas
      ? 'trop bas'
      : haut !== null && observation.valeur > haut
        ? 'trop haut'
        : 'praticable';
  const result = (raison: string): VerdictResult<L, S> => ({ verdict, raison, observation, seuil });
  const f = seuil.fondement;
  const what =
    langue === 'en'
      ? `${capitalize(NOMS_GRANDEURS_EN[observation.grandeur])} of ${fmt(observation.valeur)}`
      : `${capitalize(NOMS_GRANDEURS[observation.grandeur])} de ${fmt(observation.valeur)}`;
  if (f?.kind === 'archive') {
    return result(raisonCentiles(verdict, what, f, seuil, observation.grandeur, fmt, langue));
  }
  if (langue === 'en') {
    const adj = seuil.indicatif ? ' indicative' : '';
    if (verdict === 'trop bas') {
      return result(`${what}, below the${adj} low threshold of ${fmt(bas as number)}.`);
    }
    if (verdict === 'trop haut') {
      return result(`${what}, above the${adj} high threshold of ${fmt(haut as number)}.`);
    }
    if (bas !== null && haut !== null) {
      return result(`${what}, between the${adj} thresholds of ${fmt(bas)} and ${fmt(haut)}.`);
    }
    if (haut !== null) return result(`${what}, below the${adj} high threshold of ${fmt(haut)}.`);
    return result(`${what}, above the${adj} low threshold of ${fmt(bas as number)}.`);
  }
  const adj = seuil.indicatif ? ' indicatif' : '';
  if (verdict === 'trop bas') return result(`${what}, sous le seuil bas${adj} de ${fmt(bas as number)}.`);
  if (verdict === 'trop haut') {
    return result(`${what}, au-dessus du seuil haut${adj} de ${fmt(haut as number)}.`);
  }
  if (bas !== null && haut !== null) {
    const adjs = seuil.indicatif ? ' indicatifs' : '';
    return result(`${what}, entre les seuils${adjs} de ${fmt(bas)} et ${fmt(haut)}.`);
  }
  if (haut !== null) return result(`${what}, sous le seuil haut${adj} de ${fmt(haut)}.`);
  return result(`${what}, au-dessus du seuil bas${adj} de ${fmt(bas as number)}.`);
}

/** The verdict of an activity at a place from its thresholds, its sensors' state and the vigilance in force. */
export function computeVerdict<L extends ObservationCapteur, S extends SeuilVerdict>(
  input: VerdictInput<L, S>,
  langue: LangueVerdict = 'fr',
): VerdictResult<L, S> {
  const en = langue === 'en';
  const seuils = ORDRE_GRANDEURS.flatMap((g) =>
    input.seuils.filter((s) => s.grandeur === g && (s.seuil_bas !== null || s.seuil_haut !== null)),
  );
  const observationDe = (g: Grandeur) => input.observations.find((l) => l.grandeur === g) ?? null;
  const first = seuils[0];

  if (input.vigilance && input.vigilance.niveau >= NIVEAU_VIGILANCE_DECONSEILLE) {
    const observation = first ? observationDe(first.grandeur) : null;
    return {
      verdict: 'déconseillé',
      raison: en
        ? `${capitalize(NOMS_VIGILANCE_EN[input.vigilance.niveau] ?? 'orange')} flood warning on the stretch “${input.vigilance.troncon}”: activity advised against.`
        : `Vigilance ${NOMS_VIGILANCE[input.vigilance.niveau] ?? 'orange'} crues sur le tronçon « ${input.vigilance.troncon} » : activité déconseillée.`,
      observation: observation && observation.valeur !== null ? observation : null,
      seuil: first ?? null,
    };
  }
  if (!first) {
    // The activity is offered here but the place lacks the years of daily values an opinion needs (ADR 141).
    const sansHistorique = input.seuils.find((s) => s.fondement?.kind === 'historique_insuffisant');
    if (sansHistorique) {
      // The reading is still shown, without an opinion on it.
      const observation = observationDe(sansHistorique.grandeur);
      return {
        verdict: 'inconnu',
        raison: raisonSansHistorique(langue),
        observation: observation && observation.valeur !== null ? observation : null,
        seuil: sansHistorique,
      };
    }
    return {
      verdict: 'inconnu',
      raison: en
        ? 'No threshold is set for this activity at this place.'
        : "Aucun seuil n'est défini pour cette activité à ce lieu.",
      observation: null,
      seuil: null,
    };
  }

  const usable = seuils
    .map((s) => ({ s, l: observationDe(s.grandeur) }))
    .filter(
      (x): x is { s: S; l: L & { valeur: number } } =>
        x.l !== null && x.l.valeur !== null && x.l.ts !== null && x.l.fraicheur === 'a_jour',
    );
  if (usable.length === 0) {
    // The most recent observation of a quantity with a threshold says how old the data are.
    const known = seuils
      .map((s) => ({ s, l: observationDe(s.grandeur) }))
      .filter((x): x is { s: S; l: L } => x.l !== null && x.l.valeur !== null && x.l.ts !== null)
      .sort((a, b) => (b.l.ts ?? 0) - (a.l.ts ?? 0))[0];
    return {
      verdict: 'inconnu',
      raison: en
        ? known
          ? (known.l.pas_min ?? 0) >= 1440
            ? `Latest ${NOMS_GRANDEURS_EN[known.l.grandeur]} value, daily mean of ${formatDay(known.l.ts as number, langue)}: too old to judge.`
            : `Latest ${NOMS_GRANDEURS_EN[known.l.grandeur]} reading ${formatInstantEn(known.l.ts as number)}: too old to judge.`
          : `No ${NOMS_GRANDEURS_EN[first.grandeur]} reading is available at this place for this date.`
        : known
          ? (known.l.pas_min ?? 0) >= 1440
            ? `Dernière valeur de ${NOMS_GRANDEURS[known.l.grandeur]}, moyenne journalière du ${formatDay(known.l.ts as number, langue)} : trop ancienne pour juger.`
            : `Dernière mesure de ${NOMS_GRANDEURS[known.l.grandeur]} ${formatInstant(known.l.ts as number)} : trop ancienne pour juger.`
          : `Aucune mesure de ${NOMS_GRANDEURS[first.grandeur]} n'est disponible à ce lieu pour cette date.`,
      observation: known?.l ?? null,
      seuil: known?.s ?? first,
    };
  }
  const results = usable.map(({ s, l }) => compare<L, S>(l, s, langue));
  return results.find((r) => r.verdict !== 'praticable') ?? (results[0] as VerdictResult<L, S>);
}
