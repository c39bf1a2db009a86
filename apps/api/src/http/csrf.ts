/**
 * CSRF protection by signed double submit: the server sets a readable `csrftoken` cookie
 * (random value + HMAC), and every state-changing /api request must echo it in the `X-CSRFToken` header.
 * A third-party page can neither read the cookie nor forge a signed value.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from './errors';

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
  interface FastifyRequest {
    /** The valid CSRF token of this request (the one received, or the one just set). */
    csrfToken: string | null;
  }
}

export function registerCsrf(api: FastifyInstance, opts: { key: Buffer; secureCookie: boolean }): void {
  const setCookie = (reply: FastifyReply): string => {
    const token = createCsrfToken(opts.key);
    reply.setCookie(CSRF_COOKIE, token, {
      path: '/',
      sameSite: 'lax',
      httpOnly: false,
      secure: opts.secureCookie,
      maxAge: 60 * 60 * 24 * 365,
    });
    return token;
  };

  api.decorateRequest('csrfToken', null);
  api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    const valid = isValidCsrfToken(opts.key, cookie);
    if (SAFE_METHODS.has(request.method)) {
      request.csrfToken = valid && cookie ? cookie : setCookie(reply);
      return;
    }
    if (request.routeOptions.config?.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    if (!valid || typeof header !== 'string' || header !== cookie) {
      throw new AppError(
        403,
        'forbidden',
        'Jeton de sécurité (CSRF) manquant ou invalide : rechargez la page puis réessayez.',
      );
    }
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
    async (request) => ({ csrftoken: request.csrfToken ?? '' }),
  );
}
