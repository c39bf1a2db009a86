/**
 * Publications (the place's social tab): `POST user/new-publication` (multipart: lieu, texte, optional photo),
 * `GET hydro/lieu/{id}/publications` (newest first) and `DELETE user/publication/{id}` (its author only).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { StatusResponse } from '@limni/shared/contracts/account';
import { EntityIdParams } from '@limni/shared/contracts/common';
import {
  NewPublicationFields,
  Publication,
  PUBLICATION_PHOTO_MAX_BYTES,
  PublicationIdParams,
  PublicationsQuery,
  PhotosNiveau,
  PublicationsResponse,
} from '@limni/shared/contracts/publications';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/auth';
import { badRequest } from '../../http/errors';
import { contractText, ENVOI } from '../../http/messages';
import { multipartOptions, readUpload } from '../../http/multipart';
import type { Texte } from '../../http/texte';
import { PUBLICATIONS } from './publications.messages';
import { PublicationsService } from './publications.service';

const tags = ['publications'];

export function publicationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const service = new PublicationsService(deps);

  return async (app) => {
    await app.register(multipart, multipartOptions(PUBLICATION_PHOTO_MAX_BYTES));

    app.get(
      '/hydro/lieu/:id/publications',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary: 'Publications d’un lieu, les plus récentes d’abord (50 par page, « avant » pour la suite)',
          params: EntityIdParams,
          querystring: PublicationsQuery,
          response: { 200: PublicationsResponse },
        },
      },
      async (request) => service.list(request.params.id, request.query.avant),
    );

    app.get(
      '/hydro/lieu/:id/photos-niveau',
      {
        config: { cache: 'public', instant: true },
        schema: {
          tags,
          summary:
            'Photos de la communauté prises à un niveau proche de la mesure du lieu (hauteur ± 0,25 m, débit ± 20 %)',
          params: EntityIdParams,
          response: { 200: PhotosNiveau },
        },
      },
      async (request) => service.photosNiveau(request.params.id),
    );

    app.post(
      '/user/new-publication',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary:
            'Publier sur un lieu (multipart : lieu, texte de 2 000 caractères au plus, photo facultative de 10 Mo au plus)',
          consumes: ['multipart/form-data'],
          response: { 201: Publication },
        },
      },
      async (request, reply) => {
        // The form is read by the service once the hourly slot is taken (docs/decisions/107).
        const created = await service.publish(request.authUser as AuthUser, async () => {
          const form = await readUpload(request, {
            fileField: 'photo',
            maxFileBytes: PUBLICATION_PHOTO_MAX_BYTES,
            what: ENVOI.photo,
          });
          const parsed = z.safeParse(NewPublicationFields, { texte: '', ...form.fields });
          if (!parsed.success) {
            const fields: Record<string, Texte[]> = {};
            for (const issue of parsed.error.issues) {
              (fields[String(issue.path[0] ?? '_')] ??= []).push(contractText(issue.message));
            }
            const first = parsed.error.issues[0]?.message;
            throw badRequest(first ? contractText(first) : PUBLICATIONS.formulaireInvalide, fields);
          }
          return { lieuId: parsed.data.lieu, texte: parsed.data.texte.trim(), file: form.file };
        });
        return reply.code(201).send(created);
      },
    );

    app.delete(
      '/user/publication/:id',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary: 'Supprimer une de ses publications (et sa photo)',
          params: PublicationIdParams,
          response: { 200: StatusResponse },
        },
      },
      async (request) => {
        await service.remove(request.authUser as AuthUser, request.params.id);
        return { status: 200 as const };
      },
    );
  };
}
