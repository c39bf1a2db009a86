import { describe, expect, it } from 'vitest';
import type { Fraicheur } from './trend';
import type { Grandeur } from './units';
import {
  computeVerdict,
  formatInstant,
  formatValeur,
  type ObservationCapteur,
  type SeuilVerdict,
  type VigilanceEnVigueur,
} from './verdict';

const TS = Date.parse('2022-01-31T22:55:00Z'); // 31/01/2022 à 23h55 in Paris

const h = (valeur: number | null, fraicheur: Fraicheur = 'a_jour'): ObservationCapteur => ({
  grandeur: 'H',
  unite: 'm',
  valeur,
  ts: valeur === null ? null : TS,
  fraicheur,
});
const q = (valeur: number, fraicheur: Fraicheur = 'a_jour'): ObservationCapteur => ({
  grandeur: 'Q',
  unite: 'm³/s',
  valeur,
  ts: TS,
  fraicheur,
});
const seuil = (
  grandeur: Grandeur,
  seuil_bas: number | null,
  seuil_haut: number | null,
  indicatif = true,
): SeuilVerdict => ({ grandeur, seuil_bas, seuil_haut, indicatif });
const orange: VigilanceEnVigueur = { niveau: 3, troncon: 'Garonne toulousaine' };
const rouge: VigilanceEnVigueur = { niveau: 4, troncon: 'Garonne toulousaine' };
const jaune: VigilanceEnVigueur = { niveau: 2, troncon: 'Garonne toulousaine' };

describe('computeVerdict', () => {
  it.each<[string, SeuilVerdict[], ObservationCapteur[], VigilanceEnVigueur | null, string, string]>([
    // name, thresholds, observations, vigilance → verdict, reason
    [
      'below the low bound',
      [seuil('H', 0.76, 1.72)],
      [h(0.7)],
      null,
      'trop bas',
      'Hauteur de 0,70 m, sous le seuil bas indicatif de 0,76 m.',
    ],
    [
      'between the bounds',
      [seuil('H', 0.76, 1.72)],
      [h(0.86)],
      null,
      'praticable',
      'Hauteur de 0,86 m, entre les seuils indicatifs de 0,76 m et 1,72 m.',
    ],
    [
      'on the low bound (inclusive)',
      [seuil('H', 0.76, 1.72)],
      [h(0.76)],
      null,
      'praticable',
      'Hauteur de 0,76 m, entre les seuils indicatifs de 0,76 m et 1,72 m.',
    ],
    [
      'on the high bound (inclusive)',
      [seuil('H', 0.76, 1.72)],
      [h(1.72)],
      null,
      'praticable',
      'Hauteur de 1,72 m, entre les seuils indicatifs de 0,76 m et 1,72 m.',
    ],
    [
      'above the high bound',
      [seuil('H', 0.76, 1.72)],
      [h(4.31)],
      null,
      'trop haut',
      'Hauteur de 4,31 m, au-dessus du seuil haut indicatif de 1,72 m.',
    ],
    [
      'only a high bound',
      [seuil('H', null, 1.04)],
      [h(0.2)],
      null,
      'praticable',
      'Hauteur de 0,20 m, sous le seuil haut indicatif de 1,04 m.',
    ],
    [
      'only a low bound, official threshold',
      [seuil('H', 0.5, null, false)],
      [h(3)],
      null,
      'praticable',
      'Hauteur de 3,00 m, au-dessus du seuil bas de 0,50 m.',
    ],
    [
      'negative level (gauge zero above the water)',
      [seuil('H', -0.14, 1.18)],
      [h(-0.16)],
      null,
      'trop bas',
      'Hauteur de -0,16 m, sous le seuil bas indicatif de -0,14 m.',
    ],
    [
      'orange vigilance wins over a good level',
      [seuil('H', 0.76, 1.72)],
      [h(0.86)],
      orange,
      'déconseillé',
      'Vigilance orange crues sur le tronçon « Garonne toulousaine » : activité déconseillée.',
    ],
    [
      'red vigilance without thresholds',
      [],
      [h(0.86)],
      rouge,
      'déconseillé',
      'Vigilance rouge crues sur le tronçon « Garonne toulousaine » : activité déconseillée.',
    ],
    [
      'red vigilance without any observation',
      [seuil('H', 0.76, 1.72)],
      [],
      rouge,
      'déconseillé',
      'Vigilance rouge crues sur le tronçon « Garonne toulousaine » : activité déconseillée.',
    ],
    [
      'yellow vigilance does not change the verdict',
      [seuil('H', 0.76, 1.72)],
      [h(0.86)],
      jaune,
      'praticable',
      'Hauteur de 0,86 m, entre les seuils indicatifs de 0,76 m et 1,72 m.',
    ],
    [
      'no thresholds',
      [],
      [h(0.86)],
      null,
      'inconnu',
      "Aucun seuil n'est défini pour cette activité à ce lieu.",
    ],
    [
      'thresholds with both bounds null count as none',
      [seuil('H', null, null)],
      [h(0.86)],
      null,
      'inconnu',
      "Aucun seuil n'est défini pour cette activité à ce lieu.",
    ],
    [
      'late observation',
      [seuil('H', 0.76, 1.72)],
      [h(0.86, 'en_retard')],
      null,
      'inconnu',
      'Dernière mesure de hauteur le 31/01/2022 à 23h55 : trop ancienne pour juger.',
    ],
    [
      'a late daily mean is named by its day, not by the hour it is stored at',
      [seuil('Q', 6.29, 43.4)],
      [{ ...q(2.9, 'en_retard'), pas_min: 1440 }],
      null,
      'inconnu',
      'Dernière valeur de débit, moyenne journalière du 31/01/2022 : trop ancienne pour juger.',
    ],
    [
      'observation older than 30 days',
      [seuil('H', 0.76, 1.72)],
      [h(0.86, 'aucune_donnee')],
      null,
      'inconnu',
      'Dernière mesure de hauteur le 31/01/2022 à 23h55 : trop ancienne pour juger.',
    ],
    [
      'no observation at all',
      [seuil('H', 0.76, 1.72)],
      [h(null, 'aucune_donnee')],
      null,
      'inconnu',
      "Aucune mesure de hauteur n'est disponible à ce lieu pour cette date.",
    ],
    [
      'a threshold on H but only a flow sensor',
      [seuil('H', 0.76, 1.72)],
      [q(120)],
      null,
      'inconnu',
      "Aucune mesure de hauteur n'est disponible à ce lieu pour cette date.",
    ],
    [
      'H stale, Q fresh: Q decides',
      [seuil('H', 0.76, 1.72), seuil('Q', 50, 400)],
      [h(0.86, 'en_retard'), q(612.4)],
      null,
      'trop haut',
      'Débit de 612 m³/s, au-dessus du seuil haut indicatif de 400 m³/s.',
    ],
    [
      'H fine but Q too high: the first non-praticable wins',
      [seuil('Q', 50, 400), seuil('H', 0.76, 1.72)],
      [q(612.4), h(0.86)],
      null,
      'trop haut',
      'Débit de 612 m³/s, au-dessus du seuil haut indicatif de 400 m³/s.',
    ],
    [
      'H and Q both fine: H is quoted',
      [seuil('Q', 50, 400), seuil('H', 0.76, 1.72)],
      [q(123.45), h(0.86)],
      null,
      'praticable',
      'Hauteur de 0,86 m, entre les seuils indicatifs de 0,76 m et 1,72 m.',
    ],
  ])('%s', (_name, seuils, observations, vigilance, verdict, raison) => {
    const r = computeVerdict({ seuils, observations, vigilance });
    expect(r.verdict).toBe(verdict);
    expect(r.raison).toBe(raison);
  });

  it('returns the observation and the thresholds it used', () => {
    const s = seuil('H', 0.76, 1.72);
    const l = h(0.7);
    const r = computeVerdict({ seuils: [s], observations: [l], vigilance: null });
    expect(r).toMatchObject({ verdict: 'trop bas', observation: l, seuil: s });
    const d = computeVerdict({ seuils: [s], observations: [l], vigilance: orange });
    expect(d).toMatchObject({ verdict: 'déconseillé', observation: l, seuil: s });
  });

  it('keeps the stale observation it could not use, so that its age can be shown', () => {
    const l = h(0.86, 'en_retard');
    const r = computeVerdict({ seuils: [seuil('H', 0.76, 1.72)], observations: [l], vigilance: null });
    expect(r.observation).toBe(l);
    expect(r.verdict).toBe('inconnu');
  });
});

describe('formatting', () => {
  it('formats values at sensor precision in French', () => {
    expect(formatValeur('H', 0.7, 'm')).toBe('0,70 m');
    expect(formatValeur('Q', 2450.105, 'm³/s')).toBe('2\u202f450 m³/s');
    expect(formatValeur('Q', 47.257, 'm³/s')).toBe('47,3 m³/s');
    expect(formatValeur('Q', 0.255, 'm³/s')).toBe('0,26 m³/s');
  });

  it('formats instants in Europe/Paris, winter and summer', () => {
    expect(formatInstant(TS)).toBe('le 31/01/2022 à 23h55');
    expect(formatInstant(Date.parse('2021-07-15T10:05:00Z'))).toBe('le 15/07/2021 à 12h05');
  });
});
