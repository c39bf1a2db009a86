/**
 * Pure helpers of alert rules (docs/decisions/055): the row values of a rule from its input, twin detection, the
 * default rules a new abonnement starts with, and the path of a place in the web app (links of notifications).
 */
import type { Regle, RegleInput, RegleSuggestion } from '@limni/shared/contracts/alertes';
import { ACTIVITES_EN } from '@limni/shared/domain/activites-en';
import { describeRegle } from '@limni/shared/domain/alertes';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import { formatValeur } from '@limni/shared/domain/verdict';
import { ACTIVITES } from '../../data/activite-seuils';

/** Activity of the place links when a rule has none (the web app's default, baignade). */
export const ACTIVITE_LIEN_DEFAUT = 1;

/** Path of the place page in the web app. */
export function lienLieu(lieuId: number, activiteId: number | null): string {
  return `/lieu/${lieuId}/a-${activiteId ?? ACTIVITE_LIEN_DEFAUT}`;
}

/** Values of a rule row from its input (fields a type does not use are null). */
export function regleValues(r: RegleInput) {
  const uses = r.type !== 'vigilance';
  return {
    type: r.type,
    grandeur: uses ? (r.grandeur ?? null) : null,
    seuil: uses ? (r.seuil ?? null) : null,
    seuil2: r.type === 'retour_plage' ? (r.seuil2 ?? null) : null,
    horizon_h: r.type === 'prevision' ? (r.horizon_h ?? null) : null,
    activite_id: r.activite_id ?? null,
  };
}

export type RegleValues = ReturnType<typeof regleValues>;

/** Same condition (type, quantity and numbers): a user never holds two of them on a place. */
export function sameRegle(
  a: RegleValues,
  b: Pick<Regle, 'type' | 'grandeur' | 'seuil' | 'seuil2' | 'horizon_h'>,
): boolean {
  return (
    a.type === b.type &&
    a.grandeur === b.grandeur &&
    a.seuil === b.seuil &&
    a.seuil2 === b.seuil2 &&
    a.horizon_h === b.horizon_h
  );
}

/** An activity's « trop haut » threshold at a place (input of the default rules). */
export interface SeuilHautActivite {
  activite_id: number;
  nom: string;
  grandeur: 'H' | 'Q';
  seuil_haut: number;
}

/**
 * The rules a new abonnement starts with (ADR 055): vigilance changes when the place is on a Vigicrues tronçon;
 * "above the « trop haut » threshold" of the activity with the highest such threshold at the place (H before Q,
 * then the lowest activity id) — the least chatty of the activity thresholds, so a default never alerts for
 * what is merely a little high for fishing.
 */
export function defaultRegles(
  lieu: { troncon_id: number | null },
  seuils: readonly SeuilHautActivite[],
  langue: 'fr' | 'en' = 'fr',
): RegleSuggestion[] {
  const en = langue === 'en';
  const out: RegleSuggestion[] = [];
  if (lieu.troncon_id !== null) {
    out.push({
      regle: { type: 'vigilance' },
      description: describeRegle(
        {
          type: 'vigilance',
          grandeur: null,
          seuil: null,
          seuil2: null,
          horizonH: null,
        },
        langue,
      ),
      raison: en
        ? 'The place is on a stretch monitored by Vigicrues.'
        : 'Le lieu est sur un tronçon surveillé par Vigicrues.',
    });
  }
  const best = [...seuils].sort(
    (a, b) =>
      (a.grandeur === 'H' ? 0 : 1) - (b.grandeur === 'H' ? 0 : 1) ||
      b.seuil_haut - a.seuil_haut ||
      a.activite_id - b.activite_id,
  )[0];
  if (best) {
    const regle: RegleInput = {
      type: 'au_dessus',
      grandeur: best.grandeur,
      seuil: best.seuil_haut,
      activite_id: best.activite_id,
    };
    const seuil = formatValeur(best.grandeur, best.seuil_haut, UNITE_PAR_GRANDEUR[best.grandeur], langue);
    const slug = ACTIVITES.find((a) => a.nom === best.nom)?.slug;
    const nomEn = ((slug && ACTIVITES_EN[slug]?.nom) || best.nom).toLowerCase();
    out.push({
      regle,
      description: describeRegle(
        { ...regle, grandeur: best.grandeur, seuil: best.seuil_haut, seuil2: null, horizonH: null },
        langue,
      ),
      raison: en
        ? `Indicative “too high” threshold for ${nomEn} (${seuil}).`
        : `Seuil «\u00a0trop haut\u00a0» indicatif pour ${best.nom.toLowerCase()} (${seuil}).`,
    });
  }
  return out;
}
