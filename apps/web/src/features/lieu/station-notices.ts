/**
 * What the place says about readings it does not show (docs/decisions/136): its station stopped (out of service in
 * Hub'Eau's catalogue, or gone from it) and since when, and the readings received in the last week that were set
 * aside as implausible, each with why — the physical limits of the quantity, the station's known range, or a jump
 * from the previous reading. Pure: the sentences in the page's language, with the app's number and date formats.
 */
import type { StationArret, ValeurEcartee } from '@limni/shared/contracts/hydro';
import { formatDateTime, formatDuration, formatLongDate, formatNumber, formatValue } from '../../lib/format';
import { defineMessages, translator } from '../../lib/i18n';
import { plural } from '../../lib/plural';

const FR = {
  arret_hors_service: "Station hors service selon Hub'Eau depuis le {date}\u00a0: plus de nouvelles mesures.",
  arret_absente_du_catalogue:
    "Station absente du catalogue Hub'Eau depuis le {date}\u00a0: plus de nouvelles mesures.",
  ecartees_one: '{n} valeur reçue jugée invraisemblable a été écartée\u00a0:',
  ecartees_other: '{n} valeurs reçues jugées invraisemblables ont été écartées\u00a0:',
  valeur: '{valeur} le {quand} ({raison})',
  bornes_H: 'hors des limites physiques d’une hauteur, {min} à {max}',
  bornes_Q: 'hors des limites physiques d’un débit, {min} à {max}',
  historique: 'hors de l’étendue connue de cette station ({min} à {max})',
  saut: 'saut de {ecart} en {duree} depuis {reference}',
};

const EN: Record<keyof typeof FR, string> = {
  arret_hors_service: "Station out of service according to Hub'Eau since {date}: no new readings.",
  arret_absente_du_catalogue: "Station missing from Hub'Eau's catalogue since {date}: no new readings.",
  ecartees_one: '{n} reading received was judged implausible and set aside:',
  ecartees_other: '{n} readings received were judged implausible and set aside:',
  valeur: '{valeur} on {quand} ({raison})',
  bornes_H: 'outside the physical limits of a height, {min} to {max}',
  bornes_Q: 'outside the physical limits of a flow, {min} to {max}',
  historique: 'outside the known range of this station ({min} to {max})',
  saut: 'jump of {ecart} in {duree} from {reference}',
};

/** The notices' words for the components (re-rendered when the language changes). */
export const useNoticeMessages = defineMessages(FR, EN);
const m = translator(FR, EN);

/** « Station hors service selon Hub'Eau depuis le 12 novembre 2026 : plus de nouvelles mesures. » */
export function stationArretPhrase(arret: StationArret): string {
  return m(`arret_${arret.motif}`, { date: formatLongDate(arret.depuis) });
}

/** The digits of a value of this unit, as `formatValue` chooses them (metres to the centimetre). */
const digitsOf = (value: number, unite: string) => (unite === 'm' ? 2 : Math.abs(value) >= 100 ? 0 : 1);

/** « −3,20 à 9,80 m »: both figures with the same digits (the larger one's), the unit once, after the second. */
function span(min: number, max: number, unite: string, digits?: number): { min: string; max: string } {
  const d = digits ?? digitsOf(Math.max(Math.abs(min), Math.abs(max)), unite);
  return { min: formatNumber(min, d), max: formatValue(max, unite, d) };
}

/** Why a reading was set aside, in words. */
export function raisonPhrase(v: Pick<ValeurEcartee, 'grandeur' | 'unite' | 'valeur' | 'raison'>): string {
  const r = v.raison;
  switch (r.code) {
    case 'bornes':
      // The physical limits are round figures: « −30 à 60 m ».
      return m(v.grandeur === 'Q' ? 'bornes_Q' : 'bornes_H', span(r.min, r.max, v.unite, 0));
    case 'historique':
      return m('historique', span(r.min, r.max, v.unite));
    case 'saut': {
      const ecart = v.valeur - r.reference;
      return m('saut', {
        ecart: `${ecart >= 0 ? '+' : ''}${formatValue(ecart, v.unite)}`,
        duree: formatDuration(r.minutes * 60_000),
        reference: formatValue(r.reference, v.unite),
      });
    }
  }
}

/** « 100,00 m le 28/11/2026 à 14h10 (hors des limites physiques d'une hauteur, −30 à 60 m) ». */
export function valeurEcarteePhrase(v: ValeurEcartee): string {
  return m('valeur', {
    valeur: formatValue(v.valeur, v.unite),
    quand: formatDateTime(v.ts),
    raison: raisonPhrase(v),
  });
}

/** The notice of the set-aside readings: its lead sentence and one phrase per reading; null when there is none. */
export function valeursEcarteesNotice(
  valeurs: readonly ValeurEcartee[] | undefined,
): { titre: string; valeurs: string[] } | null {
  if (!valeurs?.length) return null;
  return {
    titre: m(plural(valeurs.length, 'ecartees'), { n: formatNumber(valeurs.length) }),
    valeurs: valeurs.map(valeurEcarteePhrase),
  };
}
