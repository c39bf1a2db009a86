/**
 * Rate limits counted in the database (docs/decisions/033), so that they hold across API instances and restarts:
 * failed sign-ins per IP and per account, registrations and reset requests per IP, … Each event is a row of
 * `rate_event` (bucket, hashed key, time); a rule allows `max` events per sliding `windowMs`.
 */
import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from './errors';

export interface LimitRule {
  bucket: string;
  max: number;
  windowMs: number;
}

/** Rows older than this are deleted from time to time (longer than every window). */
const RETENTION_MS = 24 * 3600 * 1000;

export const hashKey = (key: string): string =>
  crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32);

export function rateLimited(retryAfterS: number): AppError {
  return new AppError(
    429,
    'rate_limited',
    `Trop de tentatives. Merci de réessayer dans ${retryAfterS} s${retryAfterS >= 120 ? ` (environ ${Math.ceil(retryAfterS / 60)} min)` : ''}.`,
  );
}

export class RateLimiter {
  private calls = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Events of `key` in the rule's window, and the oldest one's time. */
  private async window(rule: LimitRule, key: string): Promise<{ count: number; oldest: number | null }> {
    const row = await this.db
      .selectFrom('rate_event')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('ts').as('oldest')])
      .where('bucket', '=', rule.bucket)
      .where('key', '=', hashKey(key))
      .where('ts', '>', this.now() - rule.windowMs)
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
  }

  /**
   * Counts one event of `key` and answers 429 (with Retry-After) when it goes beyond the rule; the refused event
   * is not kept. Recording before counting keeps concurrent requests from slipping past the limit together.
   * Returns the event's id, for `release`.
   */
  async consume(rule: LimitRule, key: string, reply?: FastifyReply): Promise<number> {
    const ts = this.now();
    const { id } = await this.db
      .insertInto('rate_event')
      .values({ bucket: rule.bucket, key: hashKey(key), ts })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (++this.calls % 50 === 0) {
      await this.db
        .deleteFrom('rate_event')
        .where('ts', '<', ts - RETENTION_MS)
        .execute();
    }
    const { count, oldest } = await this.window(rule, key);
    if (count > rule.max) {
      await this.release(id);
      const s = Math.max(1, Math.ceil(((oldest ?? ts) + rule.windowMs - this.now()) / 1000));
      reply?.header('retry-after', String(s));
      throw rateLimited(s);
    }
    return id;
  }

  /** Takes back one event (a sign-in that succeeded does not count as a failure). */
  async release(eventId: number): Promise<void> {
    await this.db.deleteFrom('rate_event').where('id', '=', eventId).execute();
  }

  /** Forgets the events of `key` (e.g. an account's failed sign-ins after its password was reset). */
  async clear(rule: LimitRule, key: string): Promise<void> {
    await this.db
      .deleteFrom('rate_event')
      .where('bucket', '=', rule.bucket)
      .where('key', '=', hashKey(key))
      .execute();
  }
}
