/**
 * Whether a failed query is asked again: once, after a network failure or a server error, never after an answer
 * that says the request itself was wrong or the thing does not exist (4xx): asking again would get the same answer.
 */
import { ApiError } from './api-error-class';

export function retryOnce(failures: number, error: unknown): boolean {
  if (failures >= 1) return false;
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}
