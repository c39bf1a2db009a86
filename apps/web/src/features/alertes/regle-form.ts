/**
 * The form « Ajouter une alerte » of the « M'alerter » dialog, without React: which rule types a place and an
 * account allow, the rule a form describes (numbers typed the French way, rates of water levels in cm/h) with its
 * problems by field, and the defaults of a new abonnement sent with it. `useNouvelleRegle` holds the form's state.
 */
import {
  regleInputProblems,
  type LieuAlertes,
  type RegleInput,
  type RegleSuggestion,
  type TypeRegle,
} from '@limni/shared/contracts/alertes';
import type { useAlertMessages } from './regles-messages';

type MessageKey = Parameters<ReturnType<typeof useAlertMessages>>[0];

/** The rule types in the order the form lists them, with their label. */
export const TYPE_LABELS: Record<TypeRegle, MessageKey> = {
  au_dessus: 'typeAuDessus',
  en_dessous: 'typeEnDessous',
  montee: 'typeMontee',
  retour_plage: 'typePlage',
  prevision: 'typePrevision',
  vigilance: 'typeVigilance',
};
export const TYPES = Object.keys(TYPE_LABELS) as TypeRegle[];

/** What the person typed. */
export interface RegleForm {
  type: TypeRegle;
  grandeur: 'H' | 'Q';
  seuil: string;
  seuil2: string;
  horizon: string;
}

export type Problems = Record<string, string[]>;

/** "3,00" or "3.00" → 3; empty or not a number → null. */
export function parseNumber(text: string): number | null {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(t)) return null;
  return Number(t);
}

/** A type the place or the account does not allow (or a second vigilance rule). */
export function typeDisabled(data: LieuAlertes, t: TypeRegle): boolean {
  const hasVigilance = data.regles.some((r) => r.type === 'vigilance');
  return (
    (t === 'vigilance' && (!data.vigilance_possible || hasVigilance)) ||
    (t === 'prevision' && !data.prevision_possible) ||
    (t !== 'vigilance' && data.grandeurs.length === 0)
  );
}

/**
 * The rule of the form and its problems by field. A field that is not a number says so; its "missing" message
 * would only repeat it. Rates of water levels are typed in cm/h (what people read on the trend arrow), sent in m/h.
 */
/**
 * The rule of the form. `activiteId`: the activity of the page the rule is made on, kept with the rule so that the
 * links of its notifications open the place for that activity (a canoë-kayak rule linked to Baignade).
 */
export function regleOfForm(
  f: RegleForm,
  nombreInvalide: string,
  activiteId?: number,
): { regle: RegleInput; problems: Problems } {
  const problems: Problems = {};
  const num = (field: string, text: string) => {
    const v = parseNumber(text);
    if (v === null && text.trim() !== '') (problems[field] ??= []).push(nombreInvalide);
    return v;
  };
  const activite = activiteId !== undefined ? { activite_id: activiteId } : {};
  if (f.type === 'vigilance') return { regle: { type: f.type, ...activite }, problems };
  let seuil = num('seuil', f.seuil);
  if (f.type === 'montee' && seuil !== null && f.grandeur === 'H') seuil = seuil / 100;
  const regle: RegleInput = {
    type: f.type,
    grandeur: f.grandeur,
    seuil,
    ...(f.type === 'retour_plage' ? { seuil2: num('seuil2', f.seuil2) } : {}),
    ...(f.type === 'prevision' ? { horizon_h: parseNumber(f.horizon) } : {}),
    ...activite,
  };
  for (const [k, v] of Object.entries(regleInputProblems(regle))) if (!problems[k]) problems[k] = v;
  return { regle, problems };
}

/** The defaults checked, sent with the rule (never a second vigilance rule). */
export function suggestionsRetenues(
  suggestions: readonly RegleSuggestion[],
  checked: readonly boolean[],
  type: TypeRegle,
): RegleInput[] {
  return suggestions
    .filter((s, i) => checked[i] && !(s.regle.type === 'vigilance' && type === 'vigilance'))
    .map((s) => s.regle);
}

/** The fields of the form that show their own errors beside them. */
const FIELDS_WITH_ERRORS = new Set(['seuil', 'seuil2', 'horizon_h']);

/**
 * Errors of the server: those of the new rule's threshold and horizon beside their fields (`regles.0.seuil` →
 * `seuil`), every other one (a duplicate rule, a quantity or vigilance the place lacks, a refused suggestion) on the
 * whole form, and the message alone when no field is named — a refusal is never left unsaid.
 */
export function serverProblems(fields: Record<string, string[]>, message: string): Problems {
  const out: Problems = {};
  const general: string[] = [];
  for (const [k, v] of Object.entries(fields)) {
    const field = /^regles\.0\.(.+)$/.exec(k)?.[1];
    if (field !== undefined && FIELDS_WITH_ERRORS.has(field)) out[field] = v;
    else general.push(...v);
  }
  if (general.length > 0) out._ = general;
  return Object.keys(out).length > 0 ? out : { _: [message] };
}
