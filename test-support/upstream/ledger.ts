/**
 * What the upstream served: every observation row of observations_tr and every obs_elab day, deduplicated by key,
 * in Hub'Eau units (mm, l/s), and a log of every request. An answer that did not reach the client whole (cut, empty,
 * HTML, an error, a redirect, a hang) adds nothing; an answer served under a content fault (a renamed field, a
 * `next` link to another host) is recorded as `faulted`, since a client may or may not keep its rows.
 */
export type Source = 'hubeau' | 'vigicrues' | 'openmeteo' | 'vigieau';

export interface ServedObservation {
  /** Upstream instant (epoch ms). */
  ts: number;
  /** mm (H) or l/s (Q). */
  value: number;
}

export interface ServedDay {
  day: string;
  /** l/s. */
  value: number;
}

interface Entry {
  value: number;
  clean: boolean;
}

/** The series a served row comes from (rows are kept as flags over its indices: 1 byte per recorded row). */
export interface LedgerSeries {
  /** Unique per recorded series. */
  id: string;
  /** Original instants. */
  ts: Float64Array;
  values: Float64Array;
  /** Added to `ts` to get upstream instants. */
  offset: number;
}

const SERVED = 1;
const CLEAN = 2;

interface Served {
  series: LedgerSeries;
  /** Per index: SERVED | CLEAN bits. */
  flags: Uint8Array;
  /** Values served that differ from the recording (implausible values), by index. */
  overrides: Map<number, number>;
  rows: number;
}

export interface StationCounts {
  H: number;
  Q: number;
  elab: number;
}

export class Ledger {
  /** `station|grandeur` → the series its rows came from (one in practice). */
  private readonly obs = new Map<string, Served[]>();
  private readonly days = new Map<string, Map<string, Entry>>();

  /** Row `index` of `series`, served for `station` with `value` (Hub'Eau units). */
  recordObservation(
    station: string,
    grandeur: string,
    series: LedgerSeries,
    index: number,
    value: number,
    faulted: boolean,
  ): void {
    const k = `${station}|${grandeur}`;
    let list = this.obs.get(k);
    if (!list) this.obs.set(k, (list = []));
    let s = list.find((x) => x.series.id === series.id && x.series.offset === series.offset);
    if (!s) {
      s = { series, flags: new Uint8Array(series.ts.length), overrides: new Map(), rows: 0 };
      list.push(s);
    }
    if (!(s.flags[index] as number)) s.rows++;
    s.flags[index] = (s.flags[index] as number) | SERVED | (faulted ? 0 : CLEAN);
    if (value !== series.values[index]) s.overrides.set(index, value);
    else s.overrides.delete(index);
  }

  recordElab(station: string, grandeur: string, day: string, value: number, faulted: boolean): void {
    const k = `${station}|${grandeur}`;
    let m = this.days.get(k);
    if (!m) this.days.set(k, (m = new Map()));
    const e = m.get(day);
    if (e) {
      e.value = value;
      e.clean ||= !faulted;
    } else m.set(day, { value, clean: !faulted });
  }

  /**
   * Rows of one station and grandeur served by observations_tr, oldest first, in Hub'Eau units (compare with what
   * Limni stored × 1000). `includeFaulted`: also rows only ever served in an answer under a content fault.
   */
  observations(q: { station: string; grandeur: 'H' | 'Q'; includeFaulted?: boolean }): ServedObservation[] {
    const want = q.includeFaulted ? SERVED : CLEAN;
    const out: ServedObservation[] = [];
    for (const s of this.obs.get(`${q.station}|${q.grandeur}`) ?? []) {
      s.flags.forEach((f, i) => {
        if (f & want) {
          out.push({
            ts: (s.series.ts[i] as number) + s.series.offset,
            value: s.overrides.get(i) ?? (s.series.values[i] as number),
          });
        }
      });
    }
    return out.sort((a, b) => a.ts - b.ts);
  }

  /** Days of one station served by obs_elab (QmnJ by default), in l/s, oldest first. */
  elab(q: { station: string; grandeur?: string; includeFaulted?: boolean }): ServedDay[] {
    const m = this.days.get(`${q.station}|${q.grandeur ?? 'QmnJ'}`);
    if (!m) return [];
    return [...m]
      .filter(([, e]) => e.clean || q.includeFaulted)
      .map(([day, e]) => ({ day, value: e.value }))
      .sort((a, b) => (a.day < b.day ? -1 : 1));
  }

  /** Distinct rows served per station (clean or not). */
  counts(): Record<string, StationCounts> {
    const out: Record<string, StationCounts> = {};
    const of = (s: string) => (out[s] ??= { H: 0, Q: 0, elab: 0 });
    for (const [k, list] of this.obs) {
      const [s, g] = k.split('|') as [string, 'H' | 'Q'];
      of(s)[g] += list.reduce((n, x) => n + x.rows, 0);
    }
    for (const [k, m] of this.days) of(k.split('|')[0] as string).elab += m.size;
    return out;
  }

  /** Distinct observation rows served (all stations). */
  get size(): number {
    let n = 0;
    for (const list of this.obs.values()) for (const x of list) n += x.rows;
    return n;
  }

  clear(): void {
    this.obs.clear();
    this.days.clear();
  }
}

export interface LoggedRequest {
  source: Source | 'control' | 'other';
  method: string;
  /** Full path, e.g. `/hubeau/api/v2/hydrometrie/observations_tr`. */
  path: string;
  /** Path under the source's base, e.g. `observations_tr`. */
  route: string;
  query: Record<string, string>;
  /** Date.now() on arrival. */
  at: number;
  userAgent: string;
  /** Status sent (undefined while hanging or when the connection was cut). */
  status?: number;
  /** Kind of the fault applied, if any. */
  fault?: string;
  /** Observation rows (or days) in the answer. */
  rows?: number;
}

export class RequestLog {
  readonly all: LoggedRequest[] = [];

  add(r: LoggedRequest): LoggedRequest {
    this.all.push(r);
    return r;
  }

  of(source: LoggedRequest['source']): LoggedRequest[] {
    return this.all.filter((r) => r.source === source);
  }

  clear(): void {
    this.all.length = 0;
  }
}
