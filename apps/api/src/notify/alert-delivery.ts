/**
 * Delivery of alert notifications through the outbox `notification_envoi` (docs/decisions/057): one row per
 * notification and channel (e-mail, Web Push), claimed atomically by one worker (status `en_cours` with a lease,
 * so several processes never send the same row), sent, then marked `envoye`; a failure is logged and retried
 * with backoff (30 s, 2 min, 10 min, 30 min, 1 h, 2 h), after the last attempt the row stays `echec` with its
 * error. Push retries skip the browsers already reached. The user's preferences are checked again at sending
 * time (`annule` when the channel was switched off meanwhile).
 */
import type { Kysely } from 'kysely';
import type { Database, StatutEnvoi } from '../db/schema';
import type { Mailer } from './mail';
import type { PushService } from './push';
import type { AlertLogger } from './alert-evaluation';
import { parsePrefs } from './alert-evaluation';
import { alertMail, alertPush } from './alert-messages';
import { stopUrl } from './alert-rules';

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
  async pending(): Promise<{ count: number; next: number | null }> {
    const row = await this.deps.db
      .selectFrom('notification_envoi')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('prochain_essai').as('next')])
      .where('statut', 'in', ['en_attente', 'en_cours'])
      .executeTakeFirst();
    return { count: Number(row?.n ?? 0), next: row?.next ?? null };
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
      const now = this.now();
      const due = await db
        .selectFrom('notification_envoi')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('statut', '=', 'en_attente'), eb('prochain_essai', '<=', now)]),
            eb.and([eb('statut', '=', 'en_cours'), eb('verrou_jusqu_a', '<', now)]),
          ]),
        )
        .orderBy('id')
        .limit(200)
        .execute();
      if (due.length === 0) return report;
      let claimedAny = false;
      for (const { id } of due) {
        if (this.stopped) return report;
        const t = this.now();
        const claimed = await db
          .updateTable('notification_envoi')
          .set((eb) => ({
            statut: 'en_cours',
            verrou_jusqu_a: t + LEASE_MS,
            tentatives: eb('tentatives', '+', 1),
          }))
          .where('id', '=', id)
          .where((eb) =>
            eb.or([
              eb.and([eb('statut', '=', 'en_attente'), eb('prochain_essai', '<=', t)]),
              eb.and([eb('statut', '=', 'en_cours'), eb('verrou_jusqu_a', '<', t)]),
            ]),
          )
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        claimedAny = true;
        const outcome = await this.deliverOne(id);
        report[outcome]++;
      }
      if (!claimedAny) return report;
    }
  }

  private async deliverOne(id: number): Promise<keyof DeliveryReport> {
    const { db } = this.deps;
    const row = await db
      .selectFrom('notification_envoi as e')
      .innerJoin('notification as n', 'n.id', 'e.notification_id')
      .innerJoin('user as u', 'u.id', 'n.user_id')
      .leftJoin('profile as p', 'p.user_id', 'u.id')
      .leftJoin('alerte_regle as r', 'r.id', 'n.regle_id')
      .select([
        'e.id',
        'e.canal',
        'e.tentatives',
        'e.faits',
        'n.id as notification_id',
        'n.user_id',
        'n.titre',
        'n.message',
        'n.type',
        'n.lien',
        'u.username',
        'u.email',
        'u.email_verified',
        'p.notifications',
        'r.id as regle_id',
        'r.user_id as regle_user_id',
        'r.created_at as regle_created_at',
        'r.type as regle_type',
        'r.grandeur',
        'r.seuil',
        'r.seuil2',
        'r.horizon_h',
      ])
      .where('e.id', '=', id)
      .executeTakeFirst();
    if (!row) return 'autres';
    const prefs = parsePrefs(row.notifications);
    const wanted = row.canal === 'email' ? prefs.email && row.email_verified === 1 : prefs.push;
    if (!wanted) {
      await this.finish(id, 'annule', null);
      return 'autres';
    }
    try {
      if (row.canal === 'email') {
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
        });
        await this.deps.mailer.send({
          to: row.email,
          ...mail,
          headers: stop
            ? { 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
            : undefined,
        });
        await this.finish(id, 'envoye', null);
        return 'envoyes';
      }
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
      const statut: StatutEnvoi = next.ok.length > 0 ? 'envoye' : 'sans_destinataire';
      await this.finish(id, statut, null, next);
      return statut === 'envoye' ? 'envoyes' : 'autres';
    } catch (err) {
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
      await this.deps.db
        .updateTable('notification_envoi')
        .set({
          statut: 'en_attente',
          verrou_jusqu_a: null,
          prochain_essai: this.now() + delay,
          derniere_erreur: message.slice(0, 1000),
          ...(faits ? { faits: JSON.stringify(faits) } : {}),
        })
        .where('id', '=', id)
        .execute();
      return 'reessais';
    }
  }

  private async finish(
    id: number,
    statut: StatutEnvoi,
    error: string | null,
    faits?: PushDone,
  ): Promise<void> {
    await this.deps.db
      .updateTable('notification_envoi')
      .set({
        statut,
        verrou_jusqu_a: null,
        derniere_erreur: error?.slice(0, 1000) ?? null,
        ...(statut === 'envoye' ? { envoye_at: this.now() } : {}),
        ...(faits ? { faits: JSON.stringify(faits) } : {}),
      })
      .where('id', '=', id)
      .execute();
  }
}
