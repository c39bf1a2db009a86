import { describe, expect, it } from 'vitest';
import { addDays, isIsoDay, parisDay, parisDayRange, parisDaysRange, parisParts, HOUR_MS } from './time';

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
