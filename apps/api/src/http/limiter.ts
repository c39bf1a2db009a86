/**
 * Rate limits counted in the database (docs/decisions/033, 064), so that they hold across API instances and
 * restarts: failed sign-ins per IP and per account, registrations and reset requests per IP, publications per
 * account, contact messages per IP… Each event is a row of `rate_event` (bucket, hashed key, time); a rule allows
 * `max` events per sliding `windowMs`. The only rate limiter of the API.
 */
import crypto from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { rateLimited } from './errors';
import * as repo from './limiter.repo';
import type { Texte } from './texte';

export interface LimitPolicy {
  bucket: string;
  max: number;
  windowMs: number;
  /** The 429's sentence for a wait of `retryAfterS` seconds; "Trop de tentatives…" by default. */
  message?: (retryAfterS: number) => Texte;
}

/** Rows older than this are deleted from time to time (longer than every window). */
const RETENTION_MS = 24 * 3600 * 1000;

/**
 * The network a client address stands for in per-address limits: an IPv4 address itself, an IPv6 address its /64
 * (one subscriber's network: anyone with one /64 has all its addresses), an IPv4-mapped IPv6 address its IPv4.
 * Behind a trusted proxy `request.ip` is the client's address, so the same holds there.
 */
export function reseauClient(ip: string): string {
  const v6 = ip.replace(/^\[|\]$/g, '').split('%')[0] ?? '';
  if (!isIPv6(v6)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(v6);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = v6.split('::');
  const left = head ? head.split(':') : [];
  const right = v6.includes('::') ? (tail ? tail.split(':') : []) : [];
  // Only the first four groups are kept: an embedded IPv4 tail (the last 32 bits) never reaches them.
  const groups = v6.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * The wider network a client stands for in shares of a common budget (the weather's daily budget,
 * docs/decisions/161): an IPv4 address its /24, an IPv6 address its /48 (one site: a /56 or /48 is what one
 * subscriber receives, and a tunnel broker hands a /48 out for free, so a /64 would make one person thousands of
 * networks). An IPv4-mapped address is its IPv4's /24; anything else stays itself.
 */
export function reseauLarge(ip: string): string {
  const reseau = reseauClient(ip);
  if (isIPv4(reseau)) return `${reseau.split('.').slice(0, 3).join('.')}.0/24`;
  if (!reseau.endsWith('::/64')) return reseau;
  return `${reseau.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`;
}

export const hashKey = (key: string): string =>
  crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32);

export class RateLimiter {
  private calls = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one event of `key` and throws a 429 `RateLimitError` (its `retryAfterS` becomes the Retry-After
   * header) when it goes beyond the rule; the refused event is not kept. Recording before counting keeps
   * concurrent requests from slipping past the limit together. Returns the event's id, for `release`.
   */
  async consume(rule: LimitPolicy, key: string): Promise<number> {
    return (await this.take(rule, key)).id;
  }

  /** `consume`, also telling how many events of `key` the window holds with this one. */
  async take(rule: LimitPolicy, key: string): Promise<{ id: number; count: number }> {
    const ts = this.now();
    const hashed = hashKey(key);
    const id = await repo.insertRateEvent(this.db, { bucket: rule.bucket, key: hashed, ts });
    if (++this.calls % 50 === 0) await repo.deleteRateEventsBefore(this.db, ts - RETENTION_MS);
    const { count, oldest } = await repo.countRateEvents(
      this.db,
      rule.bucket,
      hashed,
      this.now() - rule.windowMs,
    );
    if (count > rule.max) {
      await this.release(id);
      const s = Math.max(1, Math.ceil(((oldest ?? ts) + rule.windowMs - this.now()) / 1000));
      throw rateLimited(s, rule.message?.(s));
    }
    return { id, count };
  }

  /** Takes back one event (a sign-in that succeeded does not count as a failure). */
  async release(eventId: number): Promise<void> {
    await repo.deleteRateEvent(this.db, eventId);
  }

  /** Forgets the events of `key` (e.g. an account's failed sign-ins after its password was reset). */
  async clear(rule: LimitPolicy, key: string): Promise<void> {
    await repo.deleteRateEventsOf(this.db, rule.bucket, hashKey(key));
  }
}
