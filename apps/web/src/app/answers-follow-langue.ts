/**
 * The API answers in the language of each request (docs/decisions/125): its error messages, and the sentences its
 * answers carry (a verdict's reason, why a place has no usual range, coverage), are in the language asked. When
 * the language changes, every answer in the cache is marked stale and those on screen are asked again (a 304 when
 * nothing but the language could differ), so that no sentence stays in the other language.
 */
import type { QueryClient } from '@tanstack/react-query';

export function answersFollowLangue(
  client: QueryClient,
  onLangueChange: (cb: () => void) => () => void,
): () => void {
  return onLangueChange(() => {
    void client.invalidateQueries({ refetchType: 'active' });
  });
}
