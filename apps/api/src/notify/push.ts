/**
 * Web Push (docs/decisions/036). The server's VAPID key pair is generated on first use and kept in the `secret`
 * table, so every instance and every restart signs with the same key (browsers bind a subscription to it).
 * `web-push` encrypts the payload (aes128gcm) and signs the VAPID JWT; the request is sent with fetch, to
 * endpoints of the known push services only (no request to arbitrary hosts chosen by a user).
 * Subscriptions the push service declares gone (404, 410) are removed.
 * At scale (docs/decisions/159): one VAPID JWT per push service (audience), signed once and reused until an hour
 * before it expires, and at most `perServiceConcurrency` requests at once to one push service from this process.
 */
import net from 'node:net';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Database } from '../db/schema';
import { deleteRegistrations, insertSecretOnce, readSecret, webRegistrations } from './push.repo';

export const VAPID_SECRET_NAME = 'vapid';

/** Push services of the browsers (Chrome/Edge/Opera/Samsung: FCM; Firefox: Mozilla; Safari: Apple; Windows). */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

/** What a notification shows (the service worker of the web app reads it). */
export interface PushMessage {
  title: string;
  body: string;
  /** Page opened when the notification is clicked (path of the web app or absolute URL). */
  url?: string;
  /** Replaces an earlier notification with the same tag. */
  tag?: string;
}

export interface PushSendResult {
  sent: number;
  /** Subscriptions removed because the push service answered 404 or 410. */
  removed: number;
  failed: number;
}

/** `deliver`: what happened to each registration, so that a retry reaches only the ones that failed. */
export interface PushDelivery extends PushSendResult {
  /** Registrations the message reached, and those removed as gone: both are done for this message. */
  sentIds: number[];
  goneIds: number[];
  /** Why the failed ones failed ("HTTP 500", "timeout"…). */
  errors: string[];
  /** Registrations of the user tried by this call. */
  tried: number;
}

/** A browser's web registration: its row id and `PushSubscription.toJSON()` as stored. */
export interface PushRegistration {
  id: number;
  registration_id: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushService {
  /** Loads (or generates and stores, once) the VAPID key pair. */
  keys(): Promise<VapidKeys>;
  /** The application server key given to `pushManager.subscribe` (base64url). */
  publicKey(): Promise<string>;
  /** True when the server may send to this endpoint (https on a known push service). */
  isAllowedEndpoint(endpoint: string): boolean;
  /** Sends the message to every web subscription of the user. */
  sendToUser(userId: number, message: PushMessage): Promise<PushSendResult>;
  /**
   * Same, registration by registration, leaving out `skip` (reached by an earlier attempt of the same message).
   * `registrations`: the user's web registrations when the caller read them already (a batch of deliveries reads
   * those of all its users in one query); else they are read here.
   */
  deliver(
    userId: number,
    message: PushMessage,
    opts?: { skip?: readonly number[]; registrations?: readonly PushRegistration[] },
  ): Promise<PushDelivery>;
}

export interface PushServiceOptions {
  db: Kysely<Database>;
  /** `MAIL_FROM` (an address is extracted for the VAPID `sub` claim). */
  mailFrom: string;
  now?: () => number;
  /** Tests only: also allow `http(s)://127.0.0.1:<port>/…` and `localhost`, where a local push service runs. */
  allowLocalEndpoints?: boolean;
  /** Time-to-live asked of the push service (seconds); default one day. */
  ttlSeconds?: number;
  timeoutMs?: number;
  /** Requests at once to one push service (origin) from this process; default PUSH_SERVICE_CONCURRENCY. */
  perServiceConcurrency?: number;
  log?: { warn: (obj: object, msg: string) => void };
}

export const PUSH_SERVICE_CONCURRENCY = 32;
/** Lifetime of a VAPID JWT (RFC 8292 allows at most 24 hours) and how long before its end a new one is signed. */
const VAPID_LIFETIME_S = 12 * 3600;
const VAPID_RENEW_S = 3600;

/** At most `max` tasks at once; the others wait in order. */
export class Limiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes to the next task directly.
      if (next) next();
      else this.running--;
    }
  }
}

/** Web Push limits a record to 4096 bytes; aes128gcm adds 86 bytes of header and 17 of padding and tag. */
export const MAX_PUSH_PAYLOAD_BYTES = 3900;

export function vapidSubject(mailFrom: string): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (mailFrom.includes('@') ? mailFrom.trim() : null);
  return `mailto:${address ?? 'ne-pas-repondre@limni.example'}`;
}

/** The JSON sent to the service worker, with the body shortened when it would not fit in a push record. */
export function pushPayload(message: PushMessage): string {
  let body = message.body;
  for (;;) {
    const json = JSON.stringify({ ...message, body });
    if (Buffer.byteLength(json) <= MAX_PUSH_PAYLOAD_BYTES || body.length === 0) return json;
    body = `${body.slice(0, Math.max(0, body.length - Math.max(16, body.length >> 3)))}…`;
  }
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || (net.isIPv4(host) && host.startsWith('127.'));
}

/**
 * `Authorization: vapid t=…, k=…` for a push service origin (the JWT audience): signed once, reused until an hour
 * before it expires (VAPID_LIFETIME_S), signed again when the key pair changed.
 */
function vapidHeaderCache(subject: string): (audience: string, vapid: VapidKeys) => string {
  const cache = new Map<string, { authorization: string; exp: number; publicKey: string }>();
  return (audience, vapid) => {
    const nowS = Math.floor(Date.now() / 1000);
    const cached = cache.get(audience);
    if (cached && cached.publicKey === vapid.publicKey && cached.exp - VAPID_RENEW_S > nowS) {
      return cached.authorization;
    }
    const exp = nowS + VAPID_LIFETIME_S;
    const headers = webpush.getVapidHeaders(
      audience,
      subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      exp,
    );
    cache.set(audience, { authorization: headers.Authorization, exp, publicKey: vapid.publicKey });
    return headers.Authorization;
  };
}

const defaultServices = new WeakMap<object, PushService>();

/**
 * The push service of the app: `deps.push` when given, else one per database created on first use (so that
 * code building AppDeps without it keeps working).
 */
export function pushFor(deps: {
  push?: PushService;
  db: { db: Kysely<Database> };
  env: { MAIL_FROM: string };
}): PushService {
  if (deps.push) return deps.push;
  let service = defaultServices.get(deps.db.db);
  if (!service) {
    service = createPushService({ db: deps.db.db, mailFrom: deps.env.MAIL_FROM });
    defaultServices.set(deps.db.db, service);
  }
  return service;
}

export function createPushService(opts: PushServiceOptions): PushService {
  const { db } = opts;
  const now = opts.now ?? Date.now;
  const subject = vapidSubject(opts.mailFrom);
  let keysPromise: Promise<VapidKeys> | null = null;

  const loadKeys = async (): Promise<VapidKeys> => {
    const read = async () => {
      const value = await readSecret(db, VAPID_SECRET_NAME);
      return value ? (JSON.parse(value) as VapidKeys) : null;
    };
    const existing = await read();
    if (existing) return existing;
    const generated = webpush.generateVAPIDKeys();
    // Two instances starting together: the first insert wins and both read it back.
    await insertSecretOnce(db, VAPID_SECRET_NAME, JSON.stringify(generated), now());
    const stored = await read();
    if (!stored) throw new Error('Clés VAPID introuvables après leur création');
    return stored;
  };

  const keys = () => {
    keysPromise ??= loadKeys().catch((err: unknown) => {
      keysPromise = null;
      throw err;
    });
    return keysPromise;
  };

  const isAllowedEndpoint = (endpoint: string): boolean => {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    if (opts.allowLocalEndpoints && isLoopback(url.hostname) && ['http:', 'https:'].includes(url.protocol)) {
      return true;
    }
    if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
    const host = url.hostname.toLowerCase();
    return PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
  };

  const vapidAuthorization = vapidHeaderCache(subject);
  const limiters = new Map<string, Limiter>();
  const limiterFor = (origin: string): Limiter => {
    let limiter = limiters.get(origin);
    if (!limiter) {
      limiter = new Limiter(opts.perServiceConcurrency ?? PUSH_SERVICE_CONCURRENCY);
      limiters.set(origin, limiter);
    }
    return limiter;
  };

  const sendOne = async (
    registration: { id: number; registration_id: string },
    payload: string,
    vapid: VapidKeys,
  ): Promise<{ outcome: 'sent' | 'gone' | 'failed'; error?: string }> => {
    let browser: webpush.PushSubscription;
    try {
      browser = JSON.parse(registration.registration_id) as webpush.PushSubscription;
    } catch {
      return { outcome: 'gone' };
    }
    if (!isAllowedEndpoint(browser.endpoint)) return { outcome: 'gone' };
    const origin = new URL(browser.endpoint).origin;
    return limiterFor(origin).run(() => post(browser, origin, payload, vapid));
  };

  /** Encrypts (at the last moment, inside the push service's limit) and posts one message. */
  const post = async (
    browser: webpush.PushSubscription,
    origin: string,
    payload: string,
    vapid: VapidKeys,
  ): Promise<{ outcome: 'sent' | 'gone' | 'failed'; error?: string }> => {
    const details = webpush.generateRequestDetails(browser, payload, {
      headers: { Authorization: vapidAuthorization(origin, vapid) },
      TTL: opts.ttlSeconds ?? 24 * 3600,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ?? undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 404 || res.status === 410) return { outcome: 'gone' };
      if (res.status >= 200 && res.status < 300) return { outcome: 'sent' };
      opts.log?.warn(
        { status: res.status, host: new URL(details.endpoint).host },
        'Notification push refusée',
      );
      return { outcome: 'failed', error: `HTTP ${res.status}` };
    } catch (err) {
      opts.log?.warn({ err: (err as Error).message }, 'Notification push non envoyée');
      return { outcome: 'failed', error: (err as Error).message };
    }
  };

  const deliver = async (
    userId: number,
    message: PushMessage,
    o: { skip?: readonly number[]; registrations?: readonly PushRegistration[] } = {},
  ): Promise<PushDelivery> => {
    const skip = new Set(o.skip ?? []);
    const registrations = (o.registrations ?? (await webRegistrations(db, userId))).filter(
      (r) => !skip.has(r.id),
    );
    const result: PushDelivery = {
      sent: 0,
      removed: 0,
      failed: 0,
      sentIds: [],
      goneIds: [],
      errors: [],
      tried: 0,
    };
    if (registrations.length === 0) return result;
    const vapid = await keys();
    const payload = pushPayload(message);
    const outcomes = await Promise.all(registrations.map((r) => sendOne(r, payload, vapid)));
    const gone = registrations.filter((_r, i) => outcomes[i]?.outcome === 'gone').map((r) => r.id);
    await deleteRegistrations(db, gone);
    result.tried = registrations.length;
    result.sent = outcomes.filter((o) => o.outcome === 'sent').length;
    result.failed = outcomes.filter((o) => o.outcome === 'failed').length;
    result.removed = gone.length;
    result.sentIds = registrations.filter((_r, i) => outcomes[i]?.outcome === 'sent').map((r) => r.id);
    result.goneIds = gone;
    result.errors = outcomes.flatMap((o) => (o.error ? [o.error] : []));
    return result;
  };

  return {
    keys,
    publicKey: async () => (await keys()).publicKey,
    isAllowedEndpoint,
    async sendToUser(userId, message) {
      const { sent, removed, failed } = await deliver(userId, message);
      return { sent, removed, failed };
    },
    deliver,
  };
}
