/**
 * The state of one upstream instance (clock, shifts, catalogue, station changes, holds, vigilance, faults, ledger)
 * and the shape of an answer the handlers build before the server applies faults and sends it.
 */
import {
  buildCatalogue,
  type CatalogueOption,
  type Catalogue,
  type FeedState,
  type Hold,
  type StationChange,
} from './feeds';
import { Faults, type Fault } from './faults';
import { Ledger, RequestLog } from './ledger';
import { recordings, type Recordings } from './recordings';
import { anchorShift, dailyYearShift, shiftDay, type Anchor, type Shift } from './time';

/** An answer before faults: a JSON value (or text), status and headers; `commit` records it in the ledger. */
export interface Reply {
  status: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Observation rows or days in the answer (request log). */
  rows?: number;
  /** Called once the answer went out whole; `faulted` when a content fault changed it. */
  commit?: (faulted: boolean) => void;
}

export interface RequestContext {
  now: number;
  url: URL;
  /** Path under the source's base. */
  route: string;
  query: URLSearchParams;
  /** The fault applied to this request, when the handler has a part in it (futureBulletin). */
  fault: Fault | null;
}

export interface CoreOptions {
  catalogue: CatalogueOption;
  startedAt: number;
  clock: () => number;
  garonneAnchor?: Anchor;
  loireAnchor?: Anchor;
  canceAnchor?: Anchor;
  nextLinks: 'public' | 'self';
}

/** Default anchors (README, « Décalages »). */
export const GARONNE_DEFAULT_ORIGINAL = Date.UTC(2022, 0, 30);
/** The Loire forecast run (`DtDerObs` of both .prv files) is produced 1 h before the start. */
export const LOIRE_RUN = Date.UTC(2024, 11, 11, 6);
/** The Cance excerpt's last value (2014-11-09 23:00 UTC) is read 1 day after the start. */
export const CANCE_LAST = Date.UTC(2014, 10, 9, 23);

const floorMinute = (t: number) => Math.floor(t / 60_000) * 60_000;

export interface ShiftedDaily {
  code: string;
  days: string[];
  /** l/s. */
  lps: number[];
}

export class Core {
  readonly rec: Recordings;
  readonly catalogue: Catalogue;
  readonly shifts: { garonne: Shift; loire: Shift; cance: Shift };
  /** Whole years added to the daily archive. */
  readonly dailyYears: number;
  readonly daily: ShiftedDaily[];
  readonly changes = new Map<string, StationChange>();
  readonly holds: Hold[] = [];
  readonly vigilance: { issuedAt: number; levels: Map<string, number> };
  readonly faults: Faults;
  readonly ledger = new Ledger();
  readonly requests = new RequestLog();
  readonly startedAt: number;
  readonly clock: () => number;
  nextLinks: 'public' | 'self';

  constructor(o: CoreOptions) {
    this.rec = recordings();
    this.clock = o.clock;
    this.startedAt = o.startedAt;
    this.nextLinks = o.nextLinks;
    this.catalogue = buildCatalogue(o.catalogue, this.rec);
    const at = (a: Anchor | undefined, original: number, target: number) =>
      anchorShift(a ?? { original, at: floorMinute(target) }, o.startedAt);
    this.shifts = {
      garonne: at(o.garonneAnchor, GARONNE_DEFAULT_ORIGINAL, o.startedAt),
      loire: at(o.loireAnchor, LOIRE_RUN, o.startedAt - 3_600_000),
      cance: at(o.canceAnchor, CANCE_LAST, o.startedAt + 86_400_000),
    };
    this.dailyYears = dailyYearShift(
      this.rec.daily.map((d) => d.days[d.days.length - 1] as string),
      o.startedAt,
    );
    this.daily = this.rec.daily.map((d) => shiftDaily(d.code, d.days, d.m3s, this.dailyYears));
    this.vigilance = { issuedAt: Math.floor(o.startedAt / 1000) * 1000, levels: new Map() };
    this.faults = new Faults(o.clock);
  }

  now(): number {
    return this.clock();
  }

  feedState(): FeedState {
    return {
      catalogue: this.catalogue,
      offsets: {
        garonne: this.shifts.garonne.offsetMs,
        loire: this.shifts.loire.offsetMs,
        cance: this.shifts.cance.offsetMs,
      },
      changes: this.changes,
      holds: this.holds,
    };
  }

  change(code: string): StationChange {
    let c = this.changes.get(code);
    if (!c) this.changes.set(code, (c = {}));
    return c;
  }
}

function shiftDaily(
  code: string,
  days: readonly string[],
  m3s: readonly number[],
  years: number,
): ShiftedDaily {
  const out: ShiftedDaily = { code, days: [], lps: [] };
  days.forEach((d, i) => {
    const s = shiftDay(d, years);
    if (s === null) return;
    out.days.push(s);
    out.lps.push(Math.round((m3s[i] as number) * 1000));
  });
  return out;
}
