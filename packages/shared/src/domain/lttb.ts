/**
 * Largest-Triangle-Three-Buckets downsampling (Steinarsson, 2013): keeps the first and last points and, in each
 * of `threshold - 2` equal buckets of the points between them, the point forming the largest triangle with the
 * point kept in the previous bucket and the mean of the next bucket. Peaks and troughs survive; only real points
 * are returned (their indices), so each keeps its own time, value and status. See docs/decisions/011.
 */

/** Series above this many points are downsampled by the API (docs/requirements.md R12: more than 2,000 points). */
export const MAX_POINTS = 2000;

/**
 * Indices (ascending) of the points kept among `xs`/`ys` (same length, xs ascending). Returns every index when
 * the series has no more than `threshold` points or when threshold < 3.
 */
export function lttbIndices(xs: ArrayLike<number>, ys: ArrayLike<number>, threshold: number): number[] {
  const n = Math.min(xs.length, ys.length);
  if (threshold >= n || threshold < 3) return Array.from({ length: n }, (_, i) => i);
  const out = new Array<number>(threshold);
  const every = (n - 2) / (threshold - 2);
  let a = 0;
  out[0] = 0;
  for (let i = 0; i < threshold - 2; i++) {
    // Mean of the next bucket (the last point for the last bucket).
    const nextStart = Math.floor((i + 1) * every) + 1;
    const nextEnd = Math.min(Math.floor((i + 2) * every) + 1, n);
    let avgX = 0;
    let avgY = 0;
    const len = nextEnd - nextStart;
    for (let j = nextStart; j < nextEnd; j++) {
      avgX += xs[j] as number;
      avgY += ys[j] as number;
    }
    avgX /= len;
    avgY /= len;
    // Point of the current bucket with the largest triangle.
    const start = Math.floor(i * every) + 1;
    const end = Math.floor((i + 1) * every) + 1;
    const ax = xs[a] as number;
    const ay = ys[a] as number;
    let best = start;
    let bestArea = -1;
    for (let j = start; j < end; j++) {
      const area = Math.abs((ax - avgX) * ((ys[j] as number) - ay) - (ax - (xs[j] as number)) * (avgY - ay));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    out[i + 1] = best;
    a = best;
  }
  out[threshold - 1] = n - 1;
  // LTTB keeps most extremes but not all (a plateau's neighbour can win its bucket): the series' highest and lowest
  // points always stay, in place of the point chosen in their bucket, so a flood peak is never cut.
  let hi = 0;
  let lo = 0;
  for (let j = 1; j < n; j++) {
    if ((ys[j] as number) > (ys[hi] as number)) hi = j;
    if ((ys[j] as number) < (ys[lo] as number)) lo = j;
  }
  for (const e of [hi, lo]) {
    if (e === 0 || e === n - 1) continue;
    for (let i = 0; i < threshold - 2; i++) {
      if (e >= Math.floor(i * every) + 1 && e < Math.floor((i + 1) * every) + 1) {
        out[i + 1] = e;
        break;
      }
    }
  }
  return out;
}
