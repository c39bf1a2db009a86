/**
 * The profile (docs/requirements.md R5.2, R10.6): preferences and date of birth, the avatar file, mailing lists, push registrations.
 * The places followed are listed here but owned by the alerts feature (features/alertes, docs/decisions/068).
 */
import type { EditPushBody, ProfileUpdateBody, Profile } from '@limni/shared/contracts/profile';
import type { ListeSibEtat } from '@limni/shared/contracts/profile';
import { parseNotificationPrefs } from '@limni/shared/domain/alertes';
import { parisDay } from '@limni/shared/domain/time';
import type { AppDeps } from '../../deps';
import { reencodeImage, removeUploads, saveUpload, uploadUrl } from '../../data/uploads';
import { badRequest, forbidden, notFound } from '../../http/errors';
import type { UploadedFile } from '../../http/multipart';
import type { PushService } from '../../notify/push';
import { deleteRegistration, saveRegistration } from '../../notify/push.repo';
import { normalizeRegistration } from './push-registration';
import * as repo from './profile.repo';
import { inconnu } from '../../http/messages';
import { champ } from '../../http/texte';
import { PROFILE } from './profile.messages';

export type ProfileDeps = Pick<AppDeps, 'db' | 'env' | 'now'>;

const OLDEST_BIRTH_DAY = '1900-01-01';
/** The forecast authorisation (seed `autorisations`). */
const AUTORISATION_PREVISIONS = 1;

export async function getProfile(deps: ProfileDeps, userId: number): Promise<Profile> {
  return repo.profile(deps.db.db, userId);
}

/**
 * `POST user/profile`: each given field changes; a date of birth is a past day since 1900; `langue` is the language
 * of the account's e-mails and notifications.
 */
export async function updateProfile(
  deps: ProfileDeps,
  userId: number,
  body: ProfileUpdateBody,
): Promise<Profile> {
  const db = deps.db.db;
  const changes: Parameters<typeof repo.upsertProfile>[2] = {};
  if (body.date_naissance !== undefined) {
    const day = body.date_naissance;
    if (day !== null && (day >= parisDay(deps.now()) || day < OLDEST_BIRTH_DAY)) {
      const message = PROFILE.naissancePassee(OLDEST_BIRTH_DAY);
      throw badRequest(message, champ('date_naissance', message));
    }
    changes.date_naissance = day;
  }
  if (body.acceptPrevisionAlert !== undefined) {
    // A forecast alert can only fire for a user allowed to see forecasts (authorisation 1): refuse a switch that
    // would be stored `true` and never fire. Turning it off is always allowed.
    if (body.acceptPrevisionAlert && !(await repo.hasAutorisation(db, userId, AUTORISATION_PREVISIONS))) {
      throw forbidden(PROFILE.previsionsReservees);
    }
    changes.accept_prevision_alert = body.acceptPrevisionAlert ? 1 : 0;
  }
  if (body.notifications !== undefined) {
    const current = parseNotificationPrefs((await repo.profileRow(db, userId))?.notifications);
    const next = {
      email: body.notifications.email ?? current.email,
      push: body.notifications.push ?? current.push,
    };
    changes.notifications = JSON.stringify(next);
  }
  await repo.upsertProfile(db, userId, changes);
  // The person's choice of language in the app: their e-mails and alerts follow it (docs/decisions/146).
  if (body.langue !== undefined) await repo.setUserLangue(db, userId, body.langue);
  return repo.profile(db, userId);
}

/** A new avatar: re-encoded, stored, then the previous file removed (the new one too if the row cannot change). */
export async function replaceAvatar(
  deps: ProfileDeps,
  userId: number,
  file: UploadedFile | null,
  squarePx: number,
): Promise<string> {
  if (!file) {
    throw badRequest(PROFILE.avatarManquant, champ('avatar', PROFILE.avatarManquant));
  }
  const webp = await reencodeImage(file.data, { square: squarePx, field: 'avatar' });
  const stored = await saveUpload(deps.env.DATA_DIR, 'avatars', webp);
  let previous: string | null = null;
  try {
    previous = await repo.replaceAvatar(deps.db.db, userId, stored);
  } catch (err) {
    await removeUploads(deps.env.DATA_DIR, [stored]);
    throw err;
  }
  await removeUploads(deps.env.DATA_DIR, [previous]);
  return uploadUrl(stored) as string;
}

export async function removeAvatar(deps: ProfileDeps, userId: number): Promise<void> {
  const previous = await repo.replaceAvatar(deps.db.db, userId, null);
  await removeUploads(deps.env.DATA_DIR, [previous]);
}

/** Joins or leaves a mailing list: every list with the user's state afterwards. */
export async function toggleListe(deps: ProfileDeps, userId: number, liste: number): Promise<ListeSibEtat[]> {
  const db = deps.db.db;
  if (!(await repo.listeExists(db, liste))) {
    throw notFound(inconnu('liste', liste));
  }
  await repo.toggleListe(db, userId, liste);
  return repo.listesSib(db, userId);
}

/** `user/edit-push`: stores the registration (or removes it with `active: false`). */
export async function editPush(
  deps: ProfileDeps,
  push: Pick<PushService, 'isAllowedEndpoint'>,
  userId: number,
  body: EditPushBody,
): Promise<void> {
  const reg = normalizeRegistration(body.type, body.registrationId, (e) => push.isAllowedEndpoint(e));
  if (body.active === false) {
    await deleteRegistration(deps.db.db, userId, reg.hash);
  } else {
    await saveRegistration(deps.db.db, { userId, type: body.type, ...reg, now: deps.now() });
  }
}
