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
import type { Grandeur } from './units';

/** The verdicts, as the words shown to people (docs/requirements.md R4.3, R7.12: chip with icon + word). */
export const VERDICTS = ['trop bas', 'praticable', 'trop haut', 'déconseillé', 'inconnu'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** Vigilance level from which an activity is advised against: 3 = orange, 4 = rouge. */
export const NIVEAU_VIGILANCE_DECONSEILLE = 3;

/** Said wherever indicative thresholds are used (API answers, UI). */
export const AVERTISSEMENT_SEUILS_INDICATIFS =
  'Seuils indicatifs calculés par Limni à partir des mesures passées de chaque lieu : ils ne remplacent ni ' +
  "l'observation sur place, ni les consignes et arrêtés locaux, ni la vigilance crues officielle (vigicrues.gouv.fr).";

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
  /** Why, in one French sentence. */
  raison: string;
  /** The observation the verdict rests on (possibly stale when `inconnu`), null when none. */
  observation: L | null;
  /** The thresholds compared with that observation, null when none. */
  seuil: S | null;
}

const ORDRE_GRANDEURS: readonly Grandeur[] = ['H', 'Q', 'T'];
const NOMS_GRANDEURS: Record<Grandeur, string> = { H: 'hauteur', Q: 'débit', T: 'température' };
const NOMS_VIGILANCE = ['', 'verte', 'jaune', 'orange', 'rouge'];

const formatters = new Map<number, Intl.NumberFormat>();
function nombre(v: number, decimals: number): string {
  let f = formatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, f);
  }
  return f.format(v);
}

/** A value with its unit at sensor precision: "0,86 m", "123,5 m³/s", "12,4 °C". */
export function formatValeur(grandeur: Grandeur, valeur: number, unite: string): string {
  const abs = Math.abs(valeur);
  const decimals = grandeur === 'H' ? 2 : grandeur === 'T' ? 1 : abs < 10 ? 2 : abs < 100 ? 1 : 0;
  return `${nombre(valeur, decimals)} ${unite}`;
}

/** "le 31/01/2022 à 23h55" in Europe/Paris. */
export function formatInstant(ms: number): string {
  const p = parisParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `le ${two(p.day)}/${two(p.month)}/${p.year} à ${two(p.hour)}h${two(p.minute)}`;
}

/** "31/12/2018" (Europe/Paris). */
function formatDay(ms: number): string {
  const p = parisParts(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(p.day)}/${two(p.month)}/${p.year}`;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function compare<L extends ObservationCapteur, S extends SeuilVerdict>(
  observation: L & { valeur: number },
  seuil: S,
): VerdictResult<L, S> {
  const adj = seuil.indicatif ? ' indicatif' : '';
  const fmt = (v: number) => formatValeur(observation.grandeur, v, observation.unite);
  const what = `${capitalize(NOMS_GRANDEURS[observation.grandeur])} de ${fmt(observation.valeur)}`;
  const result = (verdict: Verdict, raison: string): VerdictResult<L, S> => ({
    verdict,
    raison,
    observation,
    seuil,
  });
  if (seuil.seuil_bas !== null && observation.valeur < seuil.seuil_bas) {
    return result('trop bas', `${what}, sous le seuil bas${adj} de ${fmt(seuil.seuil_bas)}.`);
  }
  if (seuil.seuil_haut !== null && observation.valeur > seuil.seuil_haut) {
    return result('trop haut', `${what}, au-dessus du seuil haut${adj} de ${fmt(seuil.seuil_haut)}.`);
  }
  if (seuil.seuil_bas !== null && seuil.seuil_haut !== null) {
    const adjs = seuil.indicatif ? ' indicatifs' : '';
    return result(
      'praticable',
      `${what}, entre les seuils${adjs} de ${fmt(seuil.seuil_bas)} et ${fmt(seuil.seuil_haut)}.`,
    );
  }
  if (seuil.seuil_haut !== null) {
    return result('praticable', `${what}, sous le seuil haut${adj} de ${fmt(seuil.seuil_haut)}.`);
  }
  return result('praticable', `${what}, au-dessus du seuil bas${adj} de ${fmt(seuil.seuil_bas as number)}.`);
}

/** The verdict of an activity at a place from its thresholds, its sensors' state and the vigilance in force. */
export function computeVerdict<L extends ObservationCapteur, S extends SeuilVerdict>(
  input: VerdictInput<L, S>,
): VerdictResult<L, S> {
  const seuils = ORDRE_GRANDEURS.flatMap((g) =>
    input.seuils.filter((s) => s.grandeur === g && (s.seuil_bas !== null || s.seuil_haut !== null)),
  );
  const observationDe = (g: Grandeur) => input.observations.find((l) => l.grandeur === g) ?? null;
  const first = seuils[0];

  if (input.vigilance && input.vigilance.niveau >= NIVEAU_VIGILANCE_DECONSEILLE) {
    const observation = first ? observationDe(first.grandeur) : null;
    return {
      verdict: 'déconseillé',
      raison: `Vigilance ${NOMS_VIGILANCE[input.vigilance.niveau] ?? 'orange'} crues sur le tronçon « ${input.vigilance.troncon} » : activité déconseillée.`,
      observation: observation && observation.valeur !== null ? observation : null,
      seuil: first ?? null,
    };
  }
  if (!first) {
    return {
      verdict: 'inconnu',
      raison: "Aucun seuil n'est défini pour cette activité à ce lieu.",
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
      raison: known
        ? (known.l.pas_min ?? 0) >= 1440
          ? `Dernière valeur de ${NOMS_GRANDEURS[known.l.grandeur]}, moyenne journalière du ${formatDay(known.l.ts as number)} : trop ancienne pour juger.`
          : `Dernière mesure de ${NOMS_GRANDEURS[known.l.grandeur]} ${formatInstant(known.l.ts as number)} : trop ancienne pour juger.`
        : `Aucune mesure de ${NOMS_GRANDEURS[first.grandeur]} n'est disponible à ce lieu pour cette date.`,
      observation: known?.l ?? null,
      seuil: known?.s ?? first,
    };
  }
  const results = usable.map(({ s, l }) => compare<L, S>(l, s));
  return results.find((r) => r.verdict !== 'praticable') ?? (results[0] as VerdictResult<L, S>);
}
