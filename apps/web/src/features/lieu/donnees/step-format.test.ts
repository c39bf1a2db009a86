import { describe, expect, it } from 'vitest';
import { formatSeriesDate, seriesDateStyle } from './step-format';

// Daily means are stored at noon UTC of their day (13 h in Paris in winter): Le Loing à Épisy, 20 years to 2018.
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12);
const clock = Date.parse('2022-02-01T00:00:00Z');
const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('dates of a drawn series (French)', () => {
  it('a daily series says its days, with the year when the window is not this year’s', () => {
    const style = seriesDateStyle({
      pasMin: 1440,
      fromArchive: false,
      debut: day(2018, 12, 25),
      fin: day(2018, 12, 31),
      now: clock,
    });
    expect(style).toEqual({ daily: true, year: true });
    expect(formatSeriesDate(day(2018, 12, 31), style)).toBe('31 décembre 2018');
  });

  it('twenty years of the archive name the year of each extreme', () => {
    const style = seriesDateStyle({
      pasMin: null,
      fromArchive: true,
      debut: day(1999, 1, 1),
      fin: day(2018, 12, 31),
      now: day(2018, 12, 31),
    });
    expect(formatSeriesDate(day(2003, 12, 12), style)).toBe('12 décembre 2003');
  });

  it('readings of this year keep their time and need no year', () => {
    const style = seriesDateStyle({
      pasMin: 15,
      fromArchive: false,
      debut: Date.parse('2022-01-25T00:00:00Z'),
      fin: Date.parse('2022-01-31T23:00:00Z'),
      now: clock,
    });
    expect(style).toEqual({ daily: false, year: false });
    // 11 January 2022, 07:15 in Paris.
    expect(sp(formatSeriesDate(Date.parse('2022-01-11T06:15:00Z'), style))).toBe('11 janvier à 7 h 15');
  });

  it('a window across New Year carries the year, and the first of a month is « 1er »', () => {
    const style = seriesDateStyle({
      pasMin: 5,
      fromArchive: false,
      debut: Date.parse('2021-12-28T00:00:00Z'),
      fin: Date.parse('2022-01-03T00:00:00Z'),
      now: clock,
    });
    expect(sp(formatSeriesDate(Date.parse('2022-01-01T08:00:00Z'), style))).toBe('1er janvier 2022 à 9 h 00');
  });
});
