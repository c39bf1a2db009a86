/**
 * The embeddable widget (docs/decisions/123): `/embed/lieu/{id}` and `/embed/entite/{id}` (HTML made to be framed by
 * any site: `frame-ancestors *` on these routes only, no script), cacheable like the public API (ETag,
 * `public, max-age=60, stale-while-revalidate=300`); and `GET /api/oembed` (JSON `rich`, the `<iframe>` of a place or
 * river address). A bad path or query gives a 400 page, an unknown id a 404 page, in the widget's style.
 */
import etag from '@fastify/etag';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import {
  EMBED_DEFAULT_SIZE,
  EmbedParams,
  EmbedQuery,
  OEmbedQuery,
  OEmbedResponse,
  type EmbedLang,
  type EmbedTheme,
} from '@limni/shared/contracts/embed';
import type { AppDeps } from '../../deps';
import { registerApiCaching } from '../../http/cache';
import { AppError, badRequest } from '../../http/errors';
import type { CspPolicy } from '../../http/security-headers';
import { renderEntite, renderError, renderLieu, type PageOptions } from './embed-page';
import { EmbedService } from './embed.service';
import { oembedAnswer, oembedTarget } from './oembed';
import { EMBED } from './embed.messages';

/** No script, no request but same-origin images, the one `<style>` element, framable by any site. */
export const EMBED_CSP: CspPolicy = {
  'default-src': ["'none'"],
  'script-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'style-src-elem': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'none'"],
  'worker-src': ["'none'"],
  'manifest-src': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ['*'],
};

const firstIssue = (err: z.core.$ZodError) => err.issues[0]?.message ?? 'Paramètres non valides.';

/** The HTML routes, registered at the root (outside `/api`). */
export function embedRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const service = new EmbedService(deps);
  const publicUrl = deps.env.PUBLIC_URL;
  return async (app) => {
    await app.register(etag);
    registerApiCaching(app, deps.now);

    const page = async (
      reply: FastifyReply,
      params: unknown,
      query: unknown,
      render: (id: number, q: EmbedQuery, o: PageOptions) => Promise<string>,
    ) => {
      reply.type('text/html; charset=utf-8');
      // The page is made to be framed by other sites; COEP pages may load it too.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      const raw = (query ?? {}) as Record<string, unknown>;
      const fallback: PageOptions = {
        lang: (raw.lang === 'en' ? 'en' : 'fr') as EmbedLang,
        theme: (raw.theme === 'sombre' ? 'sombre' : 'clair') as EmbedTheme,
        publicUrl,
      };
      const p = z.safeParse(EmbedParams, params);
      const q = z.safeParse(EmbedQuery, query);
      if (!p.success || !q.success) {
        const error = !p.success ? p.error : (q.error as z.core.$ZodError);
        return reply.code(400).send(renderError(fallback, 400, firstIssue(error)));
      }
      const o: PageOptions = { lang: q.data.lang, theme: q.data.theme, publicUrl };
      try {
        return await reply.send(await render(p.data.id, q.data, o));
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) {
          return reply.code(404).send(renderError(o, 404, err.message));
        }
        throw err;
      }
    };

    const config = { csp: EMBED_CSP, cache: 'public' as const };
    const schema = (summary: string) => ({
      tags: ['widget'],
      summary,
      produces: ['text/html'],
      response: { 200: z.string(), 400: z.string(), 404: z.string() },
    });

    app.get(
      '/embed/lieu/:id',
      { config, schema: schema('Widget d’un lieu à intégrer dans une autre page (HTML, sans script)') },
      (request, reply) =>
        page(reply, request.params, request.query, async (id, q, o) =>
          renderLieu(await service.lieu(id, q.activite ?? null), o),
        ),
    );
    app.get(
      '/embed/entite/:id',
      { config, schema: schema('Widget d’un lac ou d’une rivière et de ses lieux (HTML, sans script)') },
      (request, reply) =>
        page(reply, request.params, request.query, async (id, _q, o) =>
          renderEntite(await service.entite(id), o),
        ),
    );
  };
}

/** `GET /api/oembed` (registered under `/api`). */
export function oembedRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const service = new EmbedService(deps);
  return async (app) => {
    app.get(
      '/oembed',
      {
        config: { cache: 'public-long' },
        schema: {
          tags: ['widget'],
          summary:
            'oEmbed (type rich) d’une page de lieu ou de rivière de Limni : le code <iframe> du widget',
          querystring: OEmbedQuery,
          response: { 200: OEmbedResponse, 400: ErrorBody, 404: ErrorBody, 501: ErrorBody },
        },
      },
      async (request) => {
        const q = request.query;
        if (q.format === 'xml') {
          throw new AppError(501, 'not_implemented', EMBED.jsonSeulement);
        }
        const target = oembedTarget(q.url, deps.env.PUBLIC_URL);
        if (!target) {
          throw badRequest(EMBED.pasUnePage(deps.env.PUBLIC_URL));
        }
        const title = await service.titre(target.kind, target.id);
        return oembedAnswer(target, title, q, deps.env.PUBLIC_URL, EMBED_DEFAULT_SIZE);
      },
    );
  };
}
