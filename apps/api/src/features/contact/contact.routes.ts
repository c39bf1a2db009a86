/**
 * `POST /api/contact`: the "Contactez-nous" form. Validated with the shared schema (French field errors),
 * rate-limited per IP, and a honeypot field silently drops robots (docs/decisions/018).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactRequest, ContactResponse, CONTACT_HONEYPOT } from '@limni/shared/contracts/contact';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/errors';
import { CONTACT_MERCI, submitContact } from './contact.service';

/** Accepted messages per IP and per hour. */
export const CONTACT_MAX_PER_HOUR = 5;

const success = { envoye: true as const, message: CONTACT_MERCI };

/** A robot filled the hidden field: answer as for a real message, keep and send nothing. */
function isHoneypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const v = (body as Record<string, unknown>)[CONTACT_HONEYPOT];
  return v !== undefined && v !== null && String(v).trim() !== '';
}

export function contactRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/contact',
      {
        config: {
          // Counted after validation (preHandler): only well-formed messages, the ones stored and mailed.
          rateLimit: {
            max: CONTACT_MAX_PER_HOUR,
            timeWindow: '1 hour',
            hook: 'preHandler',
            // An AppError, so that the error handler keeps this message (a plain object would lose it).
            errorResponseBuilder: (_request, c) =>
              new AppError(
                429,
                'rate_limited',
                `Vous avez déjà envoyé plusieurs messages. Merci de réessayer dans ${Math.max(1, Math.ceil(c.ttl / 60_000))} min.`,
              ),
          },
        },
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
            return reply.code(200).send(success);
          }
        },
      },
      async (request) => {
        await submitContact(deps, request.body, request.ip ?? null, request.log);
        return success;
      },
    );
  };
}
