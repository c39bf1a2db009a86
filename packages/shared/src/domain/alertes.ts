/**
 * Personal alert rules: when a observation, a forecast run or a vigilance change notifies (docs/decisions/056).
 * Pure functions, the same for live ingestion and for a replay, table-tested in alertes.test.ts.
 *
 * A rule is on one side or the other of its condition: `alerte` (the level is above X, below Y, rising faster
 * than Z per hour, back inside [a, b], forecast above X within N hours) or `normal`. Entering `alerte` is a
 * crossing; it notifies once, on the first fresh observation of that episode (ADR 009: never on a observation that is
 * not `a_jour`), and at most once per rule per hour. Leaving `alerte` needs the data to go beyond the
 * hysteresis band, so a level oscillating around a threshold does not fire again and again. The first observation a
 * rule ever sees only sets its side: a crossing that was not observed is not announced (forecasts excepted).
 */
import { formatValeur } from './verdict';
import { HOUR_MS, MINUTE_MS } from './time';
import { computeFreshness, staleAfterMs, TREND_WINDOW_MS } from './trend';
import type { Observation } from './series';

export const TYPES_REGLE = [
  'au_dessus',
  'en_dessous',
  'montee',
  'retour_plage',
  'prevision',
  'vigilance',
] as const;
export type TypeRegle = (typeof TYPES_REGLE)[number];
/** Rules on observations (evaluated after every `observations` event). */
export const TYPES_OBSERVATION = ['au_dessus', 'en_dessous', 'montee', 'retour_plage'] as const;
export type TypeObservation = (typeof TYPES_OBSERVATION)[number];
export type GrandeurAlerte = 'H' | 'Q';

/** At most one notification per rule in this interval (data time). */
export const INTERVALLE_MIN_MS = HOUR_MS;
/** Notifications per user and Paris day beyond which only the in-app list receives them (vigilance ≥ orange excepted). */
export const PLAFOND_QUOTIDIEN = 10;
/** A forecast run older than this (at evaluation time) is not used. */
export const PREVISION_MAX_AGE_MS = 12 * HOUR_MS;
/** Forecast horizons a rule may ask for (hours). */
export const HORIZON_MIN_H = 1;
export const HORIZON_MAX_H = 72;
/** Rate windows shorter than this give no rate (as the trend arrow, ADR 009). */
const MIN_RATE_SPAN_MS = 15 * MINUTE_MS;

export interface RegleObservation {
  type: TypeObservation;
  grandeur: GrandeurAlerte;
  /** X (au_dessus), Y (en_dessous), Z per hour (montee), a (retour_plage), in the sensor's unit. */
  seuil: number;
  /** b of retour_plage; null otherwise. */
  seuil2: number | null;
}

export interface ReglePrevision {
  type: 'prevision';
  grandeur: GrandeurAlerte;
  seuil: number;
  horizonH: number;
}

export type Cote = 'alerte' | 'normal';

/** What a rule remembers between evaluations (persisted, so that restarts never notify twice). */
export interface EtatRegle {
  /** Instant of the last observation (or forecast run) evaluated: only later ones are considered. */
  dernierTs: number | null;
  /** Side of the condition the data are on; null before the first observation. */
  cote: Cote | null;
  /** Entered `alerte` without notifying yet (the observation was not fresh): the next fresh one notifies. */
  enAttente: boolean;
  /** Instant (data time) of the crossing that started the current `alerte` episode. */
  depuis: number | null;
  /** Data instant of the last notification (rate limit). */
  derniereNotif: number | null;
}

export const ETAT_INITIAL: EtatRegle = {
  dernierTs: null,
  cote: null,
  enAttente: false,
  depuis: null,
  derniereNotif: null,
};

export type { Observation };

/** A crossing to notify. */
export interface Declenchement {
  /** The observation notified (or, for a forecast, the first forecast instant beyond the threshold). */
  ts: number;
  valeur: number;
  /** Rate per hour at that observation (montee), else null. */
  variationH: number | null;
  /** When the condition started to hold (earlier than `ts` when the crossing observation itself was not fresh). */
  depuis: number;
}

/** A crossing that was not notified, and why (for logs and tests). */
export interface Ignore {
  ts: number;
  raison: 'pas_frais' | 'limite_horaire';
}

export interface ResultatEvaluation {
  etat: EtatRegle;
  declenchements: Declenchement[];
  ignores: Ignore[];
}

/** Width of the band a value must cross back before the rule can fire again (same unit as the threshold). */
export function hysteresis(regle: { type: TypeRegle; grandeur: GrandeurAlerte; seuil: number }): number {
  if (regle.type === 'montee') return 0.25 * Math.abs(regle.seuil);
  return regle.grandeur === 'H' ? 0.05 : Math.max(0.05 * Math.abs(regle.seuil), 0.01);
}

/** Side of the condition for value `v` (or rate), `keep` when inside the hysteresis band. */
function side(regle: RegleObservation, v: number, h: number): Cote | 'keep' {
  switch (regle.type) {
    case 'au_dessus':
    case 'montee':
      return v > regle.seuil ? 'alerte' : v < regle.seuil - h ? 'normal' : 'keep';
    case 'en_dessous':
      return v < regle.seuil ? 'alerte' : v > regle.seuil + h ? 'normal' : 'keep';
    case 'retour_plage': {
      const a = regle.seuil;
      const b = regle.seuil2 ?? regle.seuil;
      if (v >= a && v <= b) return 'alerte';
      return v < a - h || v > b + h ? 'normal' : 'keep';
    }
  }
}

export interface ContexteObservations {
  /** "Now" of the evaluation: end of the ingestion run, or simulated time of a replay step. */
  maintenant: number;
  /** Native step of the sensor (freshness and gaps, ADR 009). */
  pasMin: number | null;
}

/**
 * Evaluates observations of one sensor against one rule. `observations` are sorted by instant; those at or before
 * `etat.dernierTs` only serve as history (rate window). Gaps longer than the sensor's freshness limit cut the
 * rate window (no rate across a gap); a threshold crossed during a gap is a crossing.
 */
export function evaluateObservations(
  regle: RegleObservation,
  etat: EtatRegle,
  observations: readonly Observation[],
  ctx: ContexteObservations,
): ResultatEvaluation {
  const h = hysteresis(regle);
  const gapMs = staleAfterMs(ctx.pasMin);
  const next: EtatRegle = { ...etat };
  const declenchements: Declenchement[] = [];
  const ignores: Ignore[] = [];
  // Rate window: index of its first observation and of the first observation after the last gap.
  let start = 0;
  let segment = 0;
  for (let i = 0; i < observations.length; i++) {
    const r = observations[i] as Observation;
    if (i > 0 && r.ts - (observations[i - 1] as Observation).ts > gapMs) segment = i;
    if (start < segment) start = segment;
    while (start < i && (observations[start] as Observation).ts < r.ts - TREND_WINDOW_MS) start++;
    if (next.dernierTs !== null && r.ts <= next.dernierTs) continue;
    next.dernierTs = r.ts;

    let value: number | null = r.valeur;
    let rate: number | null = null;
    if (regle.type === 'montee') {
      const first = observations[start] as Observation;
      // Rounded to 1e-6 so that float noise (1.3 − 1.15) never decides an exact comparison.
      rate =
        r.ts - first.ts >= MIN_RATE_SPAN_MS
          ? Math.round(((r.valeur - first.valeur) / (r.ts - first.ts)) * HOUR_MS * 1e6) / 1e6
          : null;
      value = rate;
    }
    if (value === null) continue;
    const s = side(regle, value, h);
    const fresh = computeFreshness(r.ts, ctx.maintenant, ctx.pasMin) === 'a_jour';
    if (s === 'normal') {
      next.cote = 'normal';
      next.enAttente = false;
      next.depuis = null;
      continue;
    }
    if (s === 'keep') {
      if (next.cote === null) next.cote = 'normal';
      if (next.cote === 'normal') continue;
    } else if (next.cote !== 'alerte') {
      const primed = next.cote === null;
      next.cote = 'alerte';
      next.depuis = r.ts;
      next.enAttente = !primed;
      if (!primed && !fresh) ignores.push({ ts: r.ts, raison: 'pas_frais' });
    }
    // Notified on a fresh observation that meets the condition itself (not one inside the hysteresis band).
    if (!next.enAttente || !fresh || s !== 'alerte') continue;
    next.enAttente = false;
    if (
      next.derniereNotif !== null &&
      r.ts >= next.derniereNotif &&
      r.ts - next.derniereNotif < INTERVALLE_MIN_MS
    ) {
      ignores.push({ ts: r.ts, raison: 'limite_horaire' });
      continue;
    }
    next.derniereNotif = r.ts;
    declenchements.push({ ts: r.ts, valeur: r.valeur, variationH: rate, depuis: next.depuis ?? r.ts });
  }
  return { etat: next, declenchements, ignores };
}

export interface RunPrevision {
  /** Production time of the run. */
  runTs: number;
  /** Forecast instants and values (mean, else max), in the sensor's unit. */
  points: readonly Observation[];
}

/**
 * Evaluates one forecast run: `alerte` when a point within the next `horizonH` hours exceeds the threshold while
 * the last observed value does not; `normal` again once no point of a run within the horizon comes within the
 * hysteresis band. Unlike observations, the first run a rule sees may notify: the crossing it announces is ahead.
 */
export function evaluatePrevision(
  regle: ReglePrevision,
  etat: EtatRegle,
  run: RunPrevision,
  observe: Observation | null,
  ctx: { maintenant: number },
): ResultatEvaluation {
  const next: EtatRegle = { ...etat };
  const none: ResultatEvaluation = { etat: next, declenchements: [], ignores: [] };
  if (etat.dernierTs !== null && run.runTs <= etat.dernierTs) return none;
  if (ctx.maintenant - run.runTs > PREVISION_MAX_AGE_MS) return none;
  next.dernierTs = run.runTs;
  const h = hysteresis(regle);
  const end = ctx.maintenant + regle.horizonH * HOUR_MS;
  const within = run.points.filter((p) => p.ts > ctx.maintenant && p.ts <= end);
  const crossing = within.find((p) => p.valeur > regle.seuil);
  const alreadyAbove = observe !== null && observe.valeur > regle.seuil;
  if (crossing && !alreadyAbove) {
    if (next.cote === 'alerte') return none;
    next.cote = 'alerte';
    next.depuis = run.runTs;
    if (
      next.derniereNotif !== null &&
      run.runTs >= next.derniereNotif &&
      run.runTs - next.derniereNotif < INTERVALLE_MIN_MS
    ) {
      return { etat: next, declenchements: [], ignores: [{ ts: run.runTs, raison: 'limite_horaire' }] };
    }
    next.derniereNotif = run.runTs;
    return {
      etat: next,
      declenchements: [{ ts: crossing.ts, valeur: crossing.valeur, variationH: null, depuis: run.runTs }],
      ignores: [],
    };
  }
  if (alreadyAbove || !within.some((p) => p.valeur >= regle.seuil - h)) {
    next.cote = 'normal';
    next.depuis = null;
  } else if (next.cote === null) {
    next.cote = 'normal';
  }
  return none;
}

/** A Vigicrues change that notifies: to yellow, orange or red, and back to green from one of them. */
export function vigilanceNotifiable(from: number | null, to: number): boolean {
  return to >= 2 ? from !== to : to === 1 && from !== null && from >= 2;
}

/** Orange and red are never held back by the hourly limit nor by the daily cap (safety first). */
export function vigilanceUrgente(to: number): boolean {
  return to >= 3;
}

const UNITES: Record<GrandeurAlerte, string> = { H: 'm', Q: 'm³/s' };
/** The quantity's name as `describeRegle` writes it (also read back by the API's English catalogue). */
export const NOMS: Record<GrandeurAlerte, string> = { H: 'Hauteur', Q: 'Débit' };
export const NOMS_EN: Record<GrandeurAlerte, string> = { H: 'Water level', Q: 'Flow' };

/** A rate per hour as people read it: "10 cm/h" for levels, "25 m³/s par heure" for flows. */
export function formatVariation(
  grandeur: GrandeurAlerte,
  parHeure: number,
  langue: 'fr' | 'en' = 'fr',
): string {
  if (grandeur === 'H') {
    const cm = Math.round(parHeure * 1000) / 10;
    const locale = langue === 'en' ? 'en-US' : 'fr-FR';
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(cm)} cm/h`;
  }
  return `${formatValeur('Q', parHeure, 'm³/s', langue)} ${langue === 'en' ? 'per hour' : 'par heure'}`;
}

export interface RegleDescriptible {
  type: TypeRegle;
  grandeur: GrandeurAlerte | null;
  seuil: number | null;
  seuil2: number | null;
  horizonH: number | null;
}

/** One line describing a rule ("Hauteur au-dessus de 3,00 m", in English "Water level above 3.00 m"). */
export function describeRegle(r: RegleDescriptible, langue: 'fr' | 'en' = 'fr'): string {
  if (langue === 'en') return describeRegleEn(r);
  if (r.type === 'vigilance' || r.grandeur === null || r.seuil === null) {
    return 'Vigilance crues du tronçon\u00a0: passage au jaune, à l’orange, au rouge et retour au vert';
  }
  const g = r.grandeur;
  const v = (x: number) => formatValeur(g, x, UNITES[g]);
  switch (r.type) {
    case 'au_dessus':
      return `${NOMS[g]} au-dessus de ${v(r.seuil)}`;
    case 'en_dessous':
      return `${NOMS[g]} sous ${v(r.seuil)}`;
    case 'montee':
      return `${g === 'H' ? 'Montée' : 'Hausse du débit'} de plus de ${formatVariation(g, r.seuil)}`;
    case 'retour_plage':
      return `${NOMS[g]} de retour entre ${v(r.seuil)} et ${v(r.seuil2 ?? r.seuil)}`;
    case 'prevision':
      return `Prévision\u00a0: ${NOMS[g].toLowerCase()} au-dessus de ${v(r.seuil)} dans les ${r.horizonH ?? HORIZON_MAX_H} h`;
  }
}

function describeRegleEn(r: RegleDescriptible): string {
  if (r.type === 'vigilance' || r.grandeur === null || r.seuil === null) {
    return 'Flood vigilance of the river stretch: changes to yellow, orange, red and back to green';
  }
  const g = r.grandeur;
  const v = (x: number) => formatValeur(g, x, UNITES[g], 'en');
  switch (r.type) {
    case 'au_dessus':
      return `${NOMS_EN[g]} above ${v(r.seuil)}`;
    case 'en_dessous':
      return `${NOMS_EN[g]} below ${v(r.seuil)}`;
    case 'montee':
      return `${g === 'H' ? 'Rise' : 'Flow increase'} of more than ${formatVariation(g, r.seuil, 'en')}`;
    case 'retour_plage':
      return `${NOMS_EN[g]} back between ${v(r.seuil)} and ${v(r.seuil2 ?? r.seuil)}`;
    case 'prevision':
      return `Forecast: ${NOMS_EN[g].toLowerCase()} above ${v(r.seuil)} within ${r.horizonH ?? HORIZON_MAX_H} h`;
  }
}

/** The channels a user wants alert notifications on (the profile's preferences, docs/decisions/057). */
export interface CanauxNotification {
  email: boolean;
  push: boolean;
}

/** Both channels are on until the user switches one off. */
export const CANAUX_PAR_DEFAUT: CanauxNotification = { email: true, push: true };

/** The preferences as the profile stores them (a JSON object); a missing or unreadable value is the default. */
export function parseNotificationPrefs(json: string | null | undefined): CanauxNotification {
  try {
    const v = JSON.parse(json ?? '{}') as Partial<Record<keyof CanauxNotification, unknown>>;
    return {
      email: typeof v.email === 'boolean' ? v.email : CANAUX_PAR_DEFAUT.email,
      push: typeof v.push === 'boolean' ? v.push : CANAUX_PAR_DEFAUT.push,
    };
  } catch {
    return { ...CANAUX_PAR_DEFAUT };
  }
}
