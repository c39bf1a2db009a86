import { describe, expect, it } from 'vitest';
import { formatAgo, formatObservationAge } from './format';

const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the age of a reading (docs/decisions/142)', () => {
  // The replay's instant, 10 January 2022 at 02h00 in Paris.
  const now = Date.parse('2022-01-10T01:00:00Z');

  it('is never « dans »: a reading after the screen’s clock reads « maintenant »', () => {
    for (const ahead of [1, 15, 90, 24 * 60]) {
      const text = sp(formatObservationAge(now + ahead * 60_000, now));
      expect(text).toBe('maintenant');
      expect(text).not.toMatch(/dans/);
    }
  });

  it('says past ages as every other age does', () => {
    expect(sp(formatObservationAge(now - 15 * 60_000, now))).toBe('il y a 15 min');
    for (const back of [0, 15, 180, 3 * 1440]) {
      expect(formatObservationAge(now - back * 60_000, now)).toBe(formatAgo(now - back * 60_000, now));
    }
  });
});
