import { describe, expect, it } from 'vitest';
import { liveRefetch, lieuStepMin, refreshIntervalMs } from './live-refresh';

const MIN = 60_000;

describe('refreshIntervalMs (a live place’s current readings, from its sensors’ step)', () => {
  it.each([
    // Hub'Eau's usual 5-minute step, and shorter ones: every 5 minutes, never more often.
    [5, 5 * MIN],
    [1, 5 * MIN],
    // Between the bounds, the step itself.
    [6, 6 * MIN],
    [10, 10 * MIN],
    [15, 15 * MIN],
    // Longer steps: capped at a quarter of an hour.
    [60, 15 * MIN],
    [360, 15 * MIN],
    // A daily mean: hourly.
    [1440, 60 * MIN],
  ])('a step of %d min → %d ms', (pas, ms) => expect(refreshIntervalMs(pas)).toBe(ms));

  it('an unknown or meaningless step: every 10 minutes, the period of the sweep', () => {
    expect(refreshIntervalMs(null)).toBe(10 * MIN);
    expect(refreshIntervalMs(0)).toBe(10 * MIN);
    expect(refreshIntervalMs(-5)).toBe(10 * MIN);
  });
});

describe('lieuStepMin', () => {
  it('is the shortest known step of the place’s sensors', () => {
    expect(lieuStepMin([{ pas_min: 60 }, { pas_min: null }, { pas_min: 10 }])).toBe(10);
    expect(lieuStepMin([{ pas_min: null }])).toBeNull();
    expect(lieuStepMin([])).toBeNull();
  });
});

describe('liveRefetch', () => {
  it('schedules and refetches on focus only live', () => {
    expect(liveRefetch(true, 1440)).toEqual({ refetchInterval: 60 * MIN, refetchOnWindowFocus: true });
    expect(liveRefetch(false, 5)).toEqual({ refetchInterval: false, refetchOnWindowFocus: false });
  });
});
