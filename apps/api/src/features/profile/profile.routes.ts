/**
 * The profile API (docs/requirements.md R5.2, R10.6): `user/profile`, `user/avatar`, mailing lists, push registrations and the
 * VAPID public key the web app subscribes with — one small group of routes each, logic in `profile.service.ts`.
 * The places followed (`user/crea-abonnement`…) are the alerts feature's (features/alertes).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StatusResponse } from '@limni/shared/contracts/account';
import {
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_PX,
  AvatarResponse,
  EditPushBody,
  ListeSibBody,
  Profile,
  ProfileUpdateBody,
  ToggleListeSibResponse,
  VapidPublicKeyResponse,
} from '@limni/shared/contracts/profile';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../http/auth';
import { ENVOI } from '../../http/messages';
import { multipartOptions, readUpload } from '../../http/multipart';
import { pushFor } from '../../notify/push';
import {
  editPush,
  getProfile,
  removeAvatar,
  replaceAvatar,
  toggleListe,
  updateProfile,
} from './profile.service';

const tags = ['profil'];
const user = (request: { authUser: AuthUser | null }) => request.authUser as AuthUser;

/** `GET, POST user/profile`. */
function profileGroup(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/profile',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary: 'Le profil : lieux suivis, listes, autorisations, avatar…',
          response: { 200: Profile },
        },
      },
      async (request) => getProfile(deps, user(request).id),
    );

    app.post(
      '/user/profile',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary:
            'Modifier le profil (date de naissance, alertes de prévision, préférences et langue des notifications)',
          body: ProfileUpdateBody,
          response: { 200: Profile },
        },
      },
      async (request) => updateProfile(deps, user(request).id, request.body),
    );
  };
}

/** `PUT, DELETE user/avatar` (multipart upload, docs/decisions/034). */
function avatarGroup(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/user/avatar',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary: 'Nouvel avatar (multipart, champ « avatar » : JPEG, PNG, WebP ou AVIF, 5 Mo au plus)',
          consumes: ['multipart/form-data'],
          response: { 200: AvatarResponse },
        },
      },
      async (request) => {
        const form = await readUpload(request, {
          fileField: 'avatar',
          maxFileBytes: AVATAR_MAX_BYTES,
          what: ENVOI.avatar,
        });
        return { avatar: await replaceAvatar(deps, user(request).id, form.file, AVATAR_SIZE_PX) };
      },
    );

    app.delete(
      '/user/avatar',
      {
        preHandler: app.auth.requireUser,
        schema: { tags, summary: 'Retirer l’avatar', response: { 200: StatusResponse } },
      },
      async (request) => {
        await removeAvatar(deps, user(request).id);
        return { status: 200 as const };
      },
    );
  };
}

/** `user/toggle-liste-sib`. */
function listesGroup(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/user/toggle-liste-sib',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary: 'S’inscrire à une liste de diffusion ou s’en désinscrire',
          body: ListeSibBody,
          response: { 200: ToggleListeSibResponse },
        },
      },
      async (request) => ({
        status: 200 as const,
        listes_sib: await toggleListe(deps, user(request).id, request.body.liste),
      }),
    );
  };
}

/** `user/edit-push` and `push/vapid-public-key` (docs/decisions/036). */
function pushGroup(deps: AppDeps): FastifyPluginAsyncZod {
  const push = pushFor(deps);
  return async (app) => {
    app.post(
      '/user/edit-push',
      {
        preHandler: app.auth.requireUser,
        schema: {
          tags,
          summary:
            'Enregistrer (ou retirer avec active: false) un abonnement Web Push ou un identifiant d’appareil Android/iOS',
          body: EditPushBody,
          response: { 200: StatusResponse },
        },
      },
      async (request) => {
        await editPush(deps, push, user(request).id, request.body);
        return { status: 200 as const };
      },
    );

    app.get(
      '/push/vapid-public-key',
      {
        config: { cache: 'public' },
        schema: {
          tags,
          summary: 'Clé publique VAPID du serveur (applicationServerKey de pushManager.subscribe)',
          response: { 200: VapidPublicKeyResponse },
        },
      },
      async () => ({ publicKey: await push.publicKey() }),
    );
  };
}

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, multipartOptions(AVATAR_MAX_BYTES));
    await app.register(profileGroup(deps));
    await app.register(avatarGroup(deps));
    await app.register(listesGroup(deps));
    await app.register(pushGroup(deps));
  };
}
