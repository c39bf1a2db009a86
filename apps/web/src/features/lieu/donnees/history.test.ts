import { describe, expect, it } from 'vitest';
import type { BandeJour, NormalesLieu } from '@limni/shared/contracts/historique';
import { buildColumns, parisWallToUtcDay, toCsv, type ChartColumns } from './chart-data';
import { bandColumns, drawnStepMin, lastYearColumn, ordinal, situation } from './history';

const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);
const band = (mmjj: string, base: number): BandeJour => ({
  mmjj,
  p10: base,
  p25: base + 1,
  p50: base + 2,
  p75: base + 3,
  p90: base + 4,
});

describe('bandColumns', () => {
  it('gives each instant the band of its Paris calendar day; none where the band has no such day', () => {
    // 23:30 UTC on 1 June is already 2 June in Paris (UTC+2).
    const x = [noon('2016-06-01'), Date.parse('2016-06-01T23:30:00Z'), noon('2016-06-03')];
    const cols = bandColumns(x, [band('06-01', 10), band('06-02', 20)]);
    expect(cols.p10).toEqual([10, 20, null]);
    expect(cols.p90).toEqual([14, 24, null]);
  });
});

describe('lastYearColumn', () => {
  it('moves last year forward by the length of the year between the end days and matches instants', () => {
    const shift = parisWallToUtcDay('2016-06-02') - parisWallToUtcDay('2015-06-02');
    expect(shift).toBe(366 * 86_400_000);
    const x = [noon('2016-06-01'), noon('2016-06-02')];
    const ts = [noon('2015-05-31'), noon('2015-06-01'), noon('2015-06-02')];
    // The same calendar days a year earlier: 1 and 2 June 2015.
    expect(lastYearColumn(x, { ts, valeur: [5, 6, 7] }, shift)).toEqual([6, 7]);
    expect(lastYearColumn(x, undefined, shift)).toEqual([null, null]);
  });
});

describe('situation', () => {
  const base: NormalesLieu = {
    lieu_id: 1,
    date: '2016-06-02',
    capteur: { capteur_id: 1, grandeur: 'Q', unite: 'm³/s', libelle: 'Débit' },
    statistique: 'moyenne',
    origine: 'x',
    periode: { debut: 1999, fin: 2018, nb_annees: 20 },
    raison: null,
    archive: { premier_jour: '1999-01-01', dernier_jour: '2018-12-31', nb_jours: 7305 },
    records: { max: null, min: null },
    maxima_annuels: null,
    bande: [],
    jour: { valeur: 447, bande: band('06-02', 10), classe: 'tres-hautes', rang: 95, nb_valeurs_jour: 20 },
    an_dernier: { jour: '2015-06-02', valeur: 12 },
  };
  it('names the class, the usual range P25–P75, the rank and the period', () => {
    expect(situation(base)).toEqual({
      classe: 'tres-hautes',
      valeur: 447,
      bas: 11,
      haut: 13,
      rang: 95,
      nb: 20,
      periode: '1999–2018',
    });
  });
  it('is null without a band', () => {
    expect(situation({ ...base, periode: null })).toBeNull();
  });
});

describe('toCsv with the band', () => {
  it('adds the extra columns aligned with the drawn instants', () => {
    const columns: ChartColumns = {
      x: [noon('2016-06-02')],
      obs: [447],
      mean: [null],
      min: [null],
      max: [null],
      nbPrevisions: 0,
    };
    const csv = toCsv(columns, {
      valeur: 'Débit (m³/s)',
      extra: [{ titre: 'P10 (m³/s)', valeurs: [10.1234] }],
    });
    expect(csv.split('\r\n')[0]).toBe('\uFEFFHorodatage (Europe/Paris, ISO 8601);Débit (m³/s);P10 (m³/s)');
    expect(csv.split('\r\n')[1]).toBe('2016-06-02T14:00:00+02:00;447;10.123');
  });
});

describe('ordinal', () => {
  it('writes a rank as French and English write it', () => {
    expect([1, 2, 6, 12].map((n) => ordinal(n, 'fr'))).toEqual(['1er', '2e', '6e', '12e']);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((n) => ordinal(n, 'en'))).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
    ]);
  });
});

describe('drawnStepMin', () => {
  // 165 years of daily maxima drawn as 2,000 LTTB points: about one point a month, a year missing in the middle.
  const DAY = 86_400_000;
  const ts = Array.from(
    { length: 2000 },
    (_, i) => Date.UTC(1857, 4, 1) + i * 30 * DAY + (i >= 1000 ? 365 * DAY : 0),
  );
  const serie = { pas_min: 1440, sous_echantillonne: true, ts };
  it('joins the points kept by the downsampling, and breaks only at the missing year', () => {
    const cols = buildColumns({ ts, valeur: ts.map(() => 1) }, drawnStepMin(serie), null);
    expect(cols.obs.filter((v) => v === null)).toHaveLength(1);
  });
  it('keeps the native step of a series drawn in full', () => {
    expect(drawnStepMin({ ...serie, sous_echantillonne: false })).toBe(1440);
    expect(drawnStepMin(undefined)).toBeNull();
  });
});
