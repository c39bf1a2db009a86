/**
 * The converters of the history sources, on texts in the sources' own formats (smash `qobs`: line 1 = first
 * timestamp, one value per step, negative = missing; airGR rows with an empty `q_l_s` for a missing day).
 */
import { describe, expect, it } from 'vitest';
import { airgrDaily, smashDailyToDaily, smashHourlyToDaily, toCsv } from './convert';

describe('smashDailyToDaily (Lez files: YYYYMMDD, one value per day)', () => {
  it('dates each value by its line, skips the missing ones, keeps values written without a leading zero', () => {
    const rows = smashDailyToDaily(
      'Y320002001',
      ['19741230', '-99.0', '0.283', '.274', '-99.0', '1.5', ''].join('\n'),
    );
    expect(rows).toEqual([
      { code: 'Y320002001', jour: '1974-12-31', moyenne: 0.283, min: null, max: null, n: null },
      { code: 'Y320002001', jour: '1975-01-01', moyenne: 0.274, min: null, max: null, n: null },
      { code: 'Y320002001', jour: '1975-01-03', moyenne: 1.5, min: null, max: null, n: null },
    ]);
  });

  it('crosses 29 February', () => {
    const rows = smashDailyToDaily('X', ['20160228', '1', '2', '3'].join('\n'));
    expect(rows.map((r) => r.jour)).toEqual(['2016-02-28', '2016-02-29', '2016-03-01']);
  });
});

describe('smashHourlyToDaily (Cance files: YYYYMMDDHHMM, one value per hour, read as UTC)', () => {
  it('averages each Paris day with at least 18 hourly values, with min, max and count', () => {
    // 2006-01-01 23:00 UTC is midnight in Paris: 24 values of 2 January (Paris), then 5 of the 3rd (too few).
    const values = [
      ...Array.from({ length: 24 }, (_v, i) => String(i % 2 === 0 ? 1 : 3)),
      '-99.000',
      '4',
      '4',
      '4',
      '4',
    ];
    const rows = smashHourlyToDaily('V3515010', ['200601012300', ...values].join('\n'));
    expect(rows).toEqual([{ code: 'V3515010', jour: '2006-01-02', moyenne: 2, min: 1, max: 3, n: 24 }]);
  });
});

describe('airgrDaily and toCsv', () => {
  it('turns l/s into m³/s, leaves out empty days, and writes the compact table', () => {
    const rows = airgrDaily([
      { code_station: 'F439000101', date: '2016-06-02', q_l_s: '447000', q_mm_d: '9.8' },
      { code_station: 'F439000101', date: '2016-06-03', q_l_s: '', q_mm_d: '' },
    ]);
    expect(toCsv(rows)).toBe(
      'code_station,jour,moyenne_m3s,min_m3s,max_m3s,n\nF439000101,2016-06-02,447,,,\n',
    );
  });
});
