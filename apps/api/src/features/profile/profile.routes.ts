/**
 * The profile API of the spec (§3, §7): `user/profile`, `user/avatar`, subscriptions to places, mailing lists,
 * push registrations, and the VAPID public key the web app subscribes with.
 */
import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { StatusResponse } from '@limni/shared/contracts/account';
import {
  AbonnementsResponse,
  AVATAR_MAX_BYTES,
  AVATAR_SIZE_PX,
  AvatarResponse,
  EditPushBody,
  LieuBody,
  ListeSibBody,
  Profile,
  ProfileUpdateBody,
  ToggleListeSibResponse,
  VapidPublicKeyResponse,
  WebPushSubscription,
  type PushType,
} from '@limni/shared/contracts/profile';
import { parisDay } from '@limni/shared/domain/time';
import type { AppDeps } from '../../app';
import { reencodeImage, removeUploads, saveUpload, uploadUrl } from '../../data/uploads';
import type { AuthUser } from '../../http/auth';
import { badRequest, conflict, notFound } from '../../http/errors';
import { multipartOptions, readUpload } from '../../http/multipart';
import { createDefaultRules } from '../../notify/alert-rules';
import { pushFor } from '../../notify/push';
import * as repo from './profile.repo';

const tags = ['profil'];
/** Places one account may follow. */
export const MAX_ABONNEMENTS = 200;
const OLDEST_BIRTH_DAY = '1900-01-01';

const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('base64url');
const base64urlLength = (v: string) => Buffer.from(v, 'base64url').length;

/** The canonical registration of `edit-push` and the key it is stored under; 400 when unusable. */
function normalizeRegistration(
  type: PushType,
  registrationId: string | z.infer<typeof WebPushSubscription>,
  isAllowedEndpoint: (endpoint: string) => boolean,
): { registrationId: string; hash: string } {
  const invalid = (message: string) => badRequest(message, { registrationId: [message] });
  if (type !== 'web') {
    if (typeof registrationId !== 'string' || !/^[A-Za-z0-9:_.-]{8,4096}$/.test(registrationId)) {
      throw invalid(`L'identifiant d'appareil ${type} est invalide.`);
    }
    return { registrationId, hash: sha256(`${type}:${registrationId}`) };
  }
  let candidate: unknown = registrationId;
  if (typeof registrationId === 'string') {
    try {
      candidate = JSON.parse(registrationId);
    } catch {
      throw invalid("L'abonnement Web Push doit être le JSON de PushSubscription (endpoint et keys).");
    }
  }
  const parsed = z.safeParse(WebPushSubscription, candidate);
  if (!parsed.success) {
    throw invalid(
      `Abonnement Web Push invalide : ${parsed.error.issues[0]?.message ?? 'endpoint et keys attendus'}.`,
    );
  }
  const { endpoint, keys } = parsed.data;
  if (base64urlLength(keys.p256dh) !== 65 || base64urlLength(keys.auth) !== 16) {
    throw invalid('Les clés de l’abonnement Web Push sont invalides (p256dh : 65 octets, auth : 16 octets).');
  }
  if (!isAllowedEndpoint(endpoint)) {
    throw invalid(
      "Ce service de notification n'est pas pris en charge (adresse https d'un navigateur attendue).",
    );
  }
  const canonical = JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  return { registrationId: canonical, hash: sha256(`web:${endpoint}`) };
}

export function profileRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const db = deps.db.db;
  const push = pushFor(deps);
  return async (app) => {
    await app.register(multipart, multipartOptions(AVATAR_MAX_BYTES));
    const user = (request: { authUser: AuthUser | null }) => request.authUser as AuthUser;
    const requireUser = app.auth.requireUser;

    const notSubscribed = () => notFound("Vous n'êtes pas abonné à ce lieu.");

    app.get(
      '/user/profile',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'Le profil : lieux suivis, listes, autorisations, avatar…',
          response: { 200: Profile },
        },
      },
      async (request) => repo.profile(db, user(request).id),
    );

    app.post(
      '/user/profile',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary:
            'Modifier le profil (date de naissance, alertes de prévision, préférences de notification)',
          body: ProfileUpdateBody,
          response: { 200: Profile },
        },
      },
      async (request) => {
        const { id } = user(request);
        const body = request.body;
        const changes: Parameters<typeof repo.upsertProfile>[2] = {};
        if (body.date_naissance !== undefined) {
          const day = body.date_naissance;
          if (day !== null && (day >= parisDay(deps.now()) || day < OLDEST_BIRTH_DAY)) {
            const message = `La date de naissance doit être passée (entre le ${OLDEST_BIRTH_DAY.split('-').reverse().join('/')} et hier).`;
            throw badRequest(message, { date_naissance: [message] });
          }
          changes.date_naissance = day;
        }
        if (body.acceptPrevisionAlert !== undefined) {
          changes.accept_prevision_alert = body.acceptPrevisionAlert ? 1 : 0;
        }
        if (body.notifications !== undefined) {
          const current = repo.parseNotifications((await repo.profileRow(db, id))?.notifications);
          const next = {
            email: body.notifications.email ?? current.email,
            push: body.notifications.push ?? current.push,
          };
          changes.notifications = JSON.stringify(next);
        }
        await repo.upsertProfile(db, id, changes);
        return repo.profile(db, id);
      },
    );

    app.put(
      '/user/avatar',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'Nouvel avatar (multipart, champ « avatar » : JPEG, PNG, WebP ou AVIF, 5 Mo au plus)',
          consumes: ['multipart/form-data'],
          response: { 200: AvatarResponse },
        },
      },
      async (request) => {
        const { id } = user(request);
        const form = await readUpload(request, {
          fileField: 'avatar',
          maxFileBytes: AVATAR_MAX_BYTES,
          what: "L'avatar",
        });
        if (!form.file) {
          const message = 'Joignez une image dans le champ « avatar ».';
          throw badRequest(message, { avatar: [message] });
        }
        const webp = await reencodeImage(form.file.data, { square: AVATAR_SIZE_PX, field: 'avatar' });
        const stored = await saveUpload(deps.env.DATA_DIR, 'avatars', webp);
        let previous: string | null = null;
        try {
          previous = await db.transaction().execute(async (trx) => {
            const old = (await repo.profileRow(trx, id))?.avatar ?? null;
            await repo.upsertProfile(trx, id, { avatar: stored });
            return old;
          });
        } catch (err) {
          await removeUploads(deps.env.DATA_DIR, [stored]);
          throw err;
        }
        await removeUploads(deps.env.DATA_DIR, [previous]);
        return { avatar: uploadUrl(stored) as string };
      },
    );

    app.delete(
      '/user/avatar',
      {
        preHandler: requireUser,
        schema: { tags, summary: 'Retirer l’avatar', response: { 200: StatusResponse } },
      },
      async (request) => {
        const { id } = user(request);
        const previous = await db.transaction().execute(async (trx) => {
          const old = (await repo.profileRow(trx, id))?.avatar ?? null;
          await repo.upsertProfile(trx, id, { avatar: null });
          return old;
        });
        await removeUploads(deps.env.DATA_DIR, [previous]);
        return { status: 200 as const };
      },
    );

    /** The three subscription paths: same body, same answer (the subscriptions as they are now). */
    const abonnementRoute = (
      url: string,
      summary: string,
      change: (userId: number, lieuId: number) => Promise<void>,
    ) =>
      app.post(
        url,
        {
          preHandler: requireUser,
          schema: { tags, summary, body: LieuBody, response: { 200: AbonnementsResponse } },
        },
        async (request) => {
          const { id } = user(request);
          const lieu = request.body.lieu;
          if (!(await repo.lieuExists(db, lieu))) {
            throw notFound(`Aucun lieu ne porte l'identifiant ${lieu}.`);
          }
          await change(id, lieu);
          return { status: 200 as const, lieux: await repo.abonnements(db, id) };
        },
      );

    abonnementRoute('/user/crea-abonnement', 'Suivre un lieu (abonnement actif)', async (userId, lieu) => {
      const existing = await repo.findAbonnement(db, userId, lieu);
      if (!existing && (await repo.countAbonnements(db, userId)) >= MAX_ABONNEMENTS) {
        throw conflict(
          `Vous suivez déjà ${MAX_ABONNEMENTS} lieux : arrêtez d'en suivre un avant d'en ajouter.`,
        );
      }
      await db.transaction().execute(async (trx) => {
        await repo.createAbonnement(trx, userId, lieu, deps.now());
        // A new subscription starts with the default alert rules (docs/decisions/055).
        if (!existing) await createDefaultRules(trx, userId, lieu, deps.now());
      });
    });

    abonnementRoute('/user/stop-abonnement', 'Ne plus suivre un lieu', async (userId, lieu) => {
      if (!(await repo.deleteAbonnement(db, userId, lieu))) throw notSubscribed();
    });

    abonnementRoute(
      '/user/toggle-abonnement',
      'Activer ou suspendre les notifications d’un lieu suivi',
      async (userId, lieu) => {
        const current = await repo.findAbonnement(db, userId, lieu);
        if (!current) throw notSubscribed();
        await repo.setAbonnementActif(db, userId, lieu, current.actif === 1 ? 0 : 1);
      },
    );

    app.post(
      '/user/toggle-liste-sib',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary: 'S’inscrire à une liste de diffusion ou s’en désinscrire',
          body: ListeSibBody,
          response: { 200: ToggleListeSibResponse },
        },
      },
      async (request) => {
        const { id } = user(request);
        const liste = request.body.liste;
        if (!(await repo.listeExists(db, liste))) {
          throw notFound(`Aucune liste de diffusion ne porte l'identifiant ${liste}.`);
        }
        await db.transaction().execute((trx) => repo.toggleListe(trx, id, liste));
        return { status: 200 as const, listes_sib: await repo.listesSib(db, id) };
      },
    );

    app.post(
      '/user/edit-push',
      {
        preHandler: requireUser,
        schema: {
          tags,
          summary:
            'Enregistrer (ou retirer avec active: false) un abonnement Web Push ou un identifiant d’appareil Android/iOS',
          body: EditPushBody,
          response: { 200: StatusResponse },
        },
      },
      async (request) => {
        const { id } = user(request);
        const { type, active } = request.body;
        const reg = normalizeRegistration(type, request.body.registrationId, (e) =>
          push.isAllowedEndpoint(e),
        );
        if (active === false) {
          await repo.deletePushRegistration(db, id, reg.hash);
        } else {
          await db
            .transaction()
            .execute((trx) => repo.savePushRegistration(trx, { userId: id, type, ...reg, now: deps.now() }));
        }
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
