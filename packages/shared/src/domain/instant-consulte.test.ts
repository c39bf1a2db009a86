import { describe, expect, it } from 'vitest';
import { formatInstantConsulte, parseInstantConsulte } from './instant-consulte';

describe('the instant consulted, Paris wall-clock time', () => {
  it('reads a winter and a summer time against their UTC offsets', () => {
    expect(parseInstantConsulte('2022-01-11T07:15')).toBe(Date.parse('2022-01-11T06:15:00Z'));
    expect(parseInstantConsulte('2022-07-14T12:00')).toBe(Date.parse('2022-07-14T10:00:00Z'));
  });

  it('reads a day alone as its Paris midnight', () => {
    expect(parseInstantConsulte('2024-12-16')).toBe(Date.parse('2024-12-15T23:00:00Z'));
  });

  it('reads a time that does not exist in spring an hour later, as the clocks moved', () => {
    // 27 March 2022: 02:00 → 03:00 in Paris; 02:30 does not exist, 03:30 (01:30 UTC) does.
    expect(parseInstantConsulte('2022-03-27T02:30')).toBe(Date.parse('2022-03-27T01:30:00Z'));
  });

  it.each([
    '2022-02-30',
    '2022-13-01',
    '2022-01-11T24:00',
    '2022-01-11T07:60',
    '2022-01-11 07:15',
    'hier',
    '',
  ])('refuses %j', (text) => expect(parseInstantConsulte(text)).toBeNull());

  it('writes back what it reads', () => {
    for (const text of ['2022-01-11T07:15', '2022-07-14T23:59', '1857-05-01T00:00']) {
      expect(formatInstantConsulte(parseInstantConsulte(text) as number)).toBe(text);
    }
  });
});
