import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ValeurEcartee } from '@limni/shared/contracts/hydro';
import { setLangue } from '../../lib/i18n';
import { stationArretPhrase, valeursEcarteesNotice } from './station-notices';

const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ').replace(/\u2212/g, '-');

// The language switch writes the page's title and `lang`: a bare document is enough here.
beforeAll(async () => {
  vi.stubGlobal('document', { title: '', documentElement: { lang: 'fr' } });
  await setLangue('en');
});

// 28 November 2026 at 14:10 in Paris (UTC+1).
const TS = Date.parse('2026-11-28T13:10:00Z');
const ecartee = (over: Partial<ValeurEcartee>): ValeurEcartee => ({
  capteur_id: 1,
  grandeur: 'H',
  unite: 'm',
  ts: TS,
  valeur: 100,
  raison: { code: 'bornes', min: -30, max: 60 },
  recu_le: TS,
  ...over,
});

describe('the place’s notices in English', () => {
  it('the station’s stop', () => {
    const depuis = Date.parse('2026-11-12T09:00:00Z');
    expect(stationArretPhrase({ motif: 'hors_service', depuis })).toBe(
      "Station out of service according to Hub'Eau since November 12, 2026: no new readings.",
    );
    expect(stationArretPhrase({ motif: 'absente_du_catalogue', depuis })).toBe(
      "Station missing from Hub'Eau's catalogue since November 12, 2026: no new readings.",
    );
  });

  it('one reading set aside, then several, each with its reason', () => {
    const one = valeursEcarteesNotice([ecartee({})]);
    expect(one?.titre).toBe('1 reading received was judged implausible and set aside:');
    expect(one?.valeurs.map(sp)).toEqual([
      '100.00 m on Nov 28, 2026, 2:10 PM (outside the physical limits of a height, -30 to 60 m)',
    ]);
    const two = valeursEcarteesNotice([
      ecartee({ raison: { code: 'saut', reference: 3, minutes: 10 } }),
      ecartee({
        grandeur: 'Q',
        unite: 'm³/s',
        valeur: 5200,
        raison: { code: 'historique', min: -40, max: 2500 },
      }),
    ]);
    expect(two?.titre).toBe('2 readings received were judged implausible and set aside:');
    expect(two?.valeurs.map(sp)).toEqual([
      '100.00 m on Nov 28, 2026, 2:10 PM (jump of +97.00 m in 10 min from 3.00 m)',
      '5,200 m³/s on Nov 28, 2026, 2:10 PM (outside the known range of this station (-40 to 2,500 m³/s))',
    ]);
  });
});
