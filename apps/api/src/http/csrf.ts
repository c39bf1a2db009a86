/**
 * CSRF protection by signed double submit: the server sets a readable `csrftoken` cookie
 * (random value + HMAC), and every state-changing /api request must echo it in the `X-CSRFToken` header.
 * A third-party page can neither read the cookie nor forge a signed value.
 *
 * The cookie is set only by `GET /api/csrf` and by HTML page loads (`http/web.ts`), when the browser has no valid
 * one: never on other API answers, so that a public, cacheable answer carries no Set-Cookie (a shared cache would
 * hand one visitor's cookie to others) and concurrent GETs cannot replace the cookie between the moment the app
 * reads it and the moment its POST leaves (docs/decisions/005).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from './errors';
import { SESSION } from './messages';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createCsrfToken(key: Buffer): string {
  const value = crypto.randomBytes(24).toString('base64url');
  const sig = crypto.createHmac('sha256', key).update(value).digest('base64url');
  return `${value}.${sig}`;
}

export function isValidCsrfToken(key: Buffer, token: string | undefined): boolean {
  if (!token) return false;
  const [value, sig, extra] = token.split('.');
  if (!value || !sig || extra !== undefined) return false;
  const expected = crypto.createHmac('sha256', key).update(value).digest();
  const given = Buffer.from(sig, 'base64url');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` for a state-changing route that carries its own proof and is reached from outside the app (the
     * signed one-click stop link of alert e-mails, posted by a mail client): no CSRF header is expected.
     */
    csrf?: false;
  }
}

export interface CsrfOptions {
  key: Buffer;
  secureCookie: boolean;
}

/** The browser's valid token, or a new one set as its cookie now (`GET /api/csrf`, HTML page loads). */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, opts: CsrfOptions): string {
  const cookie = request.cookies[CSRF_COOKIE];
  if (cookie && isValidCsrfToken(opts.key, cookie)) return cookie;
  const token = createCsrfToken(opts.key);
  reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: opts.secureCookie,
    maxAge: 60 * 60 * 24 * 365,
  });
  return token;
}

export function registerCsrf(api: FastifyInstance, opts: CsrfOptions): void {
  // Callback style: a safe method costs no promise (docs/decisions/115).
  api.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) return done();
    const cookie = request.cookies[CSRF_COOKIE];
    const valid = isValidCsrfToken(opts.key, cookie);
    const header = request.headers[CSRF_HEADER];
    if (!valid || typeof header !== 'string' || header !== cookie) {
      return done(new AppError(403, 'forbidden', SESSION.csrf));
    }
    done();
  });

  api.withTypeProvider<ZodTypeProvider>().get(
    '/csrf',
    {
      schema: {
        tags: ['système'],
        summary:
          'Jeton CSRF à renvoyer dans l’en-tête X-CSRFToken (le cookie csrftoken est posé en même temps)',
        response: { 200: z.object({ csrftoken: z.string() }) },
      },
    },
    async (request, reply) => ({ csrftoken: ensureCsrfCookie(request, reply, opts) }),
  );
}
