import { describe, expect, it } from 'vitest';
import type { ValeurEcartee } from '@limni/shared/contracts/hydro';
import { stationArretPhrase, valeursEcarteesNotice } from './station-notices';

/** Intl and French typography put (narrow) no-break spaces and may write a true minus sign. */
const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

// 28 November 2026 at 14:10 in Paris (UTC+1).
const TS = Date.parse('2026-11-28T13:10:00Z');

const ecartee = (over: Partial<ValeurEcartee>): ValeurEcartee => ({
  capteur_id: 1,
  grandeur: 'H',
  unite: 'm',
  ts: TS,
  valeur: 100,
  raison: { code: 'bornes', min: -30, max: 60 },
  recu_le: TS + 120_000,
  ...over,
});

describe('the station’s stop (French)', () => {
  // 12 November 2026, 10:00 in Paris.
  const depuis = Date.parse('2026-11-12T09:00:00Z');
  it('out of service in Hub’Eau’s catalogue, or gone from it, and since when', () => {
    expect(sp(stationArretPhrase({ motif: 'hors_service', depuis }))).toBe(
      "Station hors service selon Hub'Eau depuis le 12 novembre 2026 : plus de nouvelles mesures.",
    );
    expect(sp(stationArretPhrase({ motif: 'absente_du_catalogue', depuis }))).toBe(
      "Station absente du catalogue Hub'Eau depuis le 12 novembre 2026 : plus de nouvelles mesures.",
    );
  });
});

describe('the readings set aside (French)', () => {
  it('says nothing when there is none', () => {
    expect(valeursEcarteesNotice(undefined)).toBeNull();
    expect(valeursEcarteesNotice([])).toBeNull();
  });

  it('one reading outside the physical limits of a height', () => {
    const n = valeursEcarteesNotice([ecartee({})]);
    expect(n && sp(n.titre)).toBe('1 valeur reçue jugée invraisemblable a été écartée :');
    expect(n?.valeurs.map(sp)).toEqual([
      '100,00 m le 28/11/2026 à 14h10 (hors des limites physiques d’une hauteur, -30 à 60 m)',
    ]);
  });

  it('several readings, each with its reason: a jump, the station’s known range, a flow’s limits', () => {
    const n = valeursEcarteesNotice([
      // 100 m ten minutes after 3 m: +97 m.
      ecartee({ raison: { code: 'saut', reference: 3, minutes: 10 } }),
      ecartee({
        grandeur: 'Q',
        unite: 'm³/s',
        valeur: 5200,
        ts: TS - 3_600_000,
        raison: { code: 'historique', min: -40, max: 2500 },
      }),
      ecartee({
        grandeur: 'Q',
        unite: 'm³/s',
        valeur: 75_000,
        raison: { code: 'bornes', min: -1000, max: 60_000 },
      }),
      // A fall: the jump is negative.
      ecartee({ valeur: -12.5, raison: { code: 'saut', reference: 1.25, minutes: 5 } }),
    ]);
    expect(n && sp(n.titre)).toBe('4 valeurs reçues jugées invraisemblables ont été écartées :');
    expect(n?.valeurs.map(sp)).toEqual([
      '100,00 m le 28/11/2026 à 14h10 (saut de +97,00 m en 10 min depuis 3,00 m)',
      '5 200 m³/s le 28/11/2026 à 13h10 (hors de l’étendue connue de cette station (-40 à 2 500 m³/s))',
      '75 000 m³/s le 28/11/2026 à 14h10 (hors des limites physiques d’un débit, -1 000 à 60 000 m³/s)',
      '-12,50 m le 28/11/2026 à 14h10 (saut de -13,75 m en 5 min depuis 1,25 m)',
    ]);
  });
});
