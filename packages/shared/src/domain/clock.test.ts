import { describe, expect, it } from 'vitest';
import { dataClock, demoNow } from './clock';
import { bulletinCourant, VIGILANCE_VALIDITE_MS } from './vigilance';

const lastGaronne = Date.parse('2022-01-31T23:45:00Z'); // 1 February 2022, 00:45 in Paris
const real = Date.parse('2026-11-24T04:00:00Z');

describe('dataClock', () => {
  it('demo: the latest reading rounded up to the next full hour', () => {
    expect(dataClock(real, lastGaronne, false)).toEqual({
      now: Date.parse('2022-02-01T00:00:00Z'),
      demo: true,
    });
    expect(demoNow(Date.parse('2022-02-01T00:00:00Z'))).toBe(Date.parse('2022-02-01T00:00:00Z'));
  });
  it('live, or no data: the real clock', () => {
    expect(dataClock(real, lastGaronne, true)).toEqual({ now: real, demo: false });
    expect(dataClock(real, null, false)).toEqual({ now: real, demo: false });
  });
  it('recent data without ingestion: their own clock, not called a demonstration', () => {
    const recent = real - 3_600_000 - 600_000;
    expect(dataClock(real, recent, false)).toEqual({ now: demoNow(recent), demo: false });
  });
});

describe('bulletinCourant', () => {
  const bulletin = Date.parse('2021-01-24T15:00:00Z');
  it('current within 24 h of its publication', () => {
    expect(bulletinCourant(bulletin, bulletin + VIGILANCE_VALIDITE_MS)).toBe(true);
    expect(bulletinCourant(bulletin, bulletin + 3_600_000)).toBe(true);
  });
  it('the 24 January 2021 bulletin does not describe 1 February 2022', () => {
    expect(bulletinCourant(bulletin, Date.parse('2022-02-01T00:00:00Z'))).toBe(false);
    expect(bulletinCourant(bulletin, bulletin + VIGILANCE_VALIDITE_MS + 1)).toBe(false);
    expect(bulletinCourant(null, bulletin)).toBe(false);
  });
});
