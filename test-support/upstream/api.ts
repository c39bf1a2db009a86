/** The recorded upstream's public shape (index.ts builds it; control.ts drives it over HTTP). */
import type { CatalogueOption } from './feeds';
import type { Fault, FaultHandle } from './faults';
import type { Ledger, LoggedRequest, RequestLog } from './ledger';
import type { Anchor, Shift } from './time';

export interface RecordedUpstreamOptions {
  /** Port to listen on (default 0: any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Port of the other host (default 0). */
  otherPort?: number;
  /** Default `recorded`. */
  catalogue?: CatalogueOption;
  /** The upstream's start (default: now). */
  startedAt?: number;
  /** The upstream's clock (default Date.now). Readings are served once their shifted instant is ≤ clock(). */
  clock?: () => number;
  /** Garonne heights (default: 2022-01-30T00:00Z ↦ start, to the minute). */
  anchor?: Anchor;
  /** Loire flows and forecasts (default: forecast run 2024-12-11T06:00Z ↦ start − 1 h). */
  loireAnchor?: Anchor;
  /** La Cance (default: last value 2014-11-09T23:00Z ↦ start + 1 day). */
  canceAnchor?: Anchor;
  /** Host of `next`/`first` links: Hub'Eau's public host (default, as a mirror passes them on) or this server. */
  nextLinks?: 'public' | 'self';
}

export interface StationOptions {
  /** Also stop serving the station's readings from now on. */
  stopObservations?: boolean;
}

export interface RecordedUpstream {
  origin: string;
  hubeauBaseUrl: string;
  vigicruesBaseUrl: string;
  openMeteoBaseUrl: string;
  /** VigiEau's zones API (`…/vigieau/api`). */
  vigieauBaseUrl: string;
  otherOrigin: string;
  startedAt: number;
  ledger: Ledger;
  requests: RequestLog;
  /** Requests the other host received (it should receive none). */
  otherRequests: LoggedRequest[];
  /** The Garonne recording's shift (original instant ↔ upstream instant). */
  shift: Shift;
  shifts: { garonne: Shift; loire: Shift; cance: Shift; dailyYears: number };
  /** Station codes listed by referentiel/stations at start, and those serving readings. */
  stations: { listed(): string[]; serving(): string[] };
  fault(f: Fault): FaultHandle;
  clearFaults(): void;
  hold(station: string, grandeur: 'H' | 'Q' | null, from: number, to: number): void;
  release(station?: string): void;
  setVigilance(troncon: string, niveau: 1 | 2 | 3 | 4): void;
  removeStation(code: string, o?: StationOptions): void;
  restoreStation(code: string): void;
  setOutOfService(code: string, o?: StationOptions): void;
  setInService(code: string): void;
  /** The station's readings from `from` (default now) on replaced by `value` (Hub'Eau units). */
  implausible(code: string, value: number, o?: { grandeur?: 'H' | 'Q'; from?: number }): void;
  clearImplausible(code: string): void;
  /** Stops listening (connections refused), ends hanging answers. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}
