/** `/api/cgu`, `/api/credits`, `/api/infos-previsions`, `/api/avantages-compte`: the content pages. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Page, PAGE_SLUGS } from '@limni/shared/contracts/pages';
import type { AppDeps } from '../../deps';
import { addVary } from '../../http/cache';
import { langueOf } from '../../http/langue';
import { contentPage } from './pages.service';

const SUMMARIES: Record<(typeof PAGE_SLUGS)[number], string> = {
  cgu: "Conditions générales d'utilisation et mentions légales",
  credits: 'Crédits : sources des données, licences et logiciels libres',
  'infos-previsions': 'Comprendre les prévisions de crues et leur incertitude',
  'avantages-compte': "Ce qu'apporte un compte Limni",
};

export function pagesRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    for (const slug of PAGE_SLUGS) {
      app.get(
        `/${slug}`,
        {
          config: { cache: 'public-long' },
          schema: { tags: ['pages'], summary: SUMMARIES[slug], response: { 200: Page } },
        },
        async (req, reply) => {
          // The page is English when English is asked (docs/decisions/125): caches keep both.
          addVary(reply, 'Accept-Language');
          return contentPage(deps, slug, langueOf(req.headers['accept-language']));
        },
      );
    }
  };
}
