/** Answers of the API as the contracts shape them, for the request mock of the component tests. */
import type { ErrorBody } from '@limni/shared/contracts/common';
import { http, HttpResponse } from 'msw';

/** The error body the API sends (`{ error: { code, message, fields } }`) with its status. */
export function errorReply(status: number, error: ErrorBody['error']): Response {
  return HttpResponse.json({ error } satisfies ErrorBody, { status });
}

/** The CSRF cookie's endpoint, asked before the first state-changing request. */
export const csrf = http.get('/api/csrf', () => HttpResponse.json({ csrftoken: 'jeton-csrf' }));
