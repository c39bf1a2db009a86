/**
 * HTTP caching of API answers. Routes opt in with `config: { cache: 'public' }` (shared data: a CDN may keep
 * them) or `'public-long'` (reference data); everything else under /api is `no-store`.
 * Strong ETags and 304 answers come from @fastify/etag, registered on the /api scope.
 */
import type { FastifyInstance } from 'fastify';

export type CachePolicy = 'public' | 'public-long' | 'private' | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    cache?: CachePolicy;
  }
}

const HEADERS: Record<CachePolicy, string> = {
  public: 'public, max-age=60, stale-while-revalidate=300',
  'public-long': 'public, max-age=3600, stale-while-revalidate=86400',
  private: 'private, no-cache',
  none: 'no-store',
};

export function registerApiCaching(api: FastifyInstance): void {
  api.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const policy = reply.routeOptions.config?.cache ?? 'none';
    const cacheable = (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode < 400;
    reply.header('cache-control', HEADERS[cacheable ? policy : 'none']);
    if (policy === 'private' || policy === 'none') reply.header('vary', 'Authorization, Cookie');
    return payload;
  });
}
