import * as z from 'zod/mini';
import { EpochMs } from './common';

export const IngestJobStatus = z.object({
  job: z.string(),
  lastSuccess: z.nullable(EpochMs),
  lastError: z.nullable(z.string()),
  lastErrorAt: z.nullable(EpochMs),
  counts: z.record(z.string(), z.number()),
});

export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean(), dialect: z.enum(['sqlite', 'postgres']) }),
  /** First and last reading in the database: the period the data cover. */
  donnees: z.object({ debut: z.nullable(EpochMs), fin: z.nullable(EpochMs), jeu: z.nullable(z.string()) }),
  ingestion: z.object({ mode: z.enum(['off', 'live']), jobs: z.array(IngestJobStatus) }),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
