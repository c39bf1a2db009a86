/**
 * Typed application errors and the single error handler: every failure leaves as
 * `{ error: { code, message, fields? } }` with a French message; 5xx never leak details.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '@limni/shared/contracts/common';

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
export const notFound = (message = "Cette ressource n'existe pas.") =>
  new AppError(404, 'not_found', message);
export const unauthorized = (message = 'Vous devez être connecté pour accéder à cette ressource.') =>
  new AppError(401, 'unauthorized', message);
export const forbidden = (message = "Vous n'avez pas l'autorisation d'accéder à cette ressource.") =>
  new AppError(403, 'forbidden', message);
export const conflict = (message: string, fields?: Record<string, string[]>) =>
  new AppError(409, 'conflict', message, fields);
export const upstreamUnavailable = (message = 'Le service de données externe est indisponible.') =>
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
      (fields[key] ??= []).push(v.message ?? 'Valeur invalide');
    }
    const where = LOCATION_FR[err.validationContext ?? ''] ?? 'requête';
    const first = err.validation[0];
    const firstKey = first?.instancePath.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const message = `Requête invalide (${where}${firstKey ? ` : ${firstKey}` : ''}) : ${first?.message ?? 'valeur invalide'}`;
    return { status: 400, body: errorBody('validation', message, fields), log: false };
  }
  if (isResponseSerializationError(err)) {
    return { status: 500, body: errorBody('internal', 'Une erreur interne est survenue.'), log: true };
  }
  const fe = err as Partial<FastifyError> | null;
  const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
  switch (true) {
    case status === 429:
      return {
        status,
        body: errorBody(
          'rate_limited',
          'Trop de tentatives. Merci de patienter une minute avant de réessayer.',
        ),
        log: false,
      };
    case status === 413:
      return {
        status,
        body: errorBody('payload_too_large', 'Le contenu envoyé est trop volumineux.'),
        log: false,
      };
    case status === 415:
      return {
        status,
        body: errorBody('unsupported_media_type', "Ce type de contenu n'est pas accepté."),
        log: false,
      };
    case status === 404:
      return { status, body: errorBody('not_found', "Cette ressource n'existe pas."), log: false };
    case status === 401:
      return { status, body: errorBody('unauthorized', 'Authentification requise.'), log: false };
    case status === 403:
      return { status, body: errorBody('forbidden', 'Accès refusé.'), log: false };
    case status >= 400 && status < 500:
      return {
        status,
        body: errorBody(
          'validation',
          fe?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe?.message ?? '').includes('JSON')
            ? "Le contenu envoyé n'est pas un JSON valide."
            : 'Requête invalide.',
        ),
        log: false,
      };
    default:
      return { status: 500, body: errorBody('internal', 'Une erreur interne est survenue.'), log: true };
  }
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { status, body, headers, log } = toErrorResponse(err);
    if (log) request.log.error({ err }, 'Erreur interne');
    else request.log.debug({ err: (err as Error)?.message }, 'Requête refusée');
    if (headers) reply.headers(headers);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
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
      errorBody(
        'validation',
        long
          ? 'Adresse trop longue : un de ses segments dépasse 100 caractères.'
          : "Adresse invalide : un de ses segments n'est pas correctement encodé.",
      ),
    );
}
