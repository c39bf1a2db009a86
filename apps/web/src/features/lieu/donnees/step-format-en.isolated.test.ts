import { describe, expect, it, vi } from 'vitest';
import { formatSeriesDate } from './step-format';

// The page in English (the rest of the i18n module as it is: the hydro feature's words are defined with it).
vi.mock(import('../../../lib/i18n'), async (importOriginal) => ({
  ...(await importOriginal()),
  currentLocale: () => 'en-US',
  currentLangue: () => 'en',
}));

const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('dates of a drawn series (US English)', () => {
  it('a daily mean by its day, a reading with its time', () => {
    expect(formatSeriesDate(Date.UTC(2003, 11, 12, 12), { daily: true, year: true })).toBe(
      'December 12, 2003',
    );
    expect(sp(formatSeriesDate(Date.parse('2022-01-11T06:15:00Z'), { daily: false, year: false }))).toBe(
      'January 11, 7:15 AM',
    );
  });
});
