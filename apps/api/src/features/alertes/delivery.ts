/**
 * Delivery of alert notifications through the outbox `notification_envoi` (docs/decisions/057): one row per
 * notification and channel (e-mail, Web Push), claimed atomically by one worker (status `en_cours` with a lease,
 * so several processes never send the same row), sent, then marked `envoye`; a failure is logged and retried
 * with backoff (30 s, 2 min, 10 min, 30 min, 1 h, 2 h), after the last attempt the row stays `echec` with its
 * error. Push retries skip the browsers already reached. The user's preferences are checked again at sending
 * time (`annule` when the channel was switched off meanwhile).
 */
import type { Kysely } from 'kysely';
import { parseNotificationPrefs } from '@limni/shared/domain/alertes';
import type { Database, StatutEnvoi } from '../../db/schema';
import type { Mailer } from '../../notify/mail';
import type { PushService } from '../../notify/push';
import * as repo from './delivery.repo';
import type { AlertLogger } from './evaluation';
import { alertMail, alertPush, langueCompte } from './notification-texts';
import { stopUrl } from './stop-link';

/** Wait before attempt n + 1 after attempt n failed. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000] as const;
export const MAX_TENTATIVES = RETRY_DELAYS_MS.length + 1;
/** How long a claimed row is held by its worker before another may take it over. */
export const LEASE_MS = 2 * 60_000;

export interface DeliveryDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  push: PushService;
  publicUrl: string;
  /** HMAC key of the stop links (secrets.alertKey). */
  alertKey: Buffer;
  now?: () => number;
  log?: AlertLogger;
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

  private async pass(): Promise<DeliveryReport> {
    const report: DeliveryReport = { envoyes: 0, reessais: 0, echecs: 0, autres: 0 };
    const { db } = this.deps;
    for (;;) {
      const due = await repo.dueDeliveryIds(db, this.now(), 200);
      if (due.length === 0) return report;
      let claimedAny = false;
      for (const id of due) {
        if (this.stopped) return report;
        const t = this.now();
        if (!(await repo.claimDelivery(db, id, t, t + LEASE_MS))) continue;
        claimedAny = true;
        const outcome = await this.deliverOne(id);
        report[outcome]++;
      }
      if (!claimedAny) return report;
    }
  }

  private async deliverOne(id: number): Promise<keyof DeliveryReport> {
    const row = await repo.deliveryToSend(this.deps.db, id);
    if (!row) return 'autres';
    const prefs = parseNotificationPrefs(row.notifications);
    const wanted = row.canal === 'email' ? prefs.email && row.email_verified === 1 : prefs.push;
    if (!wanted) {
      await this.finish(id, 'annule', null);
      return 'autres';
    }
    try {
      if (row.canal === 'email') {
        await this.sendMail(row);
        await this.finish(id, 'envoye', null);
        return 'envoyes';
      }
      const done = await this.sendPush(row);
      const statut: StatutEnvoi = done.ok.length > 0 ? 'envoye' : 'sans_destinataire';
      await this.finish(id, statut, null, done);
      return statut === 'envoye' ? 'envoyes' : 'autres';
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
  private async sendPush(row: repo.DeliveryToSend): Promise<PushDone> {
    const done = parseDone(row.faits);
    const res = await this.deps.push.deliver(
      row.user_id,
      alertPush({ id: row.notification_id, titre: row.titre, message: row.message, lien: row.lien }),
      { skip: [...done.ok, ...done.retires] },
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
  private async failed(row: repo.DeliveryToSend, err: unknown): Promise<keyof DeliveryReport> {
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
