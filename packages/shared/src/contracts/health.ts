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

export const HealthResponse = z.object({
  /** `degraded` when the database does not answer or a live ingestion job failed past its tolerance. */
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean(), dialect: z.enum(['sqlite', 'postgres']) }),
  /** First and last observation of the main dataset (places outside any episode): the period the data cover. */
  donnees: z.object({ debut: z.nullable(EpochMs), fin: z.nullable(EpochMs), jeu: z.nullable(z.string()) }),
  /** Recorded episodes with their own clock (docs/decisions/088); absent from older servers. */
  episodes: z.optional(z.array(HealthEpisode)),
  ingestion: z.object({ mode: z.enum(['off', 'live']), jobs: z.array(IngestJobStatus) }),
  /** This instance and the ingestion leader; absent from older servers. */
  instance: z.optional(HealthInstance),
  problemes: z.array(HealthProbleme),
});
export type HealthResponse = z.infer<typeof HealthResponse>;

/**
 * `?strict=1`: for load balancers, a `degraded` service answers 503 (otherwise 200 with its status; a database
 * that does not answer is a 503 either way).
 */
export const HealthQuery = z.object({ strict: z.optional(z.enum(['0', '1'])) });
