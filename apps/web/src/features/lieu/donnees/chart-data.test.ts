import { describe, expect, it } from 'vitest';
import { buildColumns, csvFileName, filterWindow, isoParis, parisWallToUtcDay, toCsv } from './chart-data';

const H = 3_600_000;
const T0 = Date.UTC(2022, 0, 28, 12, 0); // 28 January 2022, 13:00 in Paris

describe('buildColumns', () => {
  it('keeps regular observations as they are', () => {
    const c = buildColumns({ ts: [T0, T0 + 900_000], valeur: [1, 1.1] }, 15, null);
    expect(c.x).toEqual([T0, T0 + 900_000]);
    expect(c.obs).toEqual([1, 1.1]);
    expect(c.mean).toEqual([null, null]);
    expect(c.nbPrevisions).toBe(0);
  });

  it('breaks the line over a silence longer than 3 steps (at least 2 h) instead of bridging it', () => {
    const c = buildColumns({ ts: [T0, T0 + 5 * H], valeur: [1, 2] }, 15, null);
    expect(c.x).toEqual([T0, T0 + 2.5 * H, T0 + 5 * H]);
    expect(c.obs).toEqual([1, null, 2]);
    // Daily means: 3 days of silence is normal.
    expect(buildColumns({ ts: [T0, T0 + 48 * H], valeur: [1, 2] }, 1440, null).x).toHaveLength(2);
  });

  it('merges a forecast after the last observation, starting the band from the last observed value', () => {
    const c = buildColumns({ ts: [T0, T0 + H], valeur: [1, 1.2] }, 60, {
      points: [
        { ts: T0 + H, valeur: 9, min: 9, max: 9 },
        { ts: T0 + 2 * H, valeur: 1.4, min: 1.3, max: 1.6 },
        { ts: T0 + 3 * H, valeur: 1.5, min: null, max: null },
      ],
    });
    expect(c.x).toEqual([T0, T0 + H, T0 + 2 * H, T0 + 3 * H]);
    expect(c.obs).toEqual([1, 1.2, null, null]);
    expect(c.mean).toEqual([null, 1.2, 1.4, 1.5]);
    expect(c.min).toEqual([null, 1.2, 1.3, 1.5]);
    expect(c.max).toEqual([null, 1.2, 1.6, 1.5]);
    expect(c.nbPrevisions).toBe(2);
  });
});

describe('CSV', () => {
  it('writes ISO times with the Paris offset, winter and summer', () => {
    expect(isoParis(T0)).toBe('2022-01-28T13:00:00+01:00');
    expect(isoParis(Date.UTC(2021, 6, 20, 8, 10))).toBe('2021-07-20T10:10:00+02:00');
  });

  it('has the unit in the header, one row per drawn point, no gap markers', () => {
    const columns = buildColumns({ ts: [T0, T0 + 5 * H], valeur: [0.7, 0.6954] }, 15, null);
    const csv = toCsv(columns, { valeur: "Hauteur d'eau (m)" });
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      "Horodatage (Europe/Paris, ISO 8601);Hauteur d'eau (m)",
      '2022-01-28T13:00:00+01:00;0.7',
      '2022-01-28T18:00:00+01:00;0.695',
      '',
    ]);
  });

  it('writes daily means by their Paris day, not at the noon UTC they are stored at', () => {
    // Le Loing à Épisy, the last two days of its archive.
    const days = [Date.UTC(2018, 11, 30, 12), Date.UTC(2018, 11, 31, 12)];
    const columns = buildColumns({ ts: days, valeur: [14.9, 14.4] }, 1440, null);
    const csv = toCsv(columns, { valeur: 'Débit moyen journalier (m³/s)', jour: 'Jour (Europe/Paris)' });
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Jour (Europe/Paris);Débit moyen journalier (m³/s)',
      '2018-12-30;14.9',
      '2018-12-31;14.4',
      '',
    ]);
  });

  it('adds forecast columns only on forecast rows', () => {
    const columns = buildColumns({ ts: [T0], valeur: [1] }, 60, {
      points: [{ ts: T0 + H, valeur: 1.4, min: 1.3, max: 1.6 }],
    });
    const csv = toCsv(columns, {
      valeur: 'Débit (m³/s)',
      prevision: {
        mean: 'Prévision moyenne (m³/s)',
        min: 'Prévision basse (m³/s)',
        max: 'Prévision haute (m³/s)',
      },
    });
    expect(csv.slice(1).split('\r\n').slice(1, 3)).toEqual([
      '2022-01-28T13:00:00+01:00;1;;;',
      '2022-01-28T14:00:00+01:00;;1.4;1.3;1.6',
    ]);
  });

  it('names the file after the place, the quantity and the days', () => {
    expect(csvFileName('la-garonne-a-toulouse', 'H', '2022-01-22', '2022-01-28')).toBe(
      'limni-la-garonne-a-toulouse-H-2022-01-22_2022-01-28.csv',
    );
    expect(csvFileName('x', 'Q', '2022-01-28', '2022-01-28')).toBe('limni-x-Q-2022-01-28.csv');
  });
});

describe('the window drawn', () => {
  it('keeps the observations between both bounds, bounds included', () => {
    const serie = { ts: [T0, T0 + H, T0 + 2 * H, T0 + 3 * H], valeur: [1, 2, 3, 4] };
    expect(filterWindow(serie, T0 + H, T0 + 2 * H)).toEqual({ ts: [T0 + H, T0 + 2 * H], valeur: [2, 3] });
    expect(filterWindow(serie, T0 + 4 * H, T0 + 5 * H)).toEqual({ ts: [], valeur: [] });
    expect(filterWindow(undefined, 0, T0)).toEqual({ ts: [], valeur: [] });
  });

  it('starts a Paris day at its local midnight, in winter and in summer', () => {
    // 28 January: UTC+1, so midnight in Paris is 23:00 UTC the day before; 1 July: UTC+2.
    expect(parisWallToUtcDay('2022-01-28')).toBe(Date.UTC(2022, 0, 27, 23));
    expect(parisWallToUtcDay('2022-07-01')).toBe(Date.UTC(2022, 5, 30, 22));
  });
});
