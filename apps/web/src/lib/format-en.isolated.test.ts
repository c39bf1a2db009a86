import { describe, expect, it, vi } from 'vitest';
import {
  formatAgo,
  formatClock,
  formatDateTime,
  formatHourOfDay,
  formatLongDate,
  formatTimeOfDay,
  formatValue,
} from './format';

// The page in English: every format follows US English, one locale for the whole screen.
vi.mock('./i18n', () => ({ currentLocale: () => 'en-US', currentLangue: () => 'en' }));

const sp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatting in US English', () => {
  // 2022-02-01 00:45 in Paris (UTC+1).
  const ts = Date.parse('2022-01-31T23:45:00Z');
  it('numbers use a decimal point', () => expect(sp(formatValue(0.7, 'm'))).toBe('0.70 m'));
  it('a date and time reads the American way, in Paris time', () =>
    expect(sp(formatDateTime(ts))).toBe('Feb 1, 2022, 12:45 AM'));
  it('a long date has no French ordinal', () => expect(formatLongDate(ts)).toBe('February 1, 2022'));
  it('the demo clock', () => expect(sp(formatClock(ts))).toBe('February 1, 2022 at 12:45 AM'));
  it('a time of day and an hour of the day are on the 12-hour clock', () => {
    expect(sp(formatTimeOfDay(ts))).toBe('12:45 AM');
    expect(sp(formatTimeOfDay(ts + 13 * 3_600_000))).toBe('1:45 PM');
    expect([0, 1, 12, 23].map(formatHourOfDay)).toEqual(['12 AM', '1 AM', '12 PM', '11 PM']);
  });
  it('ages: minutes and hours short, longer ones in words', () => {
    const day = 86_400_000;
    expect(
      [12 * 60_000, 3 * 3_600_000, 2 * day, 21 * day, 6 * 30.4 * day, 3 * 365.25 * day].map((d) =>
        sp(formatAgo(ts - d, ts)),
      ),
    ).toEqual(['12 min. ago', '3 hr. ago', '2 days ago', '3 weeks ago', '6 months ago', '3 years ago']);
  });
});
