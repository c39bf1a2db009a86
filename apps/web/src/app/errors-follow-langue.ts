/**
 * The API answers in the language of each request (docs/decisions/125): its data are the same in French and English,
 * its error messages are not. When the language changes, the queries that ended in an error are marked stale and
 * those on screen are asked again, so that no message stays in the other language; answered queries are kept.
 */
import type { QueryClient } from '@tanstack/react-query';

export function errorsFollowLangue(
  client: QueryClient,
  onLangueChange: (cb: () => void) => () => void,
): () => void {
  return onLangueChange(() => {
    void client.invalidateQueries({
      predicate: (query) => query.state.status === 'error',
      refetchType: 'active',
    });
  });
}
