/** `GET /api/health`: the period the data cover (demo banner, "now" of the data) and the ingestion mode. */
import { queryOptions } from '@tanstack/react-query';
import { HealthResponse } from '@limni/shared/contracts/health';
import { api } from '../lib/api';

export const healthQuery = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => api('health', HealthResponse, { signal }),
    staleTime: 5 * 60_000,
  });
