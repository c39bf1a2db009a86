/**
 * Rows of many series in one order without copying them: each series is a view (sorted instants, visible index
 * ranges), a page is a k-way merge over the views from a position, and the position is the cursor (the last row's
 * instant and tie-break key), so paging needs no state on the server.
 */

/** One series as one request sees it. */
export interface View {
  /** Tie-break between rows of one instant, unique per view (a station code, grandeur, site flag). */
  key: string;
  /** Original instants, ascending. */
  ts: Float64Array;
  /** Added to `ts` to get upstream instants. */
  offset: number;
  /** Visible index ranges [start, end), ascending and disjoint. */
  segments: Array<[number, number]>;
}

/** First index i with ts[i] + offset ≥ t (ts.length when none). */
export function lowerBound(ts: Float64Array, offset: number, t: number): number {
  const x = t - offset;
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ts[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First index i with ts[i] + offset > t. */
export function upperBound(ts: Float64Array, offset: number, t: number): number {
  const x = t - offset;
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ts[mid] as number) <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index range of upstream instants in [from, to] (inclusive). */
export function rangeOf(ts: Float64Array, offset: number, from: number, to: number): [number, number] {
  const a = lowerBound(ts, offset, from);
  const b = upperBound(ts, offset, to);
  return [a, Math.max(a, b)];
}

/** `base` minus the index ranges of `holes` (each [start, end)). */
export function subtract(
  base: [number, number],
  holes: ReadonlyArray<[number, number]>,
): Array<[number, number]> {
  let out: Array<[number, number]> = [base];
  for (const [hs, he] of holes) {
    if (he <= hs) continue;
    const next: Array<[number, number]> = [];
    for (const [s, e] of out) {
      if (he <= s || hs >= e) next.push([s, e]);
      else {
        if (hs > s) next.push([s, hs]);
        if (he < e) next.push([he, e]);
      }
    }
    out = next;
  }
  return out.filter(([s, e]) => e > s);
}

export const viewRows = (v: View) => v.segments.reduce((n, [s, e]) => n + e - s, 0);

export interface Position {
  ts: number;
  key: string;
}

export interface Picked {
  view: number;
  index: number;
}

interface Head {
  view: number;
  seg: number;
  index: number;
  t: number;
}

/** A binary heap ordered by `less`. */
class Heap<T> {
  private readonly items: T[] = [];
  constructor(private readonly less: (a: T, b: T) => boolean) {}
  get size() {
    return this.items.length;
  }
  push(x: T) {
    const a = this.items;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(a[i] as T, a[p] as T)) break;
      [a[i], a[p]] = [a[p] as T, a[i] as T];
      i = p;
    }
  }
  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l] as T, a[m] as T)) m = l;
        if (r < a.length && this.less(a[r] as T, a[m] as T)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m] as T, a[i] as T];
        i = m;
      }
    }
    return top;
  }
}

/** Where a view starts in ascending order after `after` (or from its first row). */
function firstAsc(v: View, vi: number, after: Position | null): Head | null {
  let i = 0;
  if (after) {
    i = lowerBound(v.ts, v.offset, after.ts);
    if (i < v.ts.length && (v.ts[i] as number) + v.offset === after.ts && v.key <= after.key) i++;
  }
  for (let s = 0; s < v.segments.length; s++) {
    const [a, b] = v.segments[s] as [number, number];
    if (b <= i) continue;
    const index = Math.max(a, i);
    return { view: vi, seg: s, index, t: (v.ts[index] as number) + v.offset };
  }
  return null;
}

/** Where a view starts in descending order after `after` (or from its last row). */
function firstDesc(v: View, vi: number, after: Position | null): Head | null {
  let i = v.ts.length - 1;
  if (after) {
    i = upperBound(v.ts, v.offset, after.ts) - 1;
    if (i >= 0 && (v.ts[i] as number) + v.offset === after.ts && v.key >= after.key) i--;
  }
  for (let s = v.segments.length - 1; s >= 0; s--) {
    const [a, b] = v.segments[s] as [number, number];
    if (a > i) continue;
    const index = Math.min(b - 1, i);
    return { view: vi, seg: s, index, t: (v.ts[index] as number) + v.offset };
  }
  return null;
}

function nextHead(v: View, h: Head, asc: boolean): Head | null {
  let { seg, index } = h;
  if (asc) {
    index++;
    if (index >= (v.segments[seg] as [number, number])[1]) {
      seg++;
      if (seg >= v.segments.length) return null;
      index = (v.segments[seg] as [number, number])[0];
    }
  } else {
    index--;
    if (index < (v.segments[seg] as [number, number])[0]) {
      seg--;
      if (seg < 0) return null;
      index = (v.segments[seg] as [number, number])[1] - 1;
    }
  }
  return { view: h.view, seg, index, t: (v.ts[index] as number) + v.offset };
}

/**
 * Up to `limit` rows after `after`, by instant then key (ascending), or the exact reverse (descending); `more` says
 * whether rows remain after the last one returned.
 */
export function mergePage(
  views: readonly View[],
  asc: boolean,
  after: Position | null,
  limit: number,
): { rows: Picked[]; more: boolean } {
  const key = (h: Head) => (views[h.view] as View).key;
  const less = asc
    ? (a: Head, b: Head) => a.t < b.t || (a.t === b.t && key(a) < key(b))
    : (a: Head, b: Head) => a.t > b.t || (a.t === b.t && key(a) > key(b));
  const heap = new Heap<Head>(less);
  views.forEach((v, vi) => {
    const h = asc ? firstAsc(v, vi, after) : firstDesc(v, vi, after);
    if (h) heap.push(h);
  });
  const rows: Picked[] = [];
  while (rows.length < limit && heap.size > 0) {
    const h = heap.pop() as Head;
    rows.push({ view: h.view, index: h.index });
    const n = nextHead(views[h.view] as View, h, asc);
    if (n) heap.push(n);
  }
  return { rows, more: heap.size > 0 };
}

/** Opaque cursor (base64 of the position), in the style of Hub'Eau's. */
export const encodeCursor = (p: Position) => Buffer.from(`${p.ts}|${p.key}`, 'utf8').toString('base64');

export function decodeCursor(c: string): Position | null {
  const s = Buffer.from(c, 'base64').toString('utf8');
  const i = s.indexOf('|');
  const ts = Number(s.slice(0, i));
  return i > 0 && Number.isFinite(ts) ? { ts, key: s.slice(i + 1) } : null;
}
