/**
 * Evaluation of the alert rules after each ingestion run or replay step (docs/decisions/056): the `readings`,
 * `vigilance` and `forecasts` events of ingest/events.ts go through the pure rules of
 * packages/shared/src/domain/alertes.ts; in ONE transaction the rules' states are saved, the notifications are
 * inserted (a unique key per rule and crossing: a crossing never notifies twice, across restarts and replays)
 * and their deliveries queued in the outbox (`notification_envoi`, sent by alert-delivery.ts).
 */
import type { Kysely, Transaction } from 'kysely';
import {
  ETAT_INITIAL,
  evaluateForecast,
  evaluateReadings,
  INTERVALLE_MIN_MS,
  PLAFOND_QUOTIDIEN,
  TYPES_LECTURE,
  vigilanceNotifiable,
  vigilanceUrgente,
  type Declenchement,
  type EtatRegle,
  type GrandeurAlerte,
  type Lecture,
  type TypeLecture,
} from '@limni/shared/domain/alertes';
import { parisDay, parisDayRange, HOUR_MS } from '@limni/shared/domain/time';
import { computeTrend, TREND_WINDOW_MS } from '@limni/shared/domain/trend';
import type { Database } from '../db/schema';
import type { ForecastsEvent, ReadingsEvent, VigilanceEvent } from '../ingest/events';
import { lienLieu } from './alert-rules';
import { forecastText, readingText, UNITES, vigilanceText, type Texte } from './alert-messages';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

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
  /** Crossings not notified: reading not fresh, hourly limit. */
  ignorees: number;
}

/** Older readings are not looked at when a rule's last evaluated reading is older (paused rule, long outage). */
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

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Index of the first reading at or after `ts` (readings sorted). */
function lowerBound(list: readonly Lecture[], ts: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as Lecture).ts < ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The notification of a crossing of a rule on readings or forecasts. */
function ruleDraft(
  r: { id: number; user_id: number; lieu_id: number; activite_id: number | null },
  grandeur: GrandeurAlerte,
  type: TypeLecture | 'prevision',
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
    unite: UNITES[grandeur],
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

  /** Active rules of active subscriptions, with their place and state. */
  private activeRules() {
    return this.db
      .selectFrom('alerte_regle as r')
      .innerJoin('abonnement as a', (j) =>
        j.onRef('a.user_id', '=', 'r.user_id').onRef('a.lieu_id', '=', 'r.lieu_id'),
      )
      .innerJoin('lieu as l', 'l.id', 'r.lieu_id')
      .leftJoin('alerte_regle_etat as e', 'e.regle_id', 'r.id')
      .where('r.actif', '=', 1)
      .where('a.actif', '=', 1);
  }

  /** New readings: rules above X, below Y, rising faster than Z, back in range, on the sensors that got them. */
  async readings(e: ReadingsEvent): Promise<EvaluationSummary> {
    const sensors = new Map(
      e.sensors.filter((s) => s.nouvelles + s.modifiees > 0).map((s) => [s.capteurId, s]),
    );
    const { summary, states, drafts } = newRun();
    if (sensors.size === 0) return summary;
    const rules = [];
    for (const ids of chunks([...sensors.keys()], 500)) {
      rules.push(
        ...(await this.activeRules()
          .innerJoin('capteur as c', (j) =>
            j.onRef('c.lieu_id', '=', 'r.lieu_id').onRef('c.grandeur', '=', 'r.grandeur'),
          )
          .select([
            'r.id',
            'r.user_id',
            'r.lieu_id',
            'r.type',
            'r.grandeur',
            'r.seuil',
            'r.seuil2',
            'r.activite_id',
            'e.etat',
            'c.id as capteur_id',
            'c.pas_min',
            'l.libelle',
          ])
          .where('r.type', 'in', [...TYPES_LECTURE])
          .where('c.id', 'in', ids)
          .execute()),
      );
    }
    if (rules.length === 0) return summary;

    // The range of readings each sensor needs: from the oldest unevaluated reading (bounded), plus the rate window.
    const ranges = new Map<number, { from: number; to: number }>();
    for (const r of rules) {
      const s = sensors.get(r.capteur_id);
      if (!s) continue;
      const etat = parseEtat(r.etat);
      const first = Math.max(Math.min(etat.dernierTs ?? s.from, s.from), s.from - MAX_LOOKBACK_MS);
      const cur = ranges.get(r.capteur_id);
      ranges.set(r.capteur_id, {
        from: Math.min(cur?.from ?? Infinity, first - TREND_WINDOW_MS),
        to: s.to,
      });
    }
    const readings = new Map<number, Lecture[]>();
    for (const part of chunks([...ranges.entries()], 100)) {
      const rows = await this.db
        .selectFrom('observation')
        .select(['capteur_id', 'ts', 'valeur'])
        .where((eb) =>
          eb.or(
            part.map(([id, r]) =>
              eb.and([eb('capteur_id', '=', id), eb('ts', '>=', r.from), eb('ts', '<=', r.to)]),
            ),
          ),
        )
        .orderBy('capteur_id')
        .orderBy('ts')
        .execute();
      for (const row of rows) {
        let list = readings.get(row.capteur_id);
        if (!list) readings.set(row.capteur_id, (list = []));
        list.push({ ts: row.ts, valeur: row.valeur });
      }
    }

    for (const r of rules) {
      const list = readings.get(r.capteur_id);
      if (!list || r.grandeur === null || r.seuil === null) continue;
      summary.regles++;
      const before = r.etat ?? JSON.stringify(ETAT_INITIAL);
      const type = r.type as TypeLecture;
      const res = evaluateReadings(
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
        const text = readingText({
          lieu: r.libelle,
          type,
          grandeur: r.grandeur,
          seuil: r.seuil,
          seuil2: r.seuil2,
          d,
          trend: computeTrend(window, r.grandeur),
        });
        drafts.push(ruleDraft(r, r.grandeur, type, `r${r.id}:${type}:${d.ts}`, d, text));
      }
    }
    await this.persist(states, drafts, summary);
    return summary;
  }

  /** Vigilance changes on tronçons: one notification per subscriber (user) and change, listing their places. */
  async vigilance(e: VigilanceEvent): Promise<EvaluationSummary> {
    const { summary, states, drafts } = newRun();
    for (const c of e.changes) {
      if (!vigilanceNotifiable(c.from, c.to) || c.lieuIds.length === 0) continue;
      if (e.at - c.ts > VIGILANCE_MAX_AGE_MS) continue;
      const rules = await this.activeRules()
        .select(['r.id', 'r.user_id', 'r.lieu_id', 'r.activite_id', 'l.libelle', 'e.etat'])
        .where('r.type', '=', 'vigilance')
        .where('r.lieu_id', 'in', c.lieuIds)
        .orderBy('r.user_id')
        .orderBy('r.id')
        .execute();
      if (rules.length === 0) continue;
      const alerte =
        c.alerteId === null
          ? null
          : ((await this.db
              .selectFrom('alerte')
              .select(['titre', 'message'])
              .where('id', '=', c.alerteId)
              .executeTakeFirst()) ?? null);
      const urgent = vigilanceUrgente(c.to);
      const byUser = new Map<number, typeof rules>();
      for (const r of rules) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r]);
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
          ...vigilanceText({ alerte, troncon: c.nom, to: c.to, lieux: list.map((r) => r.libelle) }),
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
  async forecasts(e: ForecastsEvent): Promise<EvaluationSummary> {
    const { summary, states, drafts } = newRun();
    for (const p of e.places) {
      const rules = await this.activeRules()
        .innerJoin('profile as pr', 'pr.user_id', 'r.user_id')
        .innerJoin('user_autorisation as ua', (j) =>
          j.onRef('ua.user_id', '=', 'r.user_id').on('ua.autorisation_id', '=', 1),
        )
        .select([
          'r.id',
          'r.user_id',
          'r.lieu_id',
          'r.grandeur',
          'r.seuil',
          'r.horizon_h',
          'r.activite_id',
          'l.libelle',
          'e.etat',
        ])
        .where('r.type', '=', 'prevision')
        .where('pr.accept_prevision_alert', '=', 1)
        .where('r.lieu_id', '=', p.lieuId)
        .where('r.grandeur', '=', p.grandeur)
        .execute();
      if (rules.length === 0) continue;
      const points = (
        await this.db
          .selectFrom('prevision')
          .select(['ts', 'valeur', 'max'])
          .where('capteur_id', '=', p.capteurId)
          .where('run_ts', '=', p.runTs)
          .orderBy('ts')
          .execute()
      ).flatMap((x) => {
        const v = x.valeur ?? x.max;
        return v === null ? [] : [{ ts: x.ts, valeur: v }];
      });
      const capteur = await this.db
        .selectFrom('capteur')
        .select(['derniere_valeur', 'dernier_ts'])
        .where('id', '=', p.capteurId)
        .executeTakeFirst();
      const observe =
        capteur?.derniere_valeur != null && capteur.dernier_ts != null
          ? { ts: capteur.dernier_ts, valeur: capteur.derniere_valeur }
          : null;
      for (const r of rules) {
        if (r.seuil === null || r.grandeur === null) continue;
        summary.regles++;
        const before = r.etat ?? JSON.stringify(ETAT_INITIAL);
        const res = evaluateForecast(
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
          const text = forecastText({
            lieu: r.libelle,
            grandeur: r.grandeur,
            seuil: r.seuil,
            runTs: p.runTs,
            d,
            observe,
          });
          drafts.push(ruleDraft(r, r.grandeur, 'prevision', `r${r.id}:prevision:${p.runTs}`, d, text));
        }
      }
    }
    await this.persist(states, drafts, summary);
    return summary;
  }

  /**
   * Before a replay: the reading rules of these places forget their state (their readings are about to arrive
   * again); the unique keys of the notifications keep a replayed crossing from notifying twice.
   */
  async rewind(lieuIds: readonly number[]): Promise<void> {
    for (const ids of chunks(lieuIds, 500)) {
      await this.db
        .deleteFrom('alerte_regle_etat')
        .where(
          'regle_id',
          'in',
          this.db
            .selectFrom('alerte_regle')
            .select('id')
            .where('lieu_id', 'in', ids)
            .where('type', 'in', [...TYPES_LECTURE]),
        )
        .execute();
    }
  }

  /** Saves states, inserts the new notifications and queues their deliveries, in one transaction. */
  private async persist(
    states: StateRow[],
    drafts: NotificationDraft[],
    summary: EvaluationSummary,
  ): Promise<void> {
    if (states.length === 0 && drafts.length === 0) return;
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      for (const part of chunks(states, 400)) {
        await trx
          .insertInto('alerte_regle_etat')
          .values(part.map((s) => ({ ...s, maj_at: now })))
          .onConflict((oc) =>
            oc
              .column('regle_id')
              .doUpdateSet((eb) => ({ etat: eb.ref('excluded.etat'), maj_at: eb.ref('excluded.maj_at') })),
          )
          .execute();
      }
      if (drafts.length === 0) return;
      const recipients = await this.recipients(trx, [...new Set(drafts.map((d) => d.userId))]);
      const counts = new Map<string, number>();
      for (const d of [...drafts].sort((a, b) => a.ts - b.ts || a.cle.localeCompare(b.cle))) {
        const day = parisDay(d.ts);
        const key = `${d.userId}:${day}`;
        let count = counts.get(key);
        if (count === undefined) {
          const { start, end } = parisDayRange(day);
          const row = await trx
            .selectFrom('notification')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('user_id', '=', d.userId)
            .where('ts', '>=', start)
            .where('ts', '<', end)
            .where('plafonnee', '=', 0)
            .executeTakeFirst();
          count = Number(row?.n ?? 0);
        }
        const capped = !d.urgent && count >= PLAFOND_QUOTIDIEN;
        const inserted = await trx
          .insertInto('notification')
          .values({
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
            lu_at: null,
            masque_at: null,
          })
          .onConflict((oc) => oc.column('cle').doNothing())
          .returning('id')
          .executeTakeFirst();
        counts.set(key, count + (inserted && !capped ? 1 : 0));
        if (!inserted) continue;
        summary.notifications++;
        if (capped) {
          summary.plafonnees++;
          continue;
        }
        const who = recipients.get(d.userId);
        const canaux = [
          ...(who?.email ? (['email'] as const) : []),
          ...(who?.push ? (['push'] as const) : []),
        ];
        if (canaux.length > 0) {
          await trx
            .insertInto('notification_envoi')
            .values(
              canaux.map((canal) => ({
                notification_id: inserted.id,
                canal,
                prochain_essai: now,
                verrou_jusqu_a: null,
                derniere_erreur: null,
                envoye_at: null,
                created_at: now,
              })),
            )
            .execute();
        }
      }
    });
    if (summary.notifications > 0) {
      this.opts.log?.info(
        { notifications: summary.notifications, plafonnees: summary.plafonnees },
        `Alertes : ${summary.notifications} notification(s) créée(s)`,
      );
    }
  }

  /** Channels each user wants (profile preferences, ADR 057): e-mail needs a verified address. */
  private async recipients(
    trx: Trx,
    userIds: number[],
  ): Promise<Map<number, { email: boolean; push: boolean }>> {
    const out = new Map<number, { email: boolean; push: boolean }>();
    for (const ids of chunks(userIds, 500)) {
      const rows = await trx
        .selectFrom('user')
        .leftJoin('profile', 'profile.user_id', 'user.id')
        .select(['user.id', 'user.email_verified', 'user.is_active', 'profile.notifications'])
        .where('user.id', 'in', ids)
        .execute();
      for (const r of rows) {
        const prefs = parsePrefs(r.notifications);
        out.set(r.id, {
          email: prefs.email && r.email_verified === 1 && r.is_active === 1,
          push: prefs.push,
        });
      }
    }
    return out;
  }
}

/** Notification preferences as the profile stores them (default: both channels on). */
export function parsePrefs(json: string | null | undefined): { email: boolean; push: boolean } {
  try {
    const v = JSON.parse(json ?? '{}') as { email?: unknown; push?: unknown };
    return { email: v.email !== false, push: v.push !== false };
  } catch {
    return { email: true, push: true };
  }
}
