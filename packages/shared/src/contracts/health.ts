import * as z from 'zod/mini';
import { EpochMs } from './common';

/**
 * One ingestion job in `/api/health` (docs/decisions/105): its last error as a French summary and a stable code,
 * never the upstream address or body (those are in the server's logs).
 */
export const IngestJobStatus = z.object({
  job: z.string(),
  lastSuccess: z.nullable(EpochMs),
  /** « Hub'Eau : le service ne répond pas » …, null when the job never failed. */
  lastError: z.nullable(z.string()),
  /** `http_503`, `timeout`, `network`, `json`, `schema`, `pagination`, `lien_refuse`, `interne`… */
  lastErrorCode: z.nullable(z.string()),
  lastErrorAt: z.nullable(EpochMs),
  /** Runs failed in a row since the last success. */
  consecutiveFailures: z.number(),
  /** True once the job failed past its tolerance: then the service is `degraded`. */
  enEchec: z.boolean(),
  counts: z.record(z.string(), z.number()),
  /** Start of the run in progress (on the leader), null between runs; absent from older servers. */
  enCoursDepuis: z.optional(z.nullable(EpochMs)),
  /** The run in progress outlasts its budget: then the service is `degraded`. */
  tropLong: z.optional(z.boolean()),
  /** What the last run noticed without failing (a renamed field, a refused bulletin…). */
  avertissements: z.optional(z.array(z.object({ code: z.string(), message: z.string() }))),
});
export type IngestJobStatus = z.infer<typeof IngestJobStatus>;

/**
 * A recorded episode of another period than the main dataset (docs/decisions/088): its places count ages, freshness
 * and vigilance validity against its own clock (its latest reading rounded up to the hour).
 */
export const HealthEpisode = z.object({
  code: z.string(),
  libelle: z.string(),
  source: z.string(),
  debut: z.nullable(EpochMs),
  fin: z.nullable(EpochMs),
});
export type HealthEpisode = z.infer<typeof HealthEpisode>;

/** What makes the service `degraded`: a stable code and a French sentence. */
export const HealthProbleme = z.object({ code: z.string(), message: z.string() });

/**
 * Which instance answered and which one runs the ingestion jobs (docs/decisions/121): names are `INSTANCE_ID`s
 * (`host:port:pid` by default). `meneuse` is null when no instance leads (ingestion off everywhere).
 */
export const HealthInstance = z.object({
  id: z.string(),
  meneuse: z.nullable(z.string()),
  estMeneuse: z.boolean(),
});
export type HealthInstance = z.infer<typeof HealthInstance>;

/** The in-service station whose latest reading is the oldest (never read: `ts` null). */
export const HealthStationEnRetard = z.object({
  code: z.string(),
  lieuId: z.number(),
  nom: z.string(),
  ts: z.nullable(EpochMs),
});

/**
 * One upstream as an operator sees it (« État des sources »): its last success and last error in words, what it
 * brought in the last hour and the station furthest behind.
 */
export const HealthSource = z.object({
  nom: z.enum(["Hub'Eau", 'Vigicrues', 'Open-Meteo', 'VigiEau']),
  /** `ok`; `en_echec` (a job failing past its tolerance, or nothing received for an hour); `inactive` (not live). */
  etat: z.enum(['ok', 'en_echec', 'inactive']),
  derniereReussite: z.nullable(EpochMs),
  /** French summary of the error of a job of this source still failing, null when none fails. */
  derniereErreur: z.nullable(z.string()),
  derniereErreurLe: z.nullable(EpochMs),
  /** Readings of the last hour (Hub'Eau): stored readings timed within the hour, and the sensors they belong to. */
  observationsDerniereHeure: z.optional(z.nullable(z.number())),
  capteursAJour: z.optional(z.nullable(z.number())),
  /** In-service stations without a reading for 3 hours, and the one furthest behind (Hub'Eau). */
  stationsEnRetard: z.optional(z.nullable(z.number())),
  stationLaPlusAncienne: z.optional(z.nullable(HealthStationEnRetard)),
  avertissements: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type HealthSource = z.infer<typeof HealthSource>;

export const HealthResponse = z.object({
  /** `degraded` when the database does not answer or a live ingestion job failed past its tolerance. */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean(), dialect: z.enum(['sqlite', 'postgres']) }),
  /** First and last observation of the main dataset (places outside any episode): the period the data cover. */
  donnees: z.object({
    debut: z.nullable(EpochMs),
    fin: z.nullable(EpochMs),
    jeu: z.nullable(z.string()),
    /**
     * While `npm run replay` writes the main dataset, the replay's simulated instant: the data clock of every screen
     * of that dataset (docs/decisions/142). Absent or null otherwise (and from older servers).
     */
    relecture: z.optional(z.nullable(EpochMs)),
  }),
  /** Recorded episodes with their own clock (docs/decisions/088); absent from older servers. */
  episodes: z.optional(z.array(HealthEpisode)),
  /**
   * `live`: the real clock. `demo`: the sources could not be reached (`raison`), probed again at `prochainEssai`.
   * `off`: the demo forced by the operator (INGEST=off).
   */
  ingestion: z.object({
    mode: z.enum(['off', 'live', 'demo']),
    raison: z.optional(z.nullable(z.string())),
    depuis: z.optional(z.nullable(EpochMs)),
    prochainEssai: z.optional(z.nullable(EpochMs)),
    jobs: z.array(IngestJobStatus),
  }),
  /** Each upstream's state for operators (live mode); absent from older servers. */
  sources: z.optional(z.array(HealthSource)),
  /** This instance and the ingestion leader; absent from older servers. */
  instance: z.optional(HealthInstance),
  problemes: z.array(HealthProbleme),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * `?strict=1`: for load balancers, whether this instance can serve: 503 only when its database does not answer.
 * Failing sources make the service `degraded` (200, see `sources`), never take every instance out at once.
 */
export const HealthQuery = z.object({ strict: z.optional(z.enum(['0', '1'])) });
