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
  PUBLICATION_PHOTO_MAX_PX,
  PublicationIdParams,
  PublicationsQuery,
  PublicationsResponse,
} from '@limni/shared/contracts/publications';
import type { AppDeps } from '../../app';
import { reencodeImage, removeUploads, saveUpload } from '../../data/uploads';
import type { AuthUser } from '../../http/auth';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { RateLimiter } from '../../http/limiter';
import { multipartOptions, readUpload } from '../../http/multipart';
import * as repo from './publications.repo';

const tags = ['publications'];
/** Publications one account may post per hour. */
export const PUBLICATIONS_PER_HOUR = 30;

export function publicationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.db;
  const limiter = new RateLimiter(db, deps.now);
  const perUser = { bucket: 'publication-user', max: PUBLICATIONS_PER_HOUR, windowMs: 3600_000 };

  return async (app) => {
    await app.register(multipart, multipartOptions(PUBLICATION_PHOTO_MAX_BYTES));

    app.get(
      '/hydro/lieu/:id/publications',
      {
        config: { cache: 'public' },
        schema: {
          tags,
          summary: 'Publications d’un lieu, les plus récentes d’abord (50 par page, « avant » pour la suite)',
          params: EntityIdParams,
          querystring: PublicationsQuery,
          response: { 200: PublicationsResponse },
        },
      },
      async (request) => {
        const { id } = request.params;
        if (!(await repo.lieuExists(db, id))) throw notFound(`Aucun lieu ne porte l'identifiant ${id}.`);
        return repo.listPublications(db, id, request.query.avant);
      },
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
        const author = request.authUser as AuthUser;
        const form = await readUpload(request, {
          fileField: 'photo',
          maxFileBytes: PUBLICATION_PHOTO_MAX_BYTES,
          what: 'La photo',
        });
        const parsed = z.safeParse(NewPublicationFields, { texte: '', ...form.fields });
        if (!parsed.success) {
          const fields: Record<string, string[]> = {};
          for (const issue of parsed.error.issues) {
            (fields[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
          }
          throw badRequest(parsed.error.issues[0]?.message ?? 'Formulaire invalide.', fields);
        }
        const texte = parsed.data.texte.trim();
        const lieuId = parsed.data.lieu;
        if (!texte && !form.file) {
          const message = 'Écrivez un texte ou joignez une photo.';
          throw badRequest(message, { texte: [message] });
        }
        if (!(await repo.lieuExists(db, lieuId))) {
          const message = `Aucun lieu ne porte l'identifiant ${lieuId}.`;
          throw badRequest(message, { lieu: [message] });
        }
        const photo = form.file
          ? await reencodeImage(form.file.data, { maxSide: PUBLICATION_PHOTO_MAX_PX, field: 'photo' })
          : null;
        await limiter.consume(perUser, `user:${author.id}`, reply);
        const now = deps.now();
        const releves = await repo.releves(db, lieuId, now);
        const stored = photo ? await saveUpload(deps.env.DATA_DIR, 'publications', photo) : null;
        let id: number;
        try {
          id = await db.transaction().execute((trx) =>
            repo.insertPublication(trx, {
              userId: author.id,
              username: author.username,
              lieuId,
              texte,
              photo: stored,
              releves,
              now,
            }),
          );
        } catch (err) {
          await removeUploads(deps.env.DATA_DIR, [stored]);
          throw err;
        }
        const created = await repo.getPublication(db, id);
        if (!created) throw notFound();
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
        const author = request.authUser as AuthUser;
        const { id } = request.params;
        const row = await repo.publicationOwner(db, id);
        if (!row) throw notFound(`Aucune publication ne porte l'identifiant ${id}.`);
        if (row.user_id !== author.id) {
          throw forbidden('Vous ne pouvez supprimer que vos propres publications.');
        }
        await db.transaction().execute((trx) => repo.deletePublication(trx, id));
        await removeUploads(deps.env.DATA_DIR, [row.photo]);
        return { status: 200 as const };
      },
    );
  };
}
