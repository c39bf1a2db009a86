/**
 * Typed application errors and the single error handler: every failure leaves as
 * `{ error: { code, message, fields? } }`, its sentences in the asked language (French by default,
 * docs/decisions/148); 5xx never leak details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@limni/shared/contracts/common';
import { langueOf, type Langue } from './langue';
import { contractText, GENERIC, requeteInvalide, tropDeTentatives } from './messages';
import type { Texte } from './texte';

export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    /** What the person reads, in each language; `message` (logs) is its French. */
    public readonly texte: Texte,
    public readonly fields?: Record<string, Texte[]>,
  ) {
    super(texte.fr);
    this.name = 'AppError';
  }
}

/** A 429: too many events for a rate limit; `retryAfterS` becomes the Retry-After header. */
export class RateLimitError extends AppError {
  constructor(
    texte: Texte,
    public readonly retryAfterS: number,
  ) {
    super(429, 'rate_limited', texte);
    this.name = 'RateLimitError';
  }
}

/** A 429 after which the client may try again in `retryAfterS` seconds ("Trop de tentatives…" by default). */
export const rateLimited = (retryAfterS: number, texte: Texte = tropDeTentatives(retryAfterS)) =>
  new RateLimitError(texte, retryAfterS);

export const badRequest = (texte: Texte, fields?: Record<string, Texte[]>) =>
  new AppError(400, 'validation', texte, fields);
export const notFound = (texte: Texte = GENERIC.notFound) => new AppError(404, 'not_found', texte);
export const unauthorized = (texte: Texte = GENERIC.unauthorized) => new AppError(401, 'unauthorized', texte);
export const forbidden = (texte: Texte = GENERIC.forbidden) => new AppError(403, 'forbidden', texte);
export const conflict = (texte: Texte, fields?: Record<string, Texte[]>) =>
  new AppError(409, 'conflict', texte, fields);
export const upstreamUnavailable = (texte: Texte = GENERIC.upstream) =>
  new AppError(503, 'upstream_unavailable', texte);

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string[]>): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

/** An error body in `langue`: its message and its fields' messages. */
function bodyIn(code: ErrorCode, texte: Texte, langue: Langue, fields?: Record<string, Texte[]>): ErrorBody {
  return errorBody(
    code,
    texte[langue],
    fields && Object.fromEntries(Object.entries(fields).map(([k, list]) => [k, list.map((t) => t[langue])])),
  );
}

export interface ErrorResponse {
  status: number;
  body: ErrorBody;
  /** Headers of the answer besides its type (Retry-After of a rate limit). */
  headers?: Record<string, string>;
  log: boolean;
}

/** What Fastify or its plugins refuse before a route decides, by status: a code and its sentence. */
function frameworkError(err: unknown): { status: number; code: ErrorCode; texte: Texte; log: boolean } {
  const fe = err as Partial<FastifyError> | null;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  switch (true) {
    case status === 429:
      return { status, code: 'rate_limited', texte: GENERIC.rateLimitedMinute, log: false };
    case status === 413:
      return { status, code: 'payload_too_large', texte: GENERIC.tooLarge, log: false };
    case status === 415:
      return { status, code: 'unsupported_media_type', texte: GENERIC.mediaType, log: false };
    case status === 404:
      return { status, code: 'not_found', texte: GENERIC.notFound, log: false };
    case status === 401:
      return { status, code: 'unauthorized', texte: GENERIC.authRequired, log: false };
    case status === 403:
      return { status, code: 'forbidden', texte: GENERIC.accessDenied, log: false };
    case status >= 400 && status < 500: {
      const json = fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe?.message ?? '').includes('JSON');
      return { status, code: 'validation', texte: json ? GENERIC.badJson : GENERIC.badRequest, log: false };
    }
    default:
      return { status: 500, code: 'internal', texte: GENERIC.internal, log: true };
  }
}

/** Maps any thrown value to a status, a body in `langue` and headers; pure, so it is unit-tested. */
export function toErrorResponse(err: unknown, langue: Langue = 'fr'): ErrorResponse {
  if (err instanceof RateLimitError) {
    return {
      status: err.statusCode,
      body: bodyIn(err.code, err.texte, langue),
      headers: { 'retry-after': String(err.retryAfterS) },
      log: false,
    };
  }
  if (err instanceof AppError) {
    return {
      status: err.statusCode,
      body: bodyIn(err.code, err.texte, langue, err.fields),
      // A designed 501 (a format not offered) is an answer, not a failure: logged at info by the handler.
      log: err.statusCode >= 500 && err.statusCode !== 501,
    };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, Texte[]> = {};
    for (const v of err.validation) {
      const key = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
      (fields[key] ??= []).push(v.message ? contractText(v.message) : GENERIC.invalidValue);
    }
    const first = err.validation[0];
    const firstKey = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const message = first?.message ? contractText(first.message) : GENERIC.invalidValue;
    const texte = requeteInvalide(err.validationContext, firstKey, message);
    return { status: 400, body: bodyIn('validation', texte, langue, fields), log: false };
  }
  if (isResponseSerializationError(err)) {
    return { status: 500, body: bodyIn('internal', GENERIC.internal, langue), log: true };
  }
  const f = frameworkError(err);
  return { status: f.status, body: bodyIn(f.code, f.texte, langue), log: f.log };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers, log } = toErrorResponse(err, langueOf(request.headers['accept-language']));
    if (log) request.log.error({ err }, 'Erreur interne');
    else if (status === 501) request.log.info({ code: body.error.code }, 'Demande non prise en charge');
    else request.log.debug({ err: (err as Error)?.message }, 'Requête refusée');
    if (headers) reply.headers(headers);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}

/**
 * Errors Fastify's router answers before any route (a malformed percent-encoding, a path parameter over 100
 * characters): the same error shape and sentences as the rest of the API, instead of Fastify's own.
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const long = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
  request.log.debug({ err: err.message }, 'Adresse refusée');
  void reply
    .code(long ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(
      bodyIn(
        'validation',
        long ? GENERIC.longPath : GENERIC.badPath,
        langueOf(request.headers['accept-language']),
      ),
    );
}
