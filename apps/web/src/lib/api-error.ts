/**
 * Reads the error body of a failed answer with the shared contract: a lazy chunk of `lib/api.ts`, loaded with the
 * first failed call (or by an XMLHttpRequest upload, `api/publications.ts`), so that the shell carries no parser.
 */
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { ApiError } from './api-error-class';

/** The ApiError of a failed answer (status and parsed body). */
export function apiErrorFrom(status: number, json: unknown): ApiError {
  const parsed = z.safeParse(ErrorBody, json);
  if (parsed.success) {
    return new ApiError(status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.fields);
  }
  return new ApiError(status, status >= 500 ? 'internal' : 'validation', `Erreur ${status}`);
}
