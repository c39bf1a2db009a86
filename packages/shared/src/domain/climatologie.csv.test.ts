import { describe, expect, it } from 'vitest';
import {
  stationDays,
  textbookBand,
  textbookMax,
  textbookMin,
  textbookQuantile,
  textbookYears,
} from '../../../../test-support/history-csv';
import {
  calendarPosition,
  CALENDAR_DAYS,
  classify,
  computeClimatology,
  furthestFromNormal,
  MIN_YEARS,
  oneYearEarlier,
  quantile7,
  rankPercent,
} from './climatologie';

const toValues = (code: string) => stationDays(code).map((d) => ({ jour: d.jour, valeur: d.moyenne }));

describe('quantile7 (R type 7 / NumPy linear)', () => {
  it.each([
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3, 4], 0.1, 1.3],
    [[10], 0.9, 10],
    [[3, 1, 2].sort(), 0.25, 1.5],
  ])('%j at %d → %d', (values, p, expected) => {
    expect(quantile7(values, p)).toBeCloseTo(expected, 12);
  });
});

describe('computeClimatology on the embedded history (expectations from the CSV)', () => {
  const cases: Array<[string, string]> = [
    ['F439000101', '06-02'], // Loing at Épisy, the June 2016 flood
    ['F439000101', '01-15'],
    ['X031001001', '06-15'], // Durance at Embrun, snowmelt
    ['E645651001', '09-01'], // Nièvre at l'Étoile (gaps: fewer complete years)
    ['V352401001', '11-02'], // Cance at Sarras, hourly source
  ];
  it.each(cases)('%s on %s', (code, mmdd) => {
    const days = stationDays(code);
    const clim = computeClimatology(toValues(code));
    const years = textbookYears(days);
    expect(clim.periode).toEqual({ debut: years[0], fin: years[years.length - 1], nbAnnees: years.length });
    const day = clim.jours.find((j) => j.mmjj === mmdd);
    const exp = textbookBand(days, mmdd);
    expect(day?.n).toBe(exp.n);
    for (const k of ['p10', 'p25', 'p50', 'p75', 'p90'] as const) expect(day?.[k]).toBeCloseTo(exp[k], 9);
    const same = days.filter((d) => d.jour.endsWith(mmdd) && years.includes(Number(d.jour.slice(0, 4))));
    expect(day?.valeursJour).toEqual(same.map((d) => d.moyenne).sort((a, b) => a - b));
    expect(clim.recordMax).toEqual(textbookMax(days));
    expect(clim.recordMin).toEqual(textbookMin(days));
  });

  it('the Loing at Épisy: record of 447 m³/s on 2 June 2016, which is « très hautes » for its date', () => {
    const clim = computeClimatology(toValues('F439000101'));
    expect(clim.recordMax).toEqual({ valeur: 447, jour: '2016-06-02' });
    const band = clim.jours.find((j) => j.mmjj === '06-02');
    expect(band && classify(447, band)).toBe('tres-hautes');
    expect(band && rankPercent(447, band.valeursJour)).toBe(95); // 19 of the 20 values of 2 June are lower
  });

  it('fewer than 5 complete years: no band, and the reason', () => {
    const few = toValues('F439000101').filter((v) => v.jour < `${1999 + MIN_YEARS - 1}-01-01`);
    const clim = computeClimatology(few);
    expect(clim.periode).toBeNull();
    expect(clim.jours).toEqual([]);
    expect(clim.raison).toContain(`${MIN_YEARS - 1} années complètes`);
    expect(clim.recordMax).toEqual(
      textbookMax(stationDays('F439000101').filter((d) => d.jour < '2003-01-01')),
    );
  });

  it('29 February has its own day, from leap years only', () => {
    const clim = computeClimatology(toValues('F439000101'));
    const feb29 = clim.jours.find((j) => j.mmjj === '02-29');
    expect(feb29?.valeursJour).toHaveLength(5); // 2000, 2004, 2008, 2012, 2016
    expect(feb29?.p50).toBeCloseTo(
      textbookQuantile(
        stationDays('F439000101')
          .filter((d) => {
            const p = calendarPosition(d.jour);
            return Math.abs(p - calendarPosition('2000-02-29')) <= 7;
          })
          .map((d) => d.moyenne),
        0.5,
      ),
      9,
    );
  });
});

describe('classify, rank and last year', () => {
  const band = { p10: 1, p25: 2, p75: 4, p90: 5 };
  it.each([
    [0.5, 'tres-basses'],
    [1, 'basses'],
    [2, 'normales'],
    [4, 'normales'],
    [4.5, 'hautes'],
    [5, 'hautes'],
    [6, 'tres-hautes'],
  ] as const)('%d → %s', (v, c) => expect(classify(v, band)).toBe(c));

  it.each([
    [[], null],
    [[null, null], null],
    [['normales'], 'normales'],
    [['normales', 'basses', null], 'basses'],
    [['hautes', 'tres-basses'], 'tres-basses'],
    [['basses', 'hautes'], 'hautes'],
    [['tres-hautes', 'tres-basses'], 'tres-hautes'],
  ] as const)('a group of places %j → %s', (classes, c) => expect(furthestFromNormal(classes)).toBe(c));

  it('rank = share of that day’s values strictly lower', () => {
    expect(rankPercent(3, [1, 2, 3, 4])).toBe(50);
    expect(rankPercent(9, [])).toBeNull();
  });

  it('one year earlier', () => {
    expect(oneYearEarlier('2016-06-02')).toBe('2015-06-02');
    expect(oneYearEarlier('2016-02-29')).toBe('2015-02-28');
  });

  it('366 calendar days, positions in order', () => {
    expect(CALENDAR_DAYS).toHaveLength(366);
    CALENDAR_DAYS.forEach((d, i) => expect(calendarPosition(`2000-${d}`)).toBe(i));
  });
});
