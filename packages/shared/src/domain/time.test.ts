import { describe, expect, it } from 'vitest';
import {
  addDays,
  isIsoDay,
  parisDay,
  parisDayRange,
  parisDaysRange,
  parisOffsetMs,
  parisParts,
  zoneOffsetMs,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
} from './time';

describe('isIsoDay', () => {
  it.each([
    ['2022-01-31', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2022-13-45', false],
    ['2022-00-10', false],
    ['x', false],
    ['2022-1-3', false],
    ['', false],
  ])('%s → %s', (v, ok) => expect(isIsoDay(v)).toBe(ok));
});

describe('Paris calendar days', () => {
  it('a winter day starts at 23:00 UTC the day before and lasts 24 h', () => {
    const { start, end } = parisDayRange('2022-01-31');
    expect(new Date(start).toISOString()).toBe('2022-01-30T23:00:00.000Z');
    expect(end - start).toBe(24 * HOUR_MS);
  });

  it('a summer day starts at 22:00 UTC the day before', () => {
    expect(new Date(parisDayRange('2021-07-16').start).toISOString()).toBe('2021-07-15T22:00:00.000Z');
  });

  it('the last Sunday of March lasts 23 hours', () => {
    const { start, end } = parisDayRange('2022-03-27');
    expect(end - start).toBe(23 * HOUR_MS);
    expect(new Date(start).toISOString()).toBe('2022-03-26T23:00:00.000Z');
  });

  it('the last Sunday of October lasts 25 hours', () => {
    const { start, end } = parisDayRange('2022-10-30');
    expect(end - start).toBe(25 * HOUR_MS);
    expect(new Date(end).toISOString()).toBe('2022-10-30T23:00:00.000Z');
  });

  it('ranges of several days end with the given day', () => {
    const { start, end } = parisDaysRange('2022-01-31', 7);
    expect(parisDay(start)).toBe('2022-01-25');
    expect(parisDay(end - 1)).toBe('2022-01-31');
  });

  it('wall-clock parts and days follow Europe/Paris', () => {
    const ms = Date.parse('2022-01-31T23:55:00Z');
    expect(parisDay(ms)).toBe('2022-02-01');
    expect(parisParts(ms)).toMatchObject({ hour: 0, minute: 55 });
  });

  it('adds days across months and years', () => {
    expect(addDays('2021-12-31', 1)).toBe('2022-01-01');
    expect(addDays('2022-03-01', -1)).toBe('2022-02-28');
  });
});

describe('zoneOffsetMs (offsets from the zones’ published rules)', () => {
  it.each([
    ['Europe/Paris', '2022-01-15T12:00:00Z', 1 * HOUR_MS],
    ['Europe/Paris', '2022-07-15T12:00:00Z', 2 * HOUR_MS],
    ['America/New_York', '2022-01-15T12:00:00Z', -5 * HOUR_MS],
    ['America/New_York', '2022-07-15T12:00:00Z', -4 * HOUR_MS],
    ['Asia/Kolkata', '2022-07-15T12:00:00Z', 5 * HOUR_MS + 30 * MINUTE_MS],
    // Lord Howe Island moves by half an hour: +10:30 in its winter, +11:00 in its summer.
    ['Australia/Lord_Howe', '2022-07-15T12:00:00Z', 10 * HOUR_MS + 30 * MINUTE_MS],
    ['Australia/Lord_Howe', '2022-01-15T12:00:00Z', 11 * HOUR_MS],
    ['UTC', '2022-07-15T12:00:00Z', 0],
  ])('%s at %s', (zone, at, offset) => expect(zoneOffsetMs(Date.parse(at), zone)).toBe(offset));

  it('changes at the instant of the change (EU: 01:00 UTC on the last Sunday of March), Paris included', () => {
    const change = Date.parse('2022-03-27T01:00:00Z');
    expect(zoneOffsetMs(change - 1000, 'Europe/Paris')).toBe(HOUR_MS);
    expect(zoneOffsetMs(change, 'Europe/Paris')).toBe(2 * HOUR_MS);
    expect(parisOffsetMs(change - 1000)).toBe(HOUR_MS);
    expect(parisOffsetMs(change)).toBe(2 * HOUR_MS);
  });

  it('throws a RangeError for an unknown zone', () => {
    expect(() => zoneOffsetMs(0, 'Not/AZone')).toThrow(RangeError);
  });

  it('parisParts (offsets kept by UTC hour) agrees with Intl around every midnight UTC of 1975–2040', () => {
    // Paris changes offset at 01:00 UTC since 1977 (23:00 or 00:00 UTC in 1976): the hours from 22:00 to 03:00
    // UTC of every day hold every change of those years. The reference is Intl's own wall clock for Europe/Paris.
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const mismatches: string[] = [];
    const end = Date.UTC(2041, 0, 1);
    for (let day = Date.UTC(1975, 0, 1); day < end; day += DAY_MS) {
      for (let h = day - 2 * HOUR_MS; h < day + 3 * HOUR_MS; h += HOUR_MS) {
        // The hour's start first (its offset is then kept), then an instant later in the same hour: a different
        // minute and second each time, and the hour's last second every 7th hour.
        parisParts(h);
        const at = (h / HOUR_MS) % 7 === 0 ? h + HOUR_MS - 1000 : h + ((h / HOUR_MS) % 3541) * 1000;
        for (const t of [h, at]) {
          const ref: Record<string, number> = {};
          for (const p of intl.formatToParts(t)) if (p.type !== 'literal') ref[p.type] = Number(p.value);
          const got = parisParts(t);
          const same =
            got.year === ref.year &&
            got.month === ref.month &&
            got.day === ref.day &&
            got.hour === ref.hour &&
            got.minute === ref.minute &&
            got.second === ref.second;
          if (!same) mismatches.push(new Date(t).toISOString());
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000); // 240,000 instants against Intl on a shared 2-core machine: a deadline, not a speed check
});
