/**
 * The quality of the values drawn (docs/decisions/154): which points of the window its producer judged doubtful (the
 * chart marks them) and how many values are raw, pre-validated or validated (the legend says it). Pure.
 */
import type { SerieDonnees } from '@limni/shared/contracts/hydro';
import { estDouteuse, niveauStatut, type NiveauStatut } from '@limni/shared/domain/qualite';

/** The mark of a doubtful point, on the chart and in the legend: a hollow amber triangle (AA on the light surface). */
export const DOUTEUSE_COULEUR = '#b45309';

export interface QualiteTrace {
  /** Instants of the doubtful points in the window, ascending. */
  douteuses: number[];
  /** Values of each validation level in the window (levels the source did not state are not counted). */
  statuts: Record<NiveauStatut, number>;
}

export function qualiteTrace(
  serie: Pick<SerieDonnees, 'ts' | 'statut' | 'qualification'> | undefined,
  debut: number,
  fin: number,
): QualiteTrace {
  const out: QualiteTrace = { douteuses: [], statuts: { brute: 0, pre_validee: 0, validee: 0 } };
  serie?.ts.forEach((t, i) => {
    if (t < debut || t > fin) return;
    if (estDouteuse(serie.qualification[i])) out.douteuses.push(t);
    const niveau = niveauStatut(serie.statut[i]);
    if (niveau) out.statuts[niveau]++;
  });
  return out;
}

/** True when the window says something of its quality (a doubtful point or a known status). */
export const qualiteConnue = (q: QualiteTrace | null | undefined): q is QualiteTrace =>
  !!q && (q.douteuses.length > 0 || q.statuts.brute + q.statuts.pre_validee + q.statuts.validee > 0);
