/**
 * Refetches queries whose server state a write has just changed, even when a first fetch is still in flight.
 *
 * `invalidateQueries` alone joins a first fetch already under way (TanStack Query cancels an in-flight fetch only
 * when the query already has data), so an answer read by the server before the write would be kept as fresh. That
 * is how the profile kept showing the old e-mail address after its confirmation link was opened: the page asked
 * for the account and confirmed the key at the same time, and the account answer left first.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export async function refetchAfterWrite(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
