/**
 * Retention (docs/decisions/060): erases what the privacy notice (section 9 of `cgu`) promises not to keep, and the rows
 * that no longer serve anything. Run by the server at start-up and then once a day, and on demand by
 * `npm run admin -- purge`. Each delete is one statement: a failure leaves the other tables as they were.
 */
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect';
import type { Database } from '../db/schema';
import { pruneRawObservations, upkeepPartitions } from './raw-observations';
import * as repo from './retention.repo';

const DAY = 24 * 3600 * 1000;

/**
 * Contact messages are kept « 12 mois après le dernier échange » (privacy notice). Sessions go once they cannot be
 * refreshed any more (7 days after sign-in); e-mail verification and password-reset keys once expired (an
 * unknown, used or expired key gets the same answer, so nothing a person sees changes). Rate-limit events are
 * trimmed by the limiter itself (`http/limiter.ts`).
 */
export const CONTACT_RETENTION_MS = 365 * DAY;

export interface PurgeCounts {
  messagesContact: number;
  sessions: number;
  verificationsEmail: number;
  reinitialisations: number;
}

/** Deletes every row past its retention period at `now`; returns how many of each kind went. */
export async function purgeExpired(db: Kysely<Database>, now: number): Promise<PurgeCounts> {
  return {
    messagesContact: await repo.deleteContactMessagesBefore(db, now - CONTACT_RETENTION_MS),
    sessions: await repo.deleteSessionsExpiredAt(db, now),
    verificationsEmail: await repo.deleteEmailVerificationsExpiredAt(db, now),
    reinitialisations: await repo.deletePasswordResetsExpiredAt(db, now),
  };
}

export interface RetentionLogger {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

export interface RetentionRuntime {
  /** The pass in progress, if any (tests and shutdown wait for it). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Purges now, then every `intervalMs` (a day by default); a failed pass is logged and retried at the next tick. Each
 * pass also keeps the monthly partitions of raw readings ahead (PostgreSQL) and, on a live database, drops raw
 * readings older than 2 years once their days are archived (docs/decisions/157); an offline demo keeps its record.
 */
export function startRetention(opts: {
  db: Kysely<Database>;
  dialect?: DialectName;
  /** Whether the service is live (raw readings of a demo are never pruned). */
  isLive?: () => Promise<boolean>;
  log: RetentionLogger;
  now?: () => number;
  intervalMs?: number;
}): RetentionRuntime {
  const now = opts.now ?? Date.now;
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = running.then(async () => {
      try {
        const counts = await purgeExpired(opts.db, now());
        const total = Object.values(counts).reduce((s, c) => s + c, 0);
        if (total > 0) {
          opts.log.info({ purge: counts }, 'Données arrivées au terme de leur conservation effacées');
        }
        const dialect = opts.dialect ?? 'sqlite';
        await upkeepPartitions(opts.db, dialect, now(), opts.log);
        if (await opts.isLive?.()) {
          const r = await pruneRawObservations(opts.db, dialect, now());
          if (r.partitions.length > 0 || r.lignes > 0) {
            opts.log.info(
              { releves: r },
              'Relevés bruts de plus de 2 ans retirés (jours gardés dans l’archive)',
            );
          }
        }
      } catch (err) {
        opts.log.error({ err }, 'Purge de conservation en échec (nouvel essai au prochain passage)');
      }
    });
  };
  pass();
  const timer = setInterval(pass, opts.intervalMs ?? DAY);
  timer.unref();
  return {
    idle: () => running,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
