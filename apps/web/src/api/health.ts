/** `GET /api/health`: the period the data cover (demo banner, "now" of the data) and the ingestion mode. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HealthResponse } from '@limni/shared/contracts/health';
import { dataClock, type DataClock } from '@limni/shared/domain/clock';
import { api } from '../lib/api';

export const healthQuery = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => api('health', HealthResponse, { signal }),
    staleTime: 5 * 60_000,
  });

/**
 * The clock ages and validities are measured against (docs/decisions/094): the real clock live, the demo clock (the
 * latest reading rounded up to the next full hour) with a demo dataset. Until `/api/health` answers: the real clock,
 * `ready` false.
 */
export function useDataClock(): DataClock & { ready: boolean } {
  const health = useQuery(healthQuery());
  const [realNow] = useState(() => Date.now());
  const d = health.data;
  if (!d) return { now: realNow, demo: false, ready: false };
  return { ...dataClock(realNow, d.donnees.fin, d.ingestion.mode === 'live'), ready: true };
}
