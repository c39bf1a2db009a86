import { describe, expect, it } from 'vitest';
import { formatAgo } from './format';

describe('formatAgo (French, the default language)', () => {
  const now = Date.parse('2022-02-01T00:00:00Z');
  it.each([
    [0, 'maintenant'],
    [-12 * 60_000, 'il y a 12 min'],
    [-3 * 3_600_000, 'il y a 3 h'],
    [-21 * 86_400_000, 'il y a 3 sem.'],
  ])('%d ms → %s', (delta, text) =>
    // Intl puts a (narrow) no-break space between number and unit.
    expect(formatAgo(now + delta, now).replace(/[\u00a0\u202f]/g, ' ')).toBe(text),
  );
});
