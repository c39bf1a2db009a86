/**
 * Contracts of the profile API (docs/requirements.md R5.2, R10.6): `user/profile` (with the places followed, whose paths are in
 * alertes.ts), `user/avatar`, mailing lists (`user/toggle-liste-sib`), push registrations (`user/edit-push`)
 * and the server's VAPID public key (`push/vapid-public-key`).
 */
import * as z from 'zod/mini';
import { isIsoDay } from '../domain/time';
import { AbonnementLieu } from './alertes';
import { ListeSib } from './communication';

/** Largest avatar accepted (before re-encoding). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Side of the square WebP an avatar is re-encoded to. */
export const AVATAR_SIZE_PX = 512;
/** Image formats accepted for avatars and publication photos. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;

/** A mailing list and whether the user is on it. */
export const ListeSibEtat = z.extend(ListeSib, { inscrit: z.boolean() });
export type ListeSibEtat = z.infer<typeof ListeSibEtat>;

/** A permission held by the user (1 = "Prévisions": forecast viewing, canViewPrevision of docs/requirements.md R9.3). */
export const AutorisationRef = z.object({ id: z.int(), nom: z.string() });
export type AutorisationRef = z.infer<typeof AutorisationRef>;

/** How the user wants to be told about their followed places (alerts): by e-mail, by push. */
export const NotificationPrefs = z.object({ email: z.boolean(), push: z.boolean() });
export type NotificationPrefs = z.infer<typeof NotificationPrefs>;

export const Profile = z.object({
  lieux: z.array(AbonnementLieu),
  listes_sib: z.array(ListeSibEtat),
  autorisations: z.array(AutorisationRef),
  /** URL of the avatar (square WebP), null when none. */
  avatar: z.nullable(z.string()),
  /** Date of birth `YYYY-MM-DD`, null when not given. */
  date_naissance: z.nullable(z.string()),
  acceptPrevisionAlert: z.boolean(),
  notifications: NotificationPrefs,
  /** Number of push registrations (devices) of the account. */
  nb_push: z.int(),
  /** The language of the account's e-mails and alert notifications (in-app, push, e-mail). */
  langue: z.enum(['fr', 'en']),
});
export type Profile = z.infer<typeof Profile>;

/** `POST user/profile`: every field is optional; a date of birth is a real past day (or null to erase it). */
export const ProfileUpdateBody = z.object({
  date_naissance: z.optional(
    z.nullable(
      z.string().check(
        z.refine(isIsoDay, {
          message: 'La date de naissance doit être une date réelle au format AAAA-MM-JJ.',
        }),
      ),
    ),
  ),
  acceptPrevisionAlert: z.optional(z.boolean()),
  notifications: z.optional(z.object({ email: z.optional(z.boolean()), push: z.optional(z.boolean()) })),
  /** The language of the account's e-mails and notifications (the web sends the person's choice of language). */
  langue: z.optional(z.enum(['fr', 'en'])),
});
export type ProfileUpdateBody = z.infer<typeof ProfileUpdateBody>;

/** `PUT user/avatar` (multipart, one file field `avatar`). */
export const AvatarResponse = z.object({ avatar: z.string() });
export type AvatarResponse = z.infer<typeof AvatarResponse>;

const positiveId = (message: string) => z.int().check(z.positive(message), z.maximum(2_147_483_647, message));

/** `{ liste }` of `user/toggle-liste-sib` → `{ status, listes_sib }`. */
export const ListeSibBody = z.object({
  liste: positiveId("L'identifiant de la liste doit être un entier positif."),
});
export type ListeSibBody = z.infer<typeof ListeSibBody>;
export const ToggleListeSibResponse = z.object({ status: z.literal(200), listes_sib: z.array(ListeSibEtat) });
export type ToggleListeSibResponse = z.infer<typeof ToggleListeSibResponse>;

const base64url = (what: string) =>
  z
    .string()
    .check(z.regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} doit être encodée en base64url.`), z.maxLength(200));

/** A browser's `PushSubscription.toJSON()`. */
export const WebPushRegistration = z.object({
  endpoint: z.url({ message: "L'adresse du service de notification est invalide." }).check(z.maxLength(2048)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: base64url('La clé p256dh'), auth: base64url('La clé auth') }),
});
export type WebPushRegistration = z.infer<typeof WebPushRegistration>;

export const PushType = z.enum(['web', 'android', 'ios']);
export type PushType = z.infer<typeof PushType>;

/**
 * `POST user/edit-push`: `registrationId` is, for `web`, the subscription (as JSON text or as an object); for
 * `android`/`ios`, the device token (kept for future apps). `active: false` removes the registration.
 */
export const EditPushBody = z.object({
  registrationId: z.union([z.string().check(z.minLength(1), z.maxLength(4096)), WebPushRegistration]),
  type: PushType,
  active: z.optional(z.boolean()),
});
export type EditPushBody = z.infer<typeof EditPushBody>;

/** `GET push/vapid-public-key`: the application server key for `pushManager.subscribe`. */
export const VapidPublicKeyResponse = z.object({ publicKey: z.string() });
export type VapidPublicKeyResponse = z.infer<typeof VapidPublicKeyResponse>;
