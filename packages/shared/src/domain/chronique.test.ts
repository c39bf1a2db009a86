import { describe, expect, it } from 'vitest';
import { chroniqueDistance, chroniqueHeure, chroniqueHoraire } from './chronique';
import { parisWallToUtc } from './time';

describe('chroniqueHeure: every minute of an hour', () => {
  const minutes = Array.from({ length: 60 }, (_, m) => m);
  it.each(minutes)('14:%i', (m) => {
    const expected = m <= 9 ? 14 : m >= 40 ? 15 : 14;
    expect(chroniqueHeure(14, m)).toBe(expected);
  });
  it.each(minutes)('23:%i stays on 23 h (cap)', (m) => {
    expect(chroniqueHeure(23, m)).toBe(23);
  });
  it.each(minutes)('00:%i', (m) => {
    expect(chroniqueHeure(0, m)).toBe(m >= 40 ? 1 : 0);
  });
  it('measures the distance to the slot hour', () => {
    expect(chroniqueDistance(14, 5)).toBe(5);
    expect(chroniqueDistance(14, 30)).toBe(30);
    expect(chroniqueDistance(14, 45)).toBe(15);
    expect(chroniqueDistance(23, 45)).toBe(45);
  });
});

const at = (day: string, h: number, m: number) => {
  const [y, mo, d] = day.split('-').map(Number) as [number, number, number];
  return parisWallToUtc(y, mo, d, h, m);
};

describe('chroniqueHoraire', () => {
  it('keeps one row per slot, the observation nearest to the hour', () => {
    const rows = chroniqueHoraire(
      [
        { ts: at('2022-01-31', 13, 45), valeur: 1 }, // slot 14, 15 min away
        { ts: at('2022-01-31', 14, 0), valeur: 2 }, // slot 14, exact: wins
        { ts: at('2022-01-31', 14, 15), valeur: 3 }, // slot 14, 15 min
        { ts: at('2022-01-31', 14, 30), valeur: 4 }, // slot 14, 30 min
        { ts: at('2022-01-31', 14, 45), valeur: 5 }, // slot 15, 15 min: wins slot 15
        { ts: at('2022-01-31', 15, 20), valeur: 6 }, // slot 15, 20 min
      ],
      'm',
    );
    expect(rows).toEqual([
      { date: '2022-01-31', heure: 14, valeur: 2, unite: 'm', ts: at('2022-01-31', 14, 0) },
      // The row of 15 h holds the reading of 14:45, with its own time.
      { date: '2022-01-31', heure: 15, valeur: 5, unite: 'm', ts: at('2022-01-31', 14, 45) },
    ]);
  });

  it('prefers the later observation on a tie, and sorts by day then hour', () => {
    const rows = chroniqueHoraire(
      [
        { ts: at('2022-02-01', 0, 5), valeur: 9 },
        { ts: at('2022-01-31', 9, 55), valeur: 1 }, // slot 10, 5 min
        { ts: at('2022-01-31', 10, 5), valeur: 2 }, // slot 10, 5 min, later: wins
        { ts: at('2022-01-31', 23, 50), valeur: 3 }, // capped on 23 h of the 31st
      ],
      'm³/s',
    );
    expect(rows.map((r) => [r.date, r.heure, r.valeur])).toEqual([
      ['2022-01-31', 10, 2],
      ['2022-01-31', 23, 3],
      ['2022-02-01', 0, 9],
    ]);
  });

  it('uses Paris wall-clock time, including on the October clock change', () => {
    // 2022-10-30: 02:00–02:59 happens twice (CEST then CET). 00:30 UTC is 02:30 CEST, 01:30 UTC is 02:30 CET.
    const rows = chroniqueHoraire(
      [
        { ts: Date.parse('2022-10-30T00:30:00Z'), valeur: 1 },
        { ts: Date.parse('2022-10-30T01:30:00Z'), valeur: 2 },
        { ts: Date.parse('2022-10-29T22:00:00Z'), valeur: 0 }, // 00:00 CEST on the 30th
      ],
      'm',
    );
    expect(rows).toEqual([
      { date: '2022-10-30', heure: 0, valeur: 0, unite: 'm', ts: Date.parse('2022-10-29T22:00:00Z') },
      { date: '2022-10-30', heure: 2, valeur: 2, unite: 'm', ts: Date.parse('2022-10-30T01:30:00Z') },
    ]);
  });

  it('uses summer time in July (UTC+2)', () => {
    const rows = chroniqueHoraire([{ ts: Date.parse('2021-07-16T06:42:00Z'), valeur: 1 }], 'm');
    expect(rows).toEqual([
      { date: '2021-07-16', heure: 9, valeur: 1, unite: 'm', ts: Date.parse('2021-07-16T06:42:00Z') },
    ]);
  });
});
