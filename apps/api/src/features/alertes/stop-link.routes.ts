/**
 * The one-click stop link of alert e-mails (docs/decisions/058): GET shows what will stop and a button (safe for
 * link scanners); POST stops (idempotent), from the form or from a mail client's RFC 8058 one-click request.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import type { AppDeps } from '../../deps';
import { langueOf } from '../../http/langue';
import { stopLinkRegle, stopPageRegle, stopRegle } from './alertes.service';
import { confirmStopPage, invalidStopPage, stoppedPage } from './stop-page';

const tags = ['alertes'];
const StopParams = z.object({ jeton: z.string().check(z.maxLength(200)) });

/** The page is styled by inline attributes (as the e-mails); it runs no script (docs/decisions/101). */
const csp = { 'style-src': ["'unsafe-inline'"] };

const stopSchema = (summary: string) => ({
  tags,
  summary,
  params: StopParams,
  produces: ['text/html'],
  response: { 200: z.string(), 404: z.string() },
});

export function stopLinkRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const publicUrl = deps.env.PUBLIC_URL;
  return async (app) => {
    app.get(
      '/user/alertes/stop/:jeton',
      {
        config: { csp },
        schema: stopSchema('Lien d’arrêt d’une alerte (e-mail) : page de confirmation (HTML)'),
      },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
        const regle = await stopLinkRegle(deps, request.params.jeton);
        if (!regle) {
          return reply
            .code(404)
            .send(invalidStopPage(publicUrl, langueOf(request.headers['accept-language'])));
        }
        const action = `${publicUrl}/api/user/alertes/stop/${request.params.jeton}`;
        return confirmStopPage(publicUrl, await stopPageRegle(deps, regle), regle.actif === 1, action);
      },
    );

    app.post(
      '/user/alertes/stop/:jeton',
      {
        // The signed token is the proof; mail clients (RFC 8058 one-click) post without the app's CSRF header.
        config: { csrf: false, csp },
        schema: stopSchema(
          'Arrêter une alerte depuis son lien d’e-mail (formulaire ou désinscription en un clic RFC 8058)',
        ),
      },
      async (request, reply) => {
        reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
        const regle = await stopLinkRegle(deps, request.params.jeton);
        if (!regle) {
          return reply
            .code(404)
            .send(invalidStopPage(publicUrl, langueOf(request.headers['accept-language'])));
        }
        if (await stopRegle(deps, regle)) {
          request.log.info({ regle: regle.id }, 'Alerte arrêtée par son lien d’e-mail');
        }
        return stoppedPage(publicUrl, await stopPageRegle(deps, regle));
      },
    );
  };
}
