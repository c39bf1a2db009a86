/**
 * The state of a replay (`npm run replay`), for the shell's banner. Its own module so that the banner, loaded on
 * every page, does not pull the alert contracts and strings into the first load.
 */
import { queryOptions } from '@tanstack/react-query';
import { ReplayStatus } from '@limni/shared/contracts/replay';
import { api } from '../lib/api';

/** `GET replay`: every 2 s while a replay runs, else every minute (and when the window gets the focus). */
export const replayQuery = () =>
  queryOptions({
    queryKey: ['replay'],
    queryFn: ({ signal }) => api('replay', ReplayStatus, { signal, cache: 'no-store' }),
    refetchInterval: (query) => (query.state.data?.en_cours ? 2000 : 60_000),
    staleTime: 1000,
    retry: false,
  });
