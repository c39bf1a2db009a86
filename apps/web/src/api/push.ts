/**
 * Web Push on this browser (docs/requirements.md R5.1, R10.6, R11; docs/decisions/047):
 * - start-up (`initPush`): when notifications are allowed and this browser already holds a subscription for the
 *   signed-in person, it is sent again to the API (keeps the registration current); nothing is ever asked here;
 * - `enablePush` (a person's click): permission, the service worker `/sw.js`, `pushManager.subscribe` with the
 *   server's VAPID key, then `user/edit-push` with type `web`;
 * - `disablePush` removes the registration (API) and the subscription (browser); when a session ends on this
 *   browser, its subscription is dropped so the next person does not receive the previous one's alerts.
 * A push error shows the notification « Erreur de notification push : … »; an `edit-push` failure is only logged.
 */
import { logger } from '../lib/logger';
import { useAccount } from '../stores/account';
import { notify } from '../stores/notifications';
import { editPush, vapidPublicKey } from './profile';

export class PushError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushError';
  }
}

const SW_READY_TIMEOUT_MS = 15_000;

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export type PushPermission = NotificationPermission | 'unsupported';
export function pushPermission(): PushPermission {
  return pushSupported() ? Notification.permission : 'unsupported';
}

/** A French reason for a failure of the browser's push machinery (its own messages are English). */
export function pushErrorMessage(err: unknown): string {
  if (err instanceof PushError) return err.message;
  const name = err instanceof Error ? err.name : '';
  const raw = err instanceof Error ? err.message : String(err);
  switch (name) {
    case 'NotAllowedError':
      return 'les notifications ne sont pas autorisées pour Limni dans ce navigateur.';
    case 'AbortError':
      return `le service de notification du navigateur n’a pas pu enregistrer cet appareil (${raw}).`;
    case 'InvalidStateError':
      return 'le service worker de Limni n’est pas actif : rechargez la page puis réessayez.';
    case 'NetworkError':
      return 'le service de notification du navigateur est injoignable.';
    default:
      return raw || 'erreur inconnue.';
  }
}

/** The notification of docs/requirements.md R11: "push error" plus the message. */
export function reportPushError(err: unknown): void {
  notify(`Erreur de notification push : ${pushErrorMessage(err)}`, { kind: 'error' });
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((v, i) => v === b[i]);
}

/** The service worker registration of `/sw.js`, registered when missing, once active. */
async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new PushError('le service worker de Limni n’a pas démarré : rechargez la page.')),
      SW_READY_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function existingRegistration(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** Sends the subscription to `user/edit-push`; true when registered, a failure only logged (docs/requirements.md R11). */
async function register(sub: PushSubscription): Promise<boolean> {
  try {
    await editPush({ registrationId: JSON.stringify(sub), type: 'web' });
    useAccount.getState().setPush({ init: true, id: sub.endpoint });
    return true;
  } catch (err) {
    logger.warn('Enregistrement push (user/edit-push) refusé', err);
    useAccount.getState().setPush({ init: true, id: null });
    return false;
  }
}

/** Start-up (docs/requirements.md R7.5): never prompts; re-sends this browser's subscription when there is one. */
export async function initPush(): Promise<void> {
  const { token, setPush } = useAccount.getState();
  if (!token) return;
  if (pushPermission() !== 'granted') {
    setPush({ init: true, id: null });
    return;
  }
  try {
    const sub = await existingRegistration();
    if (!sub) {
      setPush({ init: true, id: null });
      return;
    }
    await register(sub);
  } catch (err) {
    setPush({ init: true, id: null });
    reportPushError(err);
  }
}

/**
 * Turns push on for this browser (after a click). Throws a PushError (or the browser's error) when the browser
 * cannot; resolves to false when the API refused the registration (logged only), true when done.
 */
export async function enablePush(): Promise<boolean> {
  if (!pushSupported()) {
    throw new PushError(
      'ce navigateur ne permet pas les notifications push (ou la page n’est pas sécurisée).',
    );
  }
  let permission = Notification.permission;
  if (permission === 'default') permission = await Notification.requestPermission();
  if (permission === 'denied') {
    throw new PushError(
      'les notifications sont bloquées pour Limni dans ce navigateur : autorisez-les dans les réglages du site, puis réessayez.',
    );
  }
  if (permission !== 'granted') throw new PushError('vous n’avez pas autorisé les notifications.');
  const reg = await serviceWorker();
  const { publicKey } = await vapidPublicKey();
  const key = base64UrlToBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return register(sub);
}

/** Turns push off for this browser: the API forgets the registration, the browser its subscription. */
export async function disablePush(): Promise<void> {
  const sub = await existingRegistration();
  if (sub) {
    try {
      await editPush({ registrationId: JSON.stringify(sub), type: 'web', active: false });
    } catch (err) {
      logger.warn('Retrait de l’enregistrement push (user/edit-push) refusé', err);
    }
    await sub.unsubscribe();
  }
  useAccount.getState().setPush({ init: true, id: null });
}

/** Before signing out (the token still works): the API forgets this browser's registration. */
export async function forgetPushBeforeLogout(): Promise<void> {
  try {
    const sub = await existingRegistration();
    if (sub) await editPush({ registrationId: JSON.stringify(sub), type: 'web', active: false });
  } catch (err) {
    logger.warn('Retrait de l’enregistrement push avant déconnexion refusé', err);
  }
}

/** After a session ended on this browser: its subscription goes too (the push service then forgets it). */
export async function dropBrowserRegistration(): Promise<void> {
  try {
    const sub = await existingRegistration();
    await sub?.unsubscribe();
  } catch (err) {
    logger.warn('Désabonnement push du navigateur impossible', err);
  }
}
