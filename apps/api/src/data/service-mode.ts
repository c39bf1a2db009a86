/**
 * Live or demonstration (docs/decisions/134). With `INGEST` unset (`auto`), the ingestion leader probes the sources
 * at start: they answer → live; they do not → the demo dataset, with the reason, and a new probe on a schedule until
 * they answer. Once a database has been live it stays live (its data get old and /api/health says why, but its clock
 * never goes back to the demo's). `INGEST=live` and `INGEST=off` force either mode.
 *
 * The leader records the mode in the database; every instance reads it (cached two seconds), so that the data clock
 * (ADR 094) of every answer follows the same mode.
 */
import type { Kysely } from 'kysely';
import type { Env } from '../config/env';
import type { Db } from '../db/client';
import type { Database } from '../db/schema';
import { readServiceModeRow, writeServiceModeRow } from './service-mode.repo';

export type ServiceModeName = 'live' | 'demo' | 'off';

export interface ServiceModeState {
  /** `live`: real clock. `demo`: the sources could not be reached (auto). `off`: demo forced by `INGEST=off`. */
  mode: ServiceModeName;
  /** Why the demo is shown (`demo` only): a French sentence. */
  raison: string | null;
  /** Since when this mode holds. */
  depuis: number | null;
  /** When the sources are probed again (`demo` only). */
  prochainEssai: number | null;
}

/** What the data clock asks: is the service live? */
export interface ServiceMode {
  current(): Promise<ServiceModeState>;
  isLive(): Promise<boolean>;
}

const CACHE_MS = 2_000;

const isName = (v: unknown): v is 'live' | 'demo' => v === 'live' || v === 'demo';
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The recorded mode, null when none was recorded (a database never started in `auto`). Pure parse. */
export function parseServiceMode(text: string | null): ServiceModeState | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    if (!isName(v.mode)) return null;
    return {
      mode: v.mode,
      raison: typeof v.raison === 'string' ? v.raison : null,
      depuis: num(v.depuis),
      prochainEssai: num(v.prochainEssai),
    };
  } catch {
    return null;
  }
}

export async function readServiceMode(db: Kysely<Database>): Promise<ServiceModeState | null> {
  return parseServiceMode(await readServiceModeRow(db));
}

export async function recordServiceMode(db: Kysely<Database>, state: ServiceModeState): Promise<void> {
  await writeServiceModeRow(db, JSON.stringify(state));
}

/** Before the first probe of a fresh database: the demo, until the sources answer. */
const PROBING: ServiceModeState = {
  mode: 'demo',
  raison: 'vérification des sources en cours',
  depuis: null,
  prochainEssai: null,
};

export class ServiceModeReader implements ServiceMode {
  private cached: { at: number; state: ServiceModeState | null } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ingest: Env['INGEST'],
    private readonly clock: () => number = Date.now,
  ) {}

  async current(): Promise<ServiceModeState> {
    if (this.ingest === 'off') return { mode: 'off', raison: null, depuis: null, prochainEssai: null };
    const recorded = await this.recorded();
    if (this.ingest === 'live') {
      // Forced live: since when, as the leader recorded it (the seam between archive and live readings).
      const depuis = recorded?.mode === 'live' ? recorded.depuis : null;
      return { mode: 'live', raison: null, depuis, prochainEssai: null };
    }
    return recorded ?? PROBING;
  }

  private async recorded(): Promise<ServiceModeState | null> {
    const now = this.clock();
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.state;
    const state = await readServiceMode(this.db);
    this.cached = { at: now, state };
    return state;
  }

  async isLive(): Promise<boolean> {
    return (await this.current()).mode === 'live';
  }
}

const readers = new WeakMap<Db, ServiceModeReader>();

/** The mode reader of an app's database (one per database handle). */
export function serviceModeOf(deps: { db: Db; env: Pick<Env, 'INGEST'>; mode?: ServiceMode }): ServiceMode {
  if (deps.mode) return deps.mode;
  let r = readers.get(deps.db);
  if (!r) {
    r = new ServiceModeReader(deps.db.db, deps.env.INGEST);
    readers.set(deps.db, r);
  }
  return r;
}
