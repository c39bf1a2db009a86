import { describe, expect, it } from 'vitest';
import { formatAgo, formatHourOfDay, formatTimeOfDay } from './format';

describe('formatAgo (French, the default language)', () => {
  const now = Date.parse('2022-02-01T00:00:00Z');
  it.each([
    [0, 'maintenant'],
    [-12 * 60_000, 'il y a 12 min'],
    [-3 * 3_600_000, 'il y a 3 h'],
    [-2 * 86_400_000, 'il y a 2 jours'],
    [-21 * 86_400_000, 'il y a 3 semaines'],
    // Months and years in words: « 6 m. » read as metres beside a level, « 3 a » as nothing.
    [-6 * 30.4 * 86_400_000, 'il y a 6 mois'],
    [-3 * 365.25 * 86_400_000, 'il y a 3 ans'],
    [-365.25 * 86_400_000, 'il y a 1 an'],
  ])('%d ms → %s', (delta, text) =>
    // Intl puts a (narrow) no-break space between number and unit.
    expect(formatAgo(now + delta, now).replace(/[\u00a0\u202f]/g, ' ')).toBe(text),
  );
});

describe('times of day (French)', () => {
  // 2022-02-01 00:45 in Paris (UTC+1), and 13:45 the same day.
  const ts = Date.parse('2022-01-31T23:45:00Z');
  it('« 0 h 45 », « 13 h 45 », and hours as « 0 h », « 23 h »', () => {
    expect(formatTimeOfDay(ts)).toBe('0 h 45');
    expect(formatTimeOfDay(ts + 13 * 3_600_000)).toBe('13 h 45');
    expect([0, 23].map(formatHourOfDay)).toEqual(['0 h', '23 h']);
  });
});
