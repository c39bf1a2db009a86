import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@limni/shared/domain/time';
import { clampDay, fenetreOf } from './use-donnees-window';

describe('the window of the Données tab', () => {
  it('keeps the end day inside the place’s date range', () => {
    expect(clampDay('2021-12-25', '2022-01-01', '2022-02-01')).toBe('2022-01-01');
    expect(clampDay('2022-01-20', '2022-01-01', '2022-02-01')).toBe('2022-01-20');
    expect(clampDay('2022-03-01', '2022-01-01', '2022-02-01')).toBe('2022-02-01');
  });

  it('at the end of the range draws the last days of observations; before it, the days answered', () => {
    const derniere = Date.UTC(2022, 0, 31, 23, 45);
    const answered = { debut: Date.UTC(2022, 0, 20), fin: Date.UTC(2022, 0, 27) };
    expect(fenetreOf(answered, { latest: true, jours: 7 }, derniere)).toEqual({
      debut: derniere - 7 * DAY_MS,
      fin: derniere,
    });
    expect(fenetreOf(answered, { latest: false, jours: 7 }, derniere)).toEqual(answered);
    expect(fenetreOf(undefined, { latest: true, jours: 1 }, derniere)).toBeNull();
  });
});
