/**
 * What ingestion tells the rest of the app after each run (docs/decisions/023-ingest-events.md): which sensors got
 * which new observations (time range), which tronçons changed vigilance level, which places got a new forecast run.
 * Plain data, no database handles: a replay tool builds the same objects (ObservationStore's summary gives the
 * `observations` one) and emits them through the same bus, so alert evaluation cannot tell live from replay.
 *
 * Listeners run one after another and are awaited by `emit` (so a run, or a replay step, ends when its
 * consequences are handled); a listener that throws is logged and does not stop the others nor ingestion.
 */
import type { IngestLogger } from './http';

export type IngestOrigin = 'live' | 'replay';

/** New or corrected observations of one sensor, in stored units (m, m³/s). */
export interface CapteurObservations {
  capteurId: number;
  lieuId: number;
  grandeur: 'H' | 'Q';
  codeStation: string;
  /** Observations that did not exist before. */
  nouvelles: number;
  /** Observations whose value or status was corrected upstream. */
  modifiees: number;
  /** Instants of the first and last observation written (epoch ms, inclusive). */
  from: number;
  to: number;
}

export interface ObservationsEvent {
  type: 'observations';
  origin: IngestOrigin;
  /** "hubeau", "vigicrues" (fallback) or the replay's name. */
  source: string;
  /** End of the run (epoch ms; simulated time for a replay). */
  at: number;
  sensors: CapteurObservations[];
}

export interface VigilanceChange {
  tronconId: number;
  code: string;
  nom: string;
  /** Previous level, null when it was unknown. */
  from: number | null;
  to: number;
  /** Issue time of the bulletin that set the new level. */
  ts: number;
  /** The `alerte` row created for this change (null when none: unknown → vert). */
  alerteId: number | null;
  /** Places on this tronçon. */
  lieuIds: number[];
}

export interface VigilanceEvent {
  type: 'vigilance';
  origin: IngestOrigin;
  at: number;
  bulletin: { ref: string | null; ts: number };
  changes: VigilanceChange[];
}

export interface LieuPrevision {
  lieuId: number;
  capteurId: number;
  grandeur: 'H' | 'Q';
  codeStation: string;
  /** Production time of the forecast run. */
  runTs: number;
  points: number;
  /** First and last forecast instant. */
  from: number;
  to: number;
  /** Highest forecast value of the run (mean, else max), in stored units. */
  maxValeur: number | null;
}

export interface PrevisionsEvent {
  type: 'forecasts';
  origin: IngestOrigin;
  at: number;
  places: LieuPrevision[];
}

export type IngestEvent = ObservationsEvent | VigilanceEvent | PrevisionsEvent;
export type IngestEventType = IngestEvent['type'];
type EventOf<T extends IngestEventType> = Extract<IngestEvent, { type: T }>;
export type IngestListener<T extends IngestEventType> = (event: EventOf<T>) => void | Promise<void>;

/** Stored without its precise type: `on` guarantees each listener only receives events of its type. */
type AnyListener = (event: IngestEvent) => void | Promise<void>;

export class IngestEvents {
  private readonly listeners = new Map<IngestEventType, AnyListener[]>();

  /** Where listener failures are logged (set once the app's logger exists). */
  constructor(public log?: IngestLogger) {}

  /** Subscribes; returns the function that unsubscribes. */
  on<T extends IngestEventType>(type: T, listener: IngestListener<T>): () => void {
    const stored = listener as unknown as AnyListener;
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), stored]);
    return () => {
      this.listeners.set(
        type,
        (this.listeners.get(type) ?? []).filter((x) => x !== stored),
      );
    };
  }

  /** Delivers to every listener of its type, in order; an event with nothing in it is not sent. */
  async emit(event: IngestEvent): Promise<void> {
    if (isEmpty(event)) return;
    for (const listener of [...(this.listeners.get(event.type) ?? [])]) {
      try {
        await listener(event);
      } catch (err) {
        this.log?.error(
          { type: event.type, err: err instanceof Error ? err.message : String(err) },
          "Un abonné aux événements d'ingestion a échoué",
        );
      }
    }
  }
}

function isEmpty(e: IngestEvent): boolean {
  switch (e.type) {
    case 'observations':
      return e.sensors.length === 0;
    case 'vigilance':
      return e.changes.length === 0;
    case 'forecasts':
      return e.places.length === 0;
  }
}
