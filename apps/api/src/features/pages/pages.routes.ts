/** `/api/cgu`, `/api/credits`, `/api/infos-previsions`, `/api/avantages-compte`: the content pages. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Page, PAGE_SLUGS } from '@limni/shared/contracts/pages';
import type { AppDeps } from '../../app';
import { notFound } from '../../http/errors';
import { getPage } from './pages.repo';
import { fillPlaceholders, renderPage } from './pages.service';

const SUMMARIES: Record<(typeof PAGE_SLUGS)[number], string> = {
  cgu: "Conditions générales d'utilisation et mentions légales",
  credits: 'Crédits : sources des données, licences et logiciels libres',
  'infos-previsions': 'Comprendre les prévisions de crues et leur incertitude',
  'avantages-compte': "Ce qu'apporte un compte Limni",
};

export function pagesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.db;
  return async (app) => {
    for (const slug of PAGE_SLUGS) {
      app.get(
        `/${slug}`,
        {
          config: { cache: 'public-long' },
          schema: { tags: ['pages'], summary: SUMMARIES[slug], response: { 200: Page } },
        },
        async () => {
          const stored = await getPage(db, slug);
          if (!stored) throw notFound("Cette page n'est pas encore disponible.");
          const page = { ...stored, slug, markdown: fillPlaceholders(stored.markdown, deps.env) };
          return { ...page, html: renderPage(page) };
        },
      );
    }
  };
}
