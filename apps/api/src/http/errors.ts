/**
 * Typed application errors and the single error handler: every failure leaves as
 * `{ error: { code, message, fields? } }` with a French message; 5xx never leak details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@limni/shared/contracts/common';
import { GENERIC_FR } from './errors-en';
import { errorBodyIn, langueOf } from './langue';

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 429: too many events for a rate limit; `retryAfterS` becomes the Retry-After header. */
export class RateLimitError extends AppError {
  constructor(
    message: string,
    public readonly retryAfterS: number,
  ) {
    super(429, 'rate_limited', message);
    this.name = 'RateLimitError';
  }
}

/** A 429 after which the client may try again in `retryAfterS` seconds ("Trop de tentatives…" by default). */
export const rateLimited = (
  retryAfterS: number,
  message = `Trop de tentatives. Merci de réessayer dans ${retryAfterS} s${retryAfterS >= 120 ? ` (environ ${Math.ceil(retryAfterS / 60)} min)` : ''}.`,
) => new RateLimitError(message, retryAfterS);

export const badRequest = (message: string, fields?: Record<string, string[]>) =>
  new AppError(400, 'validation', message, fields);
export const notFound = (message: string = GENERIC_FR.notFound) => new AppError(404, 'not_found', message);
export const unauthorized = (message: string = GENERIC_FR.unauthorized) =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message: string = GENERIC_FR.forbidden) => new AppError(403, 'forbidden', message);
export const conflict = (message: string, fields?: Record<string, string[]>) =>
  new AppError(409, 'conflict', message, fields);
export const upstreamUnavailable = (message: string = GENERIC_FR.upstream) =>
  new AppError(503, 'upstream_unavailable', message);

const LOCATION_FR: Record<string, string> = {
  params: 'chemin',
  querystring: 'paramètres',
  body: 'contenu',
  headers: 'en-têtes',
};

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string[]>): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Headers of the answer besides its type (Retry-After of a rate limit). */
  headers?: Record<string, string>;
  log: boolean;
}

/** Maps any thrown value to a status, a body and headers; pure, so it is unit-tested. */
export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof RateLimitError) {
    return {
      status: err.statusCode,
      body: errorBody(err.code, err.message),
      headers: { 'retry-after': String(err.retryAfterS) },
      log: false,
    };
  }
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: errorBody(err.code, err.message, err.fields),
      log: err.statusCode >= 500,
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string[]> = {};
    for (const v of err.validation) {
      const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
      (fields[key] ??= []).push(v.message ?? GENERIC_FR.invalidValue);
    }
    const where = LOCATION_FR[err.validationContext ?? ''] ?? 'requête';
    const first = err.validation[0];
    const firstKey = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const message = `Requête invalide (${where}${firstKey ? ` : ${firstKey}` : ''}) : ${first?.message ?? 'valeur invalide'}`;
    return { status: 400, body: errorBody('validation', message, fields), log: false };
  }
  if (isResponseSerializationError(err)) {
    return { status: 500, body: errorBody('internal', GENERIC_FR.internal), log: true };
  }
  const fe = err as Partial<FastifyError> | null;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  switch (true) {
    case status === 429:
      return {
        status,
        body: errorBody('rate_limited', GENERIC_FR.rateLimitedMinute),
        log: false,
      };
    case status === 413:
      return {
        status,
        body: errorBody('payload_too_large', GENERIC_FR.tooLarge),
        log: false,
      };
    case status === 415:
      return {
        status,
        body: errorBody('unsupported_media_type', GENERIC_FR.mediaType),
        log: false,
      };
    case status === 404:
      return { status, body: errorBody('not_found', GENERIC_FR.notFound), log: false };
    case status === 401:
      return { status, body: errorBody('unauthorized', GENERIC_FR.authRequired), log: false };
    case status === 403:
      return { status, body: errorBody('forbidden', GENERIC_FR.accessDenied), log: false };
    case status >= 400 && status < 500:
      return {
        status,
        body: errorBody(
          'validation',
          fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe?.message ?? '').includes('JSON')
            ? GENERIC_FR.badJson
            : GENERIC_FR.badRequest,
        ),
        log: false,
      };
    default:
      return { status: 500, body: errorBody('internal', GENERIC_FR.internal), log: true };
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers, log } = toErrorResponse(err);
    if (log) request.log.error({ err }, 'Erreur interne');
    else request.log.debug({ err: (err as Error)?.message }, 'Requête refusée');
    if (headers) reply.headers(headers);
    return reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send(errorBodyIn(body, langueOf(request.headers['accept-language'])));
  });
}

/**
 * Errors Fastify's router answers before any route (a malformed percent-encoding, a path parameter over 100
 * characters): the same error shape and French messages as the rest of the API, instead of Fastify's English.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const long = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  request.log.debug({ err: err.message }, 'Adresse refusée');
  void reply
    .code(long ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(
      errorBodyIn(
        errorBody('validation', long ? GENERIC_FR.longPath : GENERIC_FR.badPath),
        langueOf(request.headers['accept-language']),
      ),
    );
}
