/**
 * `POST /api/contact`: the "Contactez-nous" form. Validated with the shared schema (French field errors),
 * rate-limited per IP by the service (after validation: only well-formed messages count), and a honeypot field
 * silently drops robots before anything (docs/decisions/018, 064).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactRequest, ContactResponse, CONTACT_HONEYPOT } from '@limni/shared/contracts/contact';
import type { AppDeps } from '../../deps';
import { langueOf } from '../../http/langue';
import { CONTACT } from './contact.messages';
import { ContactService } from './contact.service';

const success = (acceptLanguage: string | undefined) => ({
  envoye: true as const,
  message: CONTACT.merci[langueOf(acceptLanguage)],
});

/** A robot filled the hidden field: answer as for a real message, keep and send nothing. */
function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const v = (body as Record<string, unknown>)[CONTACT_HONEYPOT];
  return v !== undefined && v !== null && String(v).trim() !== '';
}

export function contactRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const service = new ContactService(deps);
  return async (app) => {
    app.post(
      '/contact',
      {
        schema: {
          tags: ['contact'],
          summary: "Envoyer un message à l'équipe Limni (formulaire « Contactez-nous »)",
          body: ContactRequest,
          response: { 200: ContactResponse },
        },
        preValidation: async (request, reply) => {
          if (isHoneypotFilled(request.body)) {
            request.log.info(
              { ip: request.ip },
              'Formulaire de contact : champ piège rempli, message ignoré',
            );
            return reply.code(200).send(success(request.headers['accept-language']));
          }
        },
      },
      async (request) => {
        await service.submit(request.body, request.ip, request.log);
        return success(request.headers['accept-language']);
      },
    );
  };
}
