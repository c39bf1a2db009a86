/**
 * The activity verdict of a place: one pure rule used by the API (and readable by the UI).
 * See docs/decisions/016-activity-verdict.md.
 *
 * Order of the rule:
 * 1. vigilance orange or red (level ≥ 3) in force on the place's tronçon → `déconseillé`, whatever the observations;
 * 2. no threshold for the activity at the place → `inconnu`;
 * 3. no up-to-date observation (freshness `a_jour`) of a quantity that has a threshold → `inconnu`;
 * 4. otherwise each quantity with a threshold and an up-to-date observation is compared with its bounds (inclusive):
 *    below `seuil_bas` → `trop bas`, above `seuil_haut` → `trop haut`, else `praticable`; the first quantity
 *    (H, then Q, then T) that is not `praticable` gives the verdict.
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

/** Said wherever indicative thresholds are used (API answers, UI). */
export const AVERTISSEMENT_SEUILS_INDICATIFS =
  'Seuils indicatifs calculés par Limni à partir des mesures passées de chaque lieu : ils ne remplacent ni ' +
  "l'observation sur place, ni les consignes et arrêtés locaux, ni la vigilance crues officielle (vigicrues.gouv.fr).";

/** The same warning in US English. */
export const AVERTISSEMENT_SEUILS_INDICATIFS_EN =
  'Indicative thresholds computed by Limni from the past readings of each place: they replace neither looking at ' +
  'the water on site, nor local rules and orders, nor the official flood warning (vigicrues.gouv.fr).';

export interface SeuilVerdict {
  grandeur: Grandeur;
  seuil_bas: number | null;
  seuil_haut: number | null;
  indicatif: boolean;
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

function compare<L extends ObservationCapteur, S extends SeuilVerdict>(
  observation: L & { valeur: number },
  seuil: S,
  langue: LangueVerdict,
): VerdictResult<L, S> {
  const fmt = (v: number) => formatValeur(observation.grandeur, v, observation.unite, langue);
  const result = (verdict: Verdict, raison: string): VerdictResult<L, S> => ({
    verdict,
    raison,
    observation,
    seuil,
  });
  const { seuil_bas: bas, seuil_haut: haut } = seuil;
  if (langue === 'en') {
    const what = `${capitalize(NOMS_GRANDEURS_EN[observation.grandeur])} of ${fmt(observation.valeur)}`;
    const adj = seuil.indicatif ? ' indicative' : '';
    if (bas !== null && observation.valeur < bas) {
      return result('trop bas', `${what}, below the${adj} low threshold of ${fmt(bas)}.`);
    }
    if (haut !== null && observation.valeur > haut) {
      return result('trop haut', `${what}, above the${adj} high threshold of ${fmt(haut)}.`);
    }
    if (bas !== null && haut !== null) {
      return result('praticable', `${what}, between the${adj} thresholds of ${fmt(bas)} and ${fmt(haut)}.`);
    }
    if (haut !== null) {
      return result('praticable', `${what}, below the${adj} high threshold of ${fmt(haut)}.`);
    }
    return result('praticable', `${what}, above the${adj} low threshold of ${fmt(bas as number)}.`);
  }
  const adj = seuil.indicatif ? ' indicatif' : '';
  const what = `${capitalize(NOMS_GRANDEURS[observation.grandeur])} de ${fmt(observation.valeur)}`;
  if (bas !== null && observation.valeur < bas) {
    return result('trop bas', `${what}, sous le seuil bas${adj} de ${fmt(bas)}.`);
  }
  if (haut !== null && observation.valeur > haut) {
    return result('trop haut', `${what}, au-dessus du seuil haut${adj} de ${fmt(haut)}.`);
  }
  if (bas !== null && haut !== null) {
    const adjs = seuil.indicatif ? ' indicatifs' : '';
    return result('praticable', `${what}, entre les seuils${adjs} de ${fmt(bas)} et ${fmt(haut)}.`);
  }
  if (haut !== null) {
    return result('praticable', `${what}, sous le seuil haut${adj} de ${fmt(haut)}.`);
  }
  return result('praticable', `${what}, au-dessus du seuil bas${adj} de ${fmt(bas as number)}.`);
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
