/**
 * Evaluation of the alert rules after each ingestion run or replay step (docs/decisions/056): the `observations`,
 * `vigilance` and `forecasts` events of ingest/events.ts go through the pure rules of
 * packages/shared/src/domain/alertes.ts; in ONE transaction the rules' states are saved, the notifications are
 * inserted (a unique key per rule and crossing: a crossing never notifies twice, across restarts and replays)
 * and their deliveries queued in the outbox (`notification_envoi`, sent by delivery.ts). SQL in evaluation.repo.ts.
 */
import type { Kysely } from 'kysely';
import {
  ETAT_INITIAL,
  evaluatePrevision,
  evaluateObservations,
  INTERVALLE_MIN_MS,
  parseNotificationPrefs,
  PLAFOND_QUOTIDIEN,
  vigilanceNotifiable,
  vigilanceUrgente,
  type Declenchement,
  type EtatRegle,
  type GrandeurAlerte,
  type Observation,
  type TypeObservation,
} from '@limni/shared/domain/alertes';
import { parisDay, parisDayRange, HOUR_MS } from '@limni/shared/domain/time';
import { computeTrend, TREND_WINDOW_MS } from '@limni/shared/domain/trend';
import { UNITE_PAR_GRANDEUR } from '@limni/shared/domain/units';
import type { Database } from '../../db/schema';
import type { PrevisionsEvent, ObservationsEvent, VigilanceEvent } from '../../ingest/events';
import * as repo from './evaluation.repo';
import {
  previsionText,
  langueCompte,
  observationText,
  vigilanceText,
  type Langue,
  type Texte,
} from './notification-texts';
import { lienLieu } from './regles';

type Db = Kysely<Database>;

export interface AlertLogger {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/** A notification to insert (and deliver) once. */
export interface NotificationDraft {
  userId: number;
  regleId: number | null;
  lieuId: number | null;
  alerteId: number | null;
  /** Idempotency key: one notification per rule (or user) and crossing. */
  cle: string;
  type: Database['notification']['type'];
  titre: string;
  message: string;
  grandeur: GrandeurAlerte | null;
  valeur: number | null;
  unite: string | null;
  ts: number;
  lien: string;
  niveau: number | null;
  /** Not held back by the daily cap (vigilance orange or red). */
  urgent: boolean;
}

export interface EvaluationSummary {
  /** Rules evaluated. */
  regles: number;
  /** Notifications created (already existing keys excluded). */
  notifications: number;
  /** Of which beyond a daily cap (in-app only). */
  plafonnees: number;
  /** Crossings not notified: observation not fresh, hourly limit. */
  ignorees: number;
}

/** Older observations are not looked at when a rule's last evaluated observation is older (paused rule, long outage). */
const MAX_LOOKBACK_MS = 24 * HOUR_MS;
/** Vigilance changes older than this when evaluated are not announced. */
const VIGILANCE_MAX_AGE_MS = 24 * HOUR_MS;

const parseEtat = (json: string | null): EtatRegle => {
  if (!json) return ETAT_INITIAL;
  try {
    return { ...ETAT_INITIAL, ...(JSON.parse(json) as Partial<EtatRegle>) };
  } catch {
    return ETAT_INITIAL;
  }
};

/** Index of the first observation at or after `ts` (observations sorted). */
function lowerBound(list: readonly Observation[], ts: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as Observation).ts < ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The notification of a crossing of a rule on observations or forecasts. */
function regleDraft(
  r: { id: number; user_id: number; lieu_id: number; activite_id: number | null },
  grandeur: GrandeurAlerte,
  type: TypeObservation | 'prevision',
  cle: string,
  d: Declenchement,
  text: Texte,
): NotificationDraft {
  return {
    userId: r.user_id,
    regleId: r.id,
    lieuId: r.lieu_id,
    alerteId: null,
    cle,
    type,
    ...text,
    grandeur,
    valeur: d.valeur,
    unite: UNITE_PAR_GRANDEUR[grandeur],
    ts: d.ts,
    lien: lienLieu(r.lieu_id, r.activite_id),
    niveau: null,
    urgent: false,
  };
}

interface StateRow {
  regle_id: number;
  etat: string;
}

/** What one evaluation accumulates before `persist`. */
function newRun(): { summary: EvaluationSummary; states: StateRow[]; drafts: NotificationDraft[] } {
  return { summary: { regles: 0, notifications: 0, plafonnees: 0, ignorees: 0 }, states: [], drafts: [] };
}

export class AlertEvaluator {
  constructor(
    private readonly db: Db,
    private readonly opts: { now?: () => number; log?: AlertLogger } = {},
  ) {}

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** The language of each of these accounts' notifications (`user.langue`). */
  private async langues(userIds: readonly number[]): Promise<(userId: number) => Langue> {
    const stored = await repo.userLangues(this.db, userIds);
    return (userId) => langueCompte(stored.get(userId));
  }

  /** New observations: rules above X, below Y, rising faster than Z, back in range, on the sensors that got them. */
  async observations(e: ObservationsEvent): Promise<EvaluationSummary> {
    const capteurs = new Map(
      e.sensors.filter((s) => s.nouvelles + s.modifiees > 0).map((s) => [s.capteurId, s]),
    );
    const { summary, states, drafts } = newRun();
    if (capteurs.size === 0) return summary;
    const regles = await repo.activeObservationRegles(this.db, [...capteurs.keys()]);
    if (regles.length === 0) return summary;

    // The range of observations each sensor needs: from the oldest unevaluated observation (bounded), plus the rate window.
    const ranges = new Map<number, { from: number; to: number }>();
    for (const r of regles) {
      const s = capteurs.get(r.capteur_id);
      if (!s) continue;
      const etat = parseEtat(r.etat);
      const first = Math.max(Math.min(etat.dernierTs ?? s.from, s.from), s.from - MAX_LOOKBACK_MS);
      const cur = ranges.get(r.capteur_id);
      ranges.set(r.capteur_id, {
        from: Math.min(cur?.from ?? Infinity, first - TREND_WINDOW_MS),
        to: s.to,
      });
    }
    const observations = await repo.observationsInRanges(this.db, ranges);
    const langue = await this.langues(regles.map((r) => r.user_id));

    for (const r of regles) {
      const list = observations.get(r.capteur_id);
      if (!list || r.grandeur === null || r.seuil === null) continue;
      summary.regles++;
      const before = r.etat ?? JSON.stringify(ETAT_INITIAL);
      const type = r.type as TypeObservation;
      const res = evaluateObservations(
        { type, grandeur: r.grandeur, seuil: r.seuil, seuil2: r.seuil2 },
        parseEtat(r.etat),
        list,
        { maintenant: e.at, pasMin: r.pas_min },
      );
      summary.ignorees += res.ignores.length;
      const after = JSON.stringify(res.etat);
      if (after !== before) states.push({ regle_id: r.id, etat: after });
      for (const d of res.declenchements) {
        const end = lowerBound(list, d.ts + 1);
        const window = list.slice(lowerBound(list, d.ts - TREND_WINDOW_MS), end);
        const text = observationText(
          {
            lieu: r.libelle,
            type,
            grandeur: r.grandeur,
            seuil: r.seuil,
            seuil2: r.seuil2,
            d,
            trend: computeTrend(window, r.grandeur),
          },
          langue(r.user_id),
        );
        drafts.push(regleDraft(r, r.grandeur, type, `r${r.id}:${type}:${d.ts}`, d, text));
      }
    }
    await this.persist(states, drafts, summary);
    return summary;
  }

  /** Vigilance changes on tronçons: one notification per follower (user) and change, listing their places. */
  async vigilance(e: VigilanceEvent): Promise<EvaluationSummary> {
    const { summary, states, drafts } = newRun();
    for (const c of e.changes) {
      if (!vigilanceNotifiable(c.from, c.to) || c.lieuIds.length === 0) continue;
      if (e.at - c.ts > VIGILANCE_MAX_AGE_MS) continue;
      const regles = await repo.activeVigilanceRegles(this.db, c.lieuIds);
      if (regles.length === 0) continue;
      const alerte = c.alerteId === null ? null : await repo.alerteTexte(this.db, c.alerteId);
      const urgent = vigilanceUrgente(c.to);
      const byUser = new Map<number, typeof regles>();
      for (const r of regles) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
      const langue = await this.langues([...byUser.keys()]);
      for (const [userId, list] of byUser) {
        summary.regles += list.length;
        const first = list[0] as (typeof list)[number];
        const last = parseEtat(first.etat).derniereNotif;
        // At most one per rule and hour, except orange and red (safety first).
        const held = !urgent && last !== null && c.ts >= last && c.ts - last < INTERVALLE_MIN_MS;
        for (const r of list) {
          const etat = parseEtat(r.etat);
          const next = { ...etat, dernierTs: c.ts, derniereNotif: held ? etat.derniereNotif : c.ts };
          states.push({ regle_id: r.id, etat: JSON.stringify(next) });
        }
        if (held) {
          summary.ignorees++;
          continue;
        }
        drafts.push({
          userId,
          regleId: first.id,
          lieuId: first.lieu_id,
          alerteId: c.alerteId,
          cle: `vigilance:u${userId}:t${c.tronconId}:${c.ts}:${c.to}`,
          type: 'vigilance',
          ...vigilanceText(
            { alerte, troncon: c.nom, to: c.to, lieux: list.map((r) => r.libelle) },
            langue(userId),
          ),
          grandeur: null,
          valeur: null,
          unite: null,
          ts: c.ts,
          lien: lienLieu(first.lieu_id, first.activite_id),
          niveau: c.to,
          urgent,
        });
      }
    }
    await this.persist(states, drafts, summary);
    return summary;
  }

  /** A new forecast run: rules "forecast above X within N hours" of users who may see and want forecasts. */
  async forecasts(e: PrevisionsEvent): Promise<EvaluationSummary> {
    const { summary, states, drafts } = newRun();
    for (const p of e.places) {
      const regles = await repo.activePrevisionRegles(this.db, p.lieuId, p.grandeur);
      if (regles.length === 0) continue;
      const points = await repo.previsionPoints(this.db, p.capteurId, p.runTs);
      const observe = await repo.latestObservation(this.db, p.capteurId);
      const langue = await this.langues(regles.map((r) => r.user_id));
      for (const r of regles) {
        if (r.seuil === null || r.grandeur === null) continue;
        summary.regles++;
        const before = r.etat ?? JSON.stringify(ETAT_INITIAL);
        const res = evaluatePrevision(
          { type: 'prevision', grandeur: r.grandeur, seuil: r.seuil, horizonH: r.horizon_h ?? 24 },
          parseEtat(r.etat),
          { runTs: p.runTs, points },
          observe,
          { maintenant: e.at },
        );
        summary.ignorees += res.ignores.length;
        const after = JSON.stringify(res.etat);
        if (after !== before) states.push({ regle_id: r.id, etat: after });
        for (const d of res.declenchements) {
          const text = previsionText(
            { lieu: r.libelle, grandeur: r.grandeur, seuil: r.seuil, runTs: p.runTs, d, observe },
            langue(r.user_id),
          );
          drafts.push(regleDraft(r, r.grandeur, 'prevision', `r${r.id}:prevision:${p.runTs}`, d, text));
        }
      }
    }
    await this.persist(states, drafts, summary);
    return summary;
  }

  /**
   * Before a replay: the observation rules of these places forget their state (their observations are about to arrive
   * again); the unique keys of the notifications keep a replayed crossing from notifying twice.
   */
  async rewind(lieuIds: readonly number[]): Promise<void> {
    await repo.forgetObservationRegleStates(this.db, lieuIds);
  }

  /**
   * Saves states, inserts the new notifications and queues their deliveries, in one transaction, by batches
   * (docs/decisions/159): the day's counts of every user at once, the keys already notified at once, then one
   * INSERT per chunk of notifications and one per chunk of outbox rows.
   */
  private async persist(
    states: StateRow[],
    drafts: NotificationDraft[],
    summary: EvaluationSummary,
  ): Promise<void> {
    if (states.length === 0 && drafts.length === 0) return;
    const now = this.now();
    await repo.evaluationTransaction(this.db, async (trx) => {
      await repo.saveStates(trx, states, now);
      if (drafts.length === 0) return;
      const sorted = [...drafts].sort((a, b) => a.ts - b.ts || a.cle.localeCompare(b.cle));
      const recipients = await channelsOf(trx, [...new Set(sorted.map((d) => d.userId))]);
      const existing = await repo.existingNotificationKeys(
        trx,
        sorted.map((d) => d.cle),
      );
      // Notifications of each user and Paris day not beyond the cap, read once per day for all its users.
      const byDay = new Map<string, Set<number>>();
      for (const d of sorted) {
        const day = parisDay(d.ts);
        let users = byDay.get(day);
        if (!users) byDay.set(day, (users = new Set()));
        users.add(d.userId);
      }
      const counts = new Map<string, number>();
      for (const [day, users] of byDay) {
        const { start, end } = parisDayRange(day);
        const stored = await repo.countUncappedNotificationsOf(trx, [...users], start, end);
        for (const userId of users) counts.set(`${userId}:${day}`, stored.get(userId) ?? 0);
      }
      const rows: Array<{ row: repo.NotificationRow; draft: NotificationDraft; capped: boolean }> = [];
      const seen = new Set<string>();
      for (const d of sorted) {
        if (existing.has(d.cle) || seen.has(d.cle)) continue;
        seen.add(d.cle);
        const key = `${d.userId}:${parisDay(d.ts)}`;
        const count = counts.get(key) ?? 0;
        const capped = !d.urgent && count >= PLAFOND_QUOTIDIEN;
        if (!capped) counts.set(key, count + 1);
        rows.push({ row: notificationRow(d, capped, now), draft: d, capped });
      }
      // A concurrent evaluation may have inserted a key meanwhile: only the rows really inserted are queued.
      const ids = await repo.insertNotifications(
        trx,
        rows.map((r) => r.row),
      );
      const queued: Array<{ notificationId: number; canal: 'email' | 'push' }> = [];
      for (const { draft, capped } of rows) {
        const id = ids.get(draft.cle);
        if (id === undefined) continue;
        summary.notifications++;
        if (capped) {
          summary.plafonnees++;
          continue;
        }
        const who = recipients.get(draft.userId);
        if (who?.email) queued.push({ notificationId: id, canal: 'email' });
        if (who?.push) queued.push({ notificationId: id, canal: 'push' });
      }
      await repo.queueDeliveriesOf(trx, queued, now);
    });
    if (summary.notifications > 0) {
      this.opts.log?.info(
        { notifications: summary.notifications, plafonnees: summary.plafonnees },
        `Alertes : ${summary.notifications} notification(s) créée(s)`,
      );
    }
  }
}

/** The row of a notification draft. */
function notificationRow(d: NotificationDraft, capped: boolean, now: number): repo.NotificationRow {
  return {
    user_id: d.userId,
    regle_id: d.regleId,
    lieu_id: d.lieuId,
    alerte_id: d.alerteId,
    cle: d.cle,
    type: d.type,
    titre: d.titre,
    message: d.message,
    grandeur: d.grandeur,
    valeur: d.valeur,
    unite: d.unite,
    ts: d.ts,
    lien: d.lien,
    niveau: d.niveau,
    plafonnee: capped ? 1 : 0,
    created_at: now,
  };
}

/** Channels each user wants (profile preferences, ADR 057): e-mail needs a verified address and an active account. */
async function channelsOf(
  trx: repo.EvaluationTrx,
  userIds: number[],
): Promise<Map<number, { email: boolean; push: boolean }>> {
  const out = new Map<number, { email: boolean; push: boolean }>();
  for (const r of await repo.recipientRows(trx, userIds)) {
    const prefs = parseNotificationPrefs(r.notifications);
    out.set(r.id, {
      email: prefs.email && r.email_verified === 1 && r.is_active === 1,
      push: prefs.push,
    });
  }
  return out;
}
