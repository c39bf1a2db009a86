import { describe, expect, it } from 'vitest';
import { lttbIndices, MAX_POINTS } from './lttb';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('lttbIndices', () => {
  it('keeps every point when the series is short enough', () => {
    expect(lttbIndices([1, 2, 3], [5, 6, 7], 10)).toEqual([0, 1, 2]);
    expect(lttbIndices(range(MAX_POINTS), range(MAX_POINTS), MAX_POINTS)).toHaveLength(MAX_POINTS);
    expect(lttbIndices([1, 2, 3, 4], [1, 2, 3, 4], 2)).toEqual([0, 1, 2, 3]);
  });

  it('returns exactly threshold ascending indices, first and last included', () => {
    const xs = range(10_000);
    const ys = xs.map((x) => Math.sin(x / 100));
    const idx = lttbIndices(xs, ys, 500);
    expect(idx).toHaveLength(500);
    expect(idx[0]).toBe(0);
    expect(idx[499]).toBe(9_999);
    for (let i = 1; i < idx.length; i++) expect(idx[i] as number).toBeGreaterThan(idx[i - 1] as number);
  });

  it('keeps a one-point spike and the minimum', () => {
    const xs = range(5_000);
    const ys = xs.map((x) => (x === 3_217 ? 9 : x === 1_003 ? -4 : 1 + (x % 7) / 100));
    const idx = lttbIndices(xs, ys, 100);
    expect(idx).toContain(3_217);
    expect(idx).toContain(1_003);
  });

  it('picks the point with the largest triangle in each bucket (hand-checked case)', () => {
    // 6 points, threshold 4: buckets {1,2} and {3,4}.
    const xs = [0, 1, 2, 3, 4, 5];
    const ys = [0, 0, 10, 0, 0, 0];
    expect(lttbIndices(xs, ys, 4)).toEqual([0, 2, 3, 5]);
  });
});
