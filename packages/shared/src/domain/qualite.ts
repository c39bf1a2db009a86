/**
 * The quality of each value as its producer states it (docs/decisions/154): Hub'Eau's status (`code_statut`: how far
 * the value went through validation) and qualification (`code_qualification_obs` on real-time readings,
 * `code_qualification` on daily values: what the producer thinks of it). Kept per reading in `observation.statut` and
 * `observation.qualification`; null when the source does not say (Vigicrues, the demo's files).
 *
 * The one rule every reader of a current value follows: **a value its producer judges doubtful (qualification 12)
 * never drives a state, a verdict, a class or an alert** — the latest non-doubtful reading is the current one — until
 * a later answer of the source qualifies it otherwise (20 bonne, 16 non qualifiée). The SQL filters that apply it
 * (`apps/api/src/db/qualite.ts`) use `QUALIFICATION_DOUTEUSE` from here.
 */

/** `code_qualification(_obs)` 12: « Douteuse ». */
export const QUALIFICATION_DOUTEUSE = 12;
/** `code_qualification(_obs)` 16: « Non qualifiée ». */
export const QUALIFICATION_NON_QUALIFIEE = 16;
/** `code_qualification(_obs)` 20: « Bonne ». */
export const QUALIFICATION_BONNE = 20;

/** True when the producer judged the value doubtful: it is shown, marked, and drives nothing. */
export function estDouteuse(qualification: number | null | undefined): boolean {
  return qualification === QUALIFICATION_DOUTEUSE;
}

/** How far a value went through validation: raw, pre-validated, validated. */
export type NiveauStatut = 'brute' | 'pre_validee' | 'validee';

/**
 * The validation level of a Hub'Eau `code_statut`: 0 (sans validation), 4 (brute) and 8 (corrigée, not validated)
 * are raw; 12 pré-validée; 16 validée. Null when the source gives none or a code Limni does not know.
 */
export function niveauStatut(statut: number | null | undefined): NiveauStatut | null {
  switch (statut) {
    case 0:
    case 4:
    case 8:
      return 'brute';
    case 12:
      return 'pre_validee';
    case 16:
      return 'validee';
    default:
      return null;
  }
}

/** What the producer thinks of a value. */
export type NiveauQualification = 'douteuse' | 'non_qualifiee' | 'bonne';

/** The qualification of a Hub'Eau code; null when none is given or the code is unknown. */
export function niveauQualification(qualification: number | null | undefined): NiveauQualification | null {
  switch (qualification) {
    case QUALIFICATION_DOUTEUSE:
      return 'douteuse';
    case QUALIFICATION_NON_QUALIFIEE:
      return 'non_qualifiee';
    case QUALIFICATION_BONNE:
      return 'bonne';
    default:
      return null;
  }
}

/**
 * The latest value of a list in time order that is not doubtful (the current one), and the doubtful values after it
 * (the newest first is the one a page names). Pure: the API's states and alerts call it on what they read.
 */
export function derniereUtilisable<T extends { ts: number; qualification?: number | null }>(
  rows: readonly T[],
): { courante: T | null; douteusesApres: T[] } {
  const douteusesApres: T[] = [];
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i] as T;
    if (!estDouteuse(r.qualification)) return { courante: r, douteusesApres };
    douteusesApres.push(r);
  }
  return { courante: null, douteusesApres };
}
