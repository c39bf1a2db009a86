/**
 * HTTP caching of API answers. Routes opt in with `config: { cache: 'public' }` (shared data: a CDN may keep
 * them) or `'public-long'` (reference data); everything else under /api is `no-store`.
 * Strong ETags and 304 answers come from @fastify/etag, registered on the /api scope.
 * A public answer is the same for everyone: it varies only with `Accept-Encoding` (compression), never sets a
 * cookie — one that would (a bug) makes it private — and personal answers vary with `Authorization` and
 * `Cookie` (docs/decisions/101).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CORRECTIONS_MS } from '@limni/shared/domain/instant-consulte';
import { instantConsulte } from '../lib/instant-scope';

export type CachePolicy = 'public' | 'public-long' | 'private' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
    /** The body's sentences follow `Accept-Language` (http/langue.ts): caches must keep one copy per language. */
    langue?: boolean;
    /** The answer follows the data clock: it may be asked at a past instant, `?t=` (http/instant.ts). */
    instant?: boolean;
  }
}

const HEADERS: Record<CachePolicy, string> = {
  public: 'public, max-age=60, stale-while-revalidate=300',
  'public-long': 'public, max-age=3600, stale-while-revalidate=86400',
  private: 'private, no-cache',
  none: 'no-store',
};

/** Adds header names to `Vary` without dropping those already there (compression adds Accept-Encoding). */
export function addVary(reply: FastifyReply, ...names: string[]): void {
  const existing = reply.getHeader('vary');
  if (existing === undefined || existing === '') {
    reply.header('vary', names.join(', '));
    return;
  }
  const current = String(existing)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const lower = new Set(current.map((v) => v.toLowerCase()));
  reply.header('vary', [...current, ...names.filter((n) => !lower.has(n.toLowerCase()))].join(', '));
}

/** A shared answer at an instant older than the corrections of its data: it will never change (ETag kept). */
const FOR_EVER = 'public, max-age=31536000, immutable';

export function registerApiCaching(api: FastifyInstance, now: () => number): void {
  // Callback style: no promise per answer on this hot path (docs/decisions/115).
  api.addHook('onSend', (request, reply, payload, done) => {
    setCacheHeaders(request.method, reply, now);
    done(null, payload);
  });
}

function setCacheHeaders(method: string, reply: FastifyReply, now: () => number): void {
  if (reply.routeOptions.config?.langue) addVary(reply, 'Accept-Language');
  if (reply.hasHeader('cache-control')) return;
  const policy = reply.routeOptions.config?.cache ?? 'none';
  const cacheable = (method === 'GET' || method === 'HEAD') && reply.statusCode < 400;
  const shared = cacheable && (policy === 'public' || policy === 'public-long');
  if (shared && reply.hasHeader('set-cookie')) {
    // A shared cache would hand this cookie to every visitor: this answer is not shared after all.
    reply.header('cache-control', HEADERS.private);
    addVary(reply, 'Authorization', 'Cookie');
    return;
  }
  // At an instant consulted long enough ago, the data it shows are settled (docs/decisions/152).
  const instant = instantConsulte();
  const settled = shared && instant !== null && now() - instant > CORRECTIONS_MS;
  reply.header('cache-control', settled ? FOR_EVER : HEADERS[cacheable ? policy : 'none']);
  // Lower case, as @fastify/compress writes it (it adds its own unless it finds this exact spelling).
  if (shared) addVary(reply, 'accept-encoding');
  else addVary(reply, 'Authorization', 'Cookie');
}
