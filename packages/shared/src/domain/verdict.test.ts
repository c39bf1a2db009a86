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
      'Hauteur de −0,16 m, sous le seuil bas indicatif de −0,14 m.',
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

describe('thresholds on stated grounds (ADR 141)', () => {
  const archive = (bas: number | null, haut: number | null): SeuilVerdict => ({
    ...seuil('Q', bas, haut),
    fondement: {
      kind: 'archive',
      annee_debut: 1999,
      annee_fin: 2018,
      statistique: 'moyenne',
      centile_bas: bas === null ? null : 10,
      centile_haut: haut === null ? null : 90,
    },
  });

  it.each<[number, string, string]>([
    [
      2,
      'Débit de 2,00 m³/s, plus bas que 90\u00a0% des débits moyens journaliers de 1999 à 2018 (seuil bas indicatif : 4,10 m³/s).',
      'Flow of 2.00 m³/s, lower than 90% of the daily mean flows of 1999–2018 (indicative low threshold: 4.10 m³/s).',
    ],
    [
      50,
      'Débit de 50,0 m³/s, plus haut que 90\u00a0% des débits moyens journaliers de 1999 à 2018 (seuil haut indicatif : 35,0 m³/s).',
      'Flow of 50.0 m³/s, higher than 90% of the daily mean flows of 1999–2018 (indicative high threshold: 35.0 m³/s).',
    ],
    [
      20,
      'Débit de 20,0 m³/s, entre le 10e centile (4,10 m³/s) et le 90e centile (35,0 m³/s) des débits moyens journaliers de 1999 à 2018.',
      'Flow of 20.0 m³/s, between the 10th percentile (4.10 m³/s) and the 90th percentile (35.0 m³/s) of the daily mean flows of 1999–2018.',
    ],
  ])('words a flow of %d against percentiles as what they are', (valeur, fr, en) => {
    const input = { seuils: [archive(4.1, 35)], observations: [q(valeur)], vigilance: null };
    expect(computeVerdict(input).raison).toBe(fr);
    expect(computeVerdict(input, 'en').raison).toBe(en);
  });

  it('gives no opinion where the place lacks the history, whatever the reading', () => {
    const sans: SeuilVerdict = {
      ...seuil('H', null, null),
      fondement: {
        kind: 'historique_insuffisant',
        annee_debut: null,
        annee_fin: null,
        statistique: null,
        centile_bas: null,
        centile_haut: null,
      },
    };
    const r = computeVerdict({ seuils: [sans], observations: [h(3.9)], vigilance: null });
    expect(r.verdict).toBe('inconnu');
    expect(r.raison).toMatch(/^Pas assez d’historique pour un avis : /);
    expect(computeVerdict({ seuils: [sans], observations: [h(3.9)], vigilance: null }, 'en').raison).toMatch(
      /^Not enough history for an opinion: /,
    );
    // An orange vigilance is an official ground: it still advises against the activity.
    expect(computeVerdict({ seuils: [sans], observations: [h(3.9)], vigilance: orange }).verdict).toBe(
      'déconseillé',
    );
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
