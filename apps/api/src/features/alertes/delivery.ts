/**
 * Delivery of alert notifications through the outbox `notification_envoi` (docs/decisions/057, 159): one row per
 * notification and channel (e-mail, Web Push), claimed atomically by one worker in batches (status `en_cours`
 * with a lease, so several processes never send the same row), sent with a bounded number of sends at once,
 * then marked `envoye` (a batch of outcomes per statement); a failure is logged and retried with backoff (30 s,
 * 2 min, 10 min, 30 min, 1 h, 2 h), after the last attempt the row stays `echec` with its error. Push retries
 * skip the browsers already reached. The user's preferences are read again when the row is claimed, just before
 * it is sent (`annule` when the channel was switched off meanwhile).
 */
import type { Kysely } from 'kysely';
import { parseNotificationPrefs } from '@limni/shared/domain/alertes';
import type { Database, StatutEnvoi } from '../../db/schema';
import type { Mailer } from '../../notify/mail';
import type { PushRegistration, PushService } from '../../notify/push';
import { LoopGate } from '../../lib/loop-gate';
import * as repo from './delivery.repo';
import type { AlertLogger } from './evaluation';
import { alertMail, alertPush, langueCompte } from './notification-texts';
import { stopUrl } from './stop-link';

/** Wait before attempt n + 1 after attempt n failed. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000] as const;
export const MAX_TENTATIVES = RETRY_DELAYS_MS.length + 1;
/** How long a claimed row is held by its worker before another may take it over. */
export const LEASE_MS = 2 * 60_000;
/** A claimed row whose send would start less than this before its lease ends is given back untried. */
export const LEASE_MARGIN_MS = 30_000;
/** Rows claimed by one statement. */
export const CLAIM_BATCH = 100;
/** Push rows a worker sends at once (each to a user's browsers). */
export const SEND_CONCURRENCY = 48;
/** E-mail rows a worker hands to its SMTP pool at once (a few per connection: the next is ready when one ends). */
export const MAIL_CONCURRENCY = 16;
/** Event-loop lateness above which sends wait, so that the instance's requests keep their latency (ADR 162). */
export const MAX_LOOP_LAG_MS = 10;
/** Finished rows written by one statement; fewer when no send is running. */
const RECORD_BATCH = 100;

export interface DeliveryDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  push: PushService;
  publicUrl: string;
  /** HMAC key of the stop links (secrets.alertKey). */
  alertKey: Buffer;
  now?: () => number;
  log?: AlertLogger;
  /** Rows claimed by one statement (CLAIM_BATCH). */
  claimBatch?: number;
  /** Event-loop lateness above which sends wait (MAX_LOOP_LAG_MS); `null`: no gate, for a loop that serves no
   * request (the delivery thread, docs/decisions/163). */
  maxLoopLagMs?: number | null;
  /** Rows sent at once by this worker, per channel (SEND_CONCURRENCY; e-mail at most MAIL_CONCURRENCY). */
  concurrency?: number;
}

export interface DeliveryReport {
  envoyes: number;
  /** Failed this time, to be retried. */
  reessais: number;
  /** Given up after the last attempt. */
  echecs: number;
  /** Nothing to do (no browser registered, channel switched off). */
  autres: number;
}

interface PushDone {
  ok: number[];
  retires: number[];
}

const parseDone = (json: string): PushDone => {
  try {
    const v = JSON.parse(json) as Partial<PushDone>;
    return { ok: Array.isArray(v.ok) ? v.ok : [], retires: Array.isArray(v.retires) ? v.retires : [] };
  } catch {
    return { ok: [], retires: [] };
  }
};

class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly faits?: PushDone,
  ) {
    super(message);
  }
}

export class AlertDelivery {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<DeliveryReport> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: DeliveryDeps) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  /** Sends every row that is due now (one pass; concurrent calls share the running pass). */
  deliverDue(): Promise<DeliveryReport> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.deliverDue();
      }
    });
    return this.running;
  }

  /** Rows not finished yet and the earliest next attempt among them. */
  pending(): Promise<{ count: number; next: number | null }> {
    return repo.pendingDeliveries(this.deps.db);
  }

  /** Runs a pass every `intervalMs` (retries come due) until `stop()`. */
  start(intervalMs = 15_000): void {
    this.stopped = false;
    const tick = () => {
      this.timer = setTimeout(() => {
        this.deliverDue()
          .catch((err: unknown) =>
            this.deps.log?.error(
              { err: err instanceof Error ? err.message : String(err) },
              'Envoi des alertes en échec',
            ),
          )
          .finally(() => {
            if (!this.stopped) tick();
          });
      }, intervalMs);
      this.timer.unref();
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /**
   * Claims batches of due rows and sends them until none is left to claim, in two lanes — e-mail and push — each
   * claiming its own channel's rows and sending `concurrency` of them at a time (e-mail at most MAIL_CONCURRENCY:
   * the SMTP pool queues the rest), so that a slow channel does not hold the other back. The next batch is
   * claimed while the current one is still being sent. Finished rows are written by batches; a retry or an
   * abandon is written at once.
   */
  private async pass(): Promise<DeliveryReport> {
    const report: DeliveryReport = { envoyes: 0, reessais: 0, echecs: 0, autres: 0 };
    const { db } = this.deps;
    const batch = this.deps.claimBatch ?? CLAIM_BATCH;
    const concurrency = this.deps.concurrency ?? SEND_CONCURRENCY;
    let finished: repo.FinishedDelivery[] = [];
    let writing: Promise<void> = Promise.resolve();
    let active = 0;
    const gate =
      this.deps.maxLoopLagMs === null ? null : new LoopGate(this.deps.maxLoopLagMs ?? MAX_LOOP_LAG_MS);

    const flush = () => {
      if (finished.length === 0) return writing;
      const rows = finished;
      finished = [];
      // One write at a time, in order; a failed write does not keep the later ones from being tried.
      const write = writing.catch(() => undefined).then(() => repo.recordFinished(db, rows, this.now()));
      writing = write;
      return write;
    };
    const lane = async (canal: 'email' | 'push', senders: number) => {
      const queue: Array<{
        row: repo.DeliveryToSend;
        leaseUntil: number;
        registrations?: readonly PushRegistration[];
      }> = [];
      let exhausted = false;
      let claiming: Promise<void> | null = null;
      const claim = async () => {
        const t = this.now();
        const leaseUntil = t + LEASE_MS;
        const ids = await repo.claimDeliveries(db, t, leaseUntil, batch, canal);
        if (ids.length === 0) {
          exhausted = true;
          return;
        }
        const rows = await repo.deliveriesToSend(db, ids);
        // Push: the browsers of the whole batch in one query, not one per row.
        const browsers =
          canal === 'push'
            ? await repo.webRegistrationsOf(
                db,
                rows.map((r) => r.user_id),
              )
            : null;
        for (const row of rows) {
          queue.push({
            row,
            leaseUntil,
            registrations: browsers ? (browsers.get(row.user_id) ?? []) : undefined,
          });
        }
      };
      const sender = async () => {
        for (;;) {
          if (this.stopped) return;
          if (queue.length <= batch / 2 && !exhausted) {
            claiming ??= claim().finally(() => {
              claiming = null;
            });
            if (queue.length === 0) await claiming;
          }
          const next = queue.shift();
          if (!next) {
            if (exhausted || this.stopped) return;
            continue;
          }
          if (this.now() > next.leaseUntil - LEASE_MARGIN_MS) {
            await repo.releaseDeliveries(db, [next.row.id], this.now());
            continue;
          }
          // Requests first: while the event loop runs late, the next send waits (docs/decisions/162).
          await gate?.pass();
          active++;
          try {
            const outcome = await this.deliverOne(next.row, next.registrations);
            if (typeof outcome === 'string') report[outcome]++;
            else {
              finished.push(outcome.finished);
              report[outcome.report]++;
            }
          } finally {
            active--;
          }
          if (finished.length >= RECORD_BATCH || active === 0) await flush();
        }
      };
      try {
        await Promise.all(Array.from({ length: senders }, sender));
      } finally {
        await claiming;
        // Claimed but not sent (stop() was called): waiting again, for this worker or another.
        const untried = queue.splice(0).map((q) => q.row.id);
        if (untried.length > 0) await repo.releaseDeliveries(db, untried, this.now());
      }
    };
    // Both lanes end before the pass does, even when one of them failed (the error is thrown after).
    const lanes = await Promise.allSettled([
      lane('push', concurrency),
      lane('email', Math.min(concurrency, MAIL_CONCURRENCY)),
    ]).finally(() => gate?.close());
    await flush();
    for (const l of lanes) if (l.status === 'rejected') throw l.reason;
    return report;
  }

  /** A claimed row: sent, or given up (preferences), or failed; finished rows are written by the caller. */
  private async deliverOne(
    row: repo.DeliveryToSend,
    registrations?: readonly PushRegistration[],
  ): Promise<
    | { finished: repo.FinishedDelivery; report: keyof DeliveryReport }
    | Exclude<keyof DeliveryReport, 'envoyes' | 'autres'>
  > {
    const id = row.id;
    const prefs = parseNotificationPrefs(row.notifications);
    const wanted = row.canal === 'email' ? prefs.email && row.email_verified === 1 : prefs.push;
    if (!wanted) return { finished: { id, statut: 'annule' }, report: 'autres' };
    try {
      if (row.canal === 'email') {
        await this.sendMail(row);
        return { finished: { id, statut: 'envoye' }, report: 'envoyes' };
      }
      const done = await this.sendPush(row, registrations);
      const statut = done.ok.length > 0 ? 'envoye' : 'sans_destinataire';
      return {
        finished: { id, statut, faits: JSON.stringify(done) },
        report: statut === 'envoye' ? 'envoyes' : 'autres',
      };
    } catch (err) {
      return this.failed(row, err);
    }
  }

  /** The e-mail: the notification, the rule, the place link and the signed stop link (also as List-Unsubscribe). */
  private async sendMail(row: repo.DeliveryToSend): Promise<void> {
    const stop =
      row.regle_id !== null && row.regle_user_id !== null && row.regle_created_at !== null
        ? stopUrl(this.deps.publicUrl, this.deps.alertKey, {
            id: row.regle_id,
            user_id: row.regle_user_id,
            created_at: row.regle_created_at,
          })
        : null;
    const mail = alertMail({
      username: row.username,
      notification: row,
      regle:
        row.regle_type !== null
          ? {
              type: row.regle_type,
              grandeur: row.grandeur,
              seuil: row.seuil,
              seuil2: row.seuil2,
              horizon_h: row.horizon_h,
            }
          : null,
      publicUrl: this.deps.publicUrl,
      stopUrl: stop,
      langue: langueCompte(row.langue),
    });
    await this.deps.mailer.send({
      to: row.email,
      ...mail,
      headers: stop
        ? { 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined,
    });
  }

  /** The push, browser by browser, leaving out those an earlier attempt reached; throws when one failed. */
  private async sendPush(
    row: repo.DeliveryToSend,
    registrations?: readonly PushRegistration[],
  ): Promise<PushDone> {
    const done = parseDone(row.faits);
    const res = await this.deps.push.deliver(
      row.user_id,
      alertPush({ id: row.notification_id, titre: row.titre, message: row.message, lien: row.lien }),
      { skip: [...done.ok, ...done.retires], ...(registrations ? { registrations } : {}) },
    );
    const next: PushDone = { ok: [...done.ok, ...res.sentIds], retires: [...done.retires, ...res.goneIds] };
    if (res.failed > 0) {
      throw new DeliveryFailure(
        `${res.failed} navigateur(s) sur ${res.tried} en échec : ${[...new Set(res.errors)].join(', ')}`,
        next,
      );
    }
    return next;
  }

  /** A failed attempt: retried with backoff, or given up after the last one. */
  private async failed(row: repo.DeliveryToSend, err: unknown): Promise<'reessais' | 'echecs'> {
    const id = row.id;
    const message = err instanceof Error ? err.message : String(err);
    const faits = err instanceof DeliveryFailure ? err.faits : undefined;
    if (row.tentatives >= MAX_TENTATIVES) {
      this.deps.log?.error(
        { envoi: id, canal: row.canal, tentatives: row.tentatives, err: message },
        `Alerte non délivrée (${row.canal}) après ${row.tentatives} tentatives : abandon`,
      );
      await this.finish(id, 'echec', message, faits);
      return 'echecs';
    }
    const delay = RETRY_DELAYS_MS[Math.min(row.tentatives, RETRY_DELAYS_MS.length) - 1] ?? 30_000;
    this.deps.log?.warn(
      { envoi: id, canal: row.canal, tentative: row.tentatives, delaiMs: delay, err: message },
      `Alerte non délivrée (${row.canal}) : nouvel essai programmé`,
    );
    await repo.recordDelivery(this.deps.db, id, {
      statut: 'en_attente',
      prochain_essai: this.now() + delay,
      derniere_erreur: message.slice(0, 1000),
      ...(faits ? { faits: JSON.stringify(faits) } : {}),
    });
    return 'reessais';
  }

  private async finish(
    id: number,
    statut: StatutEnvoi,
    error: string | null,
    faits?: PushDone,
  ): Promise<void> {
    await repo.recordDelivery(this.deps.db, id, {
      statut,
      derniere_erreur: error?.slice(0, 1000) ?? null,
      ...(statut === 'envoye' ? { envoye_at: this.now() } : {}),
      ...(faits ? { faits: JSON.stringify(faits) } : {}),
    });
  }
}
