/**
 * Faults: each targets a source, optionally a route (a substring of the path under the source's base), for a number
 * of answers (`times`) and/or until an instant (`untilMs`, or `forMs` from now). The oldest active fault that matches
 * a request is applied to it.
 */
import type { Source } from './ledger';

export type FaultKind =
  /** 500 with the service's error body (Hub'Eau: `{"code":"Internal server error",…}`). */
  | { kind: 'status500' }
  /** 503, with `Retry-After` when given. */
  | { kind: 'status503'; retryAfter?: number | string; retryAfterAt?: number | string }
  /** 429 with `Retry-After`: seconds (`retryAfter: 30`), a string sent as is, or an instant sent as an HTTP date. */
  | { kind: 'status429'; retryAfter?: number | string; retryAfterAt?: number | string }
  /** The normal answer cut in half (status 200/206, JSON unreadable). */
  | { kind: 'truncated' }
  /** 200 with an empty body. */
  | { kind: 'emptyBody' }
  /** 200, `text/html`: a maintenance page. */
  | { kind: 'html' }
  /** No answer at all until the client gives up or the server stops. */
  | { kind: 'hang' }
  /** The page's `next` link points at the other host (`otherOrigin`). */
  | { kind: 'foreignNext' }
  /** HTTP 302 to the same path and query on the other host. */
  | { kind: 'redirect' }
  /** A field of every data row renamed (`code_statut` → `statut_code`, `resultat_obs` → `resultat`). */
  | { kind: 'renameField'; from: string; to: string }
  /** observations_tr (or obs_elab) answers `count: 0, data: []`. */
  | { kind: 'emptyData' }
  /** The national bulletin dated `aheadMs` in the future (default 5.4 h), `troncon` at `niveau` (default 3). */
  | { kind: 'futureBulletin'; aheadMs?: number; troncon?: string; niveau?: 1 | 2 | 3 | 4 };

export type Fault = FaultKind & {
  source: Source;
  /** Substring of the route under the source's base (`observations_tr`, `InfoVigiCru`, `forecast`). */
  path?: string;
  /** Answers affected; unlimited when absent. */
  times?: number;
  /** Active until this instant (epoch ms or ISO). */
  untilMs?: number | string;
  /** Active for this long from now. */
  forMs?: number;
  /**
   * Only requests whose query has these parameters (a value; `null`: the parameter absent). `{ code_entite: null }`
   * targets Limni's sweep of the whole network, not its catch-ups of listed stations.
   */
  query?: Record<string, string | null>;
};

/** True when the request's query matches the fault's `query` filter (or the fault has none). */
export function queryMatches(f: Fault, query: URLSearchParams): boolean {
  return Object.entries(f.query ?? {}).every(([k, v]) => (v === null ? !query.has(k) : query.get(k) === v));
}

export interface FaultHandle {
  readonly id: number;
  readonly fault: Fault;
  /** Answers this fault was applied to. */
  readonly hits: number;
  active(): boolean;
  clear(): void;
}

const KINDS = new Set([
  'status500',
  'status503',
  'status429',
  'truncated',
  'emptyBody',
  'html',
  'hang',
  'foreignNext',
  'redirect',
  'renameField',
  'emptyData',
  'futureBulletin',
]);
const SOURCES = new Set(['hubeau', 'vigicrues', 'openmeteo', 'vigieau']);

/** Checks a fault that came as JSON (control API); throws with a French message. */
export function validateFault(x: unknown): Fault {
  if (x === null || typeof x !== 'object') throw new Error('panne attendue : un objet JSON');
  const f = x as Record<string, unknown>;
  if (typeof f.source !== 'string' || !SOURCES.has(f.source)) {
    throw new Error('source attendue : hubeau, vigicrues, openmeteo ou vigieau');
  }
  if (typeof f.kind !== 'string' || !KINDS.has(f.kind)) {
    throw new Error(`type de panne inconnu : ${String(f.kind)} (connus : ${[...KINDS].join(', ')})`);
  }
  if (f.kind === 'renameField' && (typeof f.from !== 'string' || typeof f.to !== 'string')) {
    throw new Error('renameField demande from et to');
  }
  for (const k of ['times', 'forMs', 'aheadMs'] as const) {
    if (f[k] !== undefined && (typeof f[k] !== 'number' || !Number.isFinite(f[k]))) {
      throw new Error(`${k} doit être un nombre`);
    }
  }
  if (
    f.query !== undefined &&
    (typeof f.query !== 'object' ||
      f.query === null ||
      Object.values(f.query).some((v) => v !== null && typeof v !== 'string'))
  ) {
    throw new Error('query doit être un objet de chaînes (ou null : paramètre absent)');
  }
  if (
    f.untilMs !== undefined &&
    !Number.isFinite(typeof f.untilMs === 'string' ? Date.parse(f.untilMs) : f.untilMs)
  ) {
    throw new Error('untilMs doit être un instant (ms ou ISO)');
  }
  return f as unknown as Fault;
}

interface Slot {
  id: number;
  fault: Fault;
  until: number;
  left: number;
  hits: number;
  cleared: boolean;
}

export class Faults {
  private readonly slots: Slot[] = [];
  private nextId = 1;

  constructor(private readonly clock: () => number) {}

  add(f: Fault): FaultHandle {
    const now = this.clock();
    const until =
      f.untilMs !== undefined
        ? typeof f.untilMs === 'number'
          ? f.untilMs
          : Date.parse(f.untilMs)
        : f.forMs !== undefined
          ? now + f.forMs
          : Infinity;
    const slot: Slot = {
      id: this.nextId++,
      fault: f,
      until,
      left: f.times ?? Infinity,
      hits: 0,
      cleared: false,
    };
    this.slots.push(slot);
    const isActive = () => !slot.cleared && slot.left > 0 && this.clock() < slot.until;
    return {
      id: slot.id,
      fault: f,
      get hits() {
        return slot.hits;
      },
      active: isActive,
      clear: () => this.remove(slot.id),
    };
  }

  remove(id: number): boolean {
    const i = this.slots.findIndex((s) => s.id === id);
    if (i < 0) return false;
    (this.slots[i] as Slot).cleared = true;
    this.slots.splice(i, 1);
    return true;
  }

  clear(): void {
    for (const s of this.slots) s.cleared = true;
    this.slots.length = 0;
  }

  /** The oldest active fault for this request, consumed once; null when none. */
  take(
    source: Source,
    route: string,
    accept: (f: Fault) => boolean = () => true,
    query: URLSearchParams = new URLSearchParams(),
  ): Fault | null {
    const now = this.clock();
    for (const s of this.slots) {
      if (s.cleared || s.left <= 0 || now >= s.until) continue;
      if (s.fault.source !== source) continue;
      if (s.fault.path !== undefined && !route.includes(s.fault.path)) continue;
      if (!queryMatches(s.fault, query)) continue;
      if (!accept(s.fault)) continue;
      s.left--;
      s.hits++;
      return s.fault;
    }
    return null;
  }

  /** Active faults, for the control API. */
  list(): Array<{ id: number; fault: Fault; hits: number; left: number | null; until: number | null }> {
    const now = this.clock();
    return this.slots
      .filter((s) => s.left > 0 && now < s.until)
      .map((s) => ({
        id: s.id,
        fault: s.fault,
        hits: s.hits,
        left: Number.isFinite(s.left) ? s.left : null,
        until: Number.isFinite(s.until) ? s.until : null,
      }));
  }
}
