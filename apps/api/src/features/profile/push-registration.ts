/**
 * The canonical form of a registration given to `user/edit-push` (docs/decisions/036): a browser's Web Push
 * subscription (JSON text or object, keys of the right size, endpoint of a known push service) or an Android/iOS
 * device token, and the hash it is stored under.
 */
import crypto from 'node:crypto';
import * as z from 'zod/mini';
import { WebPushRegistration, type PushType } from '@limni/shared/contracts/profile';
import { badRequest } from '../../http/errors';
import { contractText } from '../../http/messages';
import { champ, type Texte } from '../../http/texte';
import { PROFILE } from './profile.messages';

const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('base64url');
const base64urlLength = (v: string) => Buffer.from(v, 'base64url').length;

/** The registration to store and its key; 400 (field `registrationId`) when unusable. */
export function normalizeRegistration(
  type: PushType,
  registrationId: string | z.infer<typeof WebPushRegistration>,
  isAllowedEndpoint: (endpoint: string) => boolean,
): { registrationId: string; hash: string } {
  const invalid = (message: Texte) => badRequest(message, champ('registrationId', message));
  if (type !== 'web') {
    if (typeof registrationId !== 'string' || !/^[A-Za-z0-9:_.-]{8,4096}$/.test(registrationId)) {
      throw invalid(PROFILE.appareilInvalide(type));
    }
    return { registrationId, hash: sha256(`${type}:${registrationId}`) };
  }
  let candidate: unknown = registrationId;
  if (typeof registrationId === 'string') {
    try {
      candidate = JSON.parse(registrationId);
    } catch {
      throw invalid(PROFILE.webPushJson);
    }
  }
  const parsed = z.safeParse(WebPushRegistration, candidate);
  if (!parsed.success) {
    const first = parsed.error.issues[0]?.message;
    throw invalid(PROFILE.webPushInvalide(first ? contractText(first) : PROFILE.webPushAttendu));
  }
  const { endpoint, keys } = parsed.data;
  if (base64urlLength(keys.p256dh) !== 65 || base64urlLength(keys.auth) !== 16) {
    throw invalid(PROFILE.webPushCles);
  }
  if (!isAllowedEndpoint(endpoint)) {
    throw invalid(PROFILE.webPushService);
  }
  const canonical = JSON.stringify({
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.p256dh, auth: keys.auth },
  });
  return { registrationId: canonical, hash: sha256(`web:${endpoint}`) };
}
