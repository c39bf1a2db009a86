/**
 * Alert helpers for API tests: alert rules through HTTP, browsers registered with a local push service, and
 * observations fed through the real ingestion store with the `observations` event a live run would emit.
 */
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '@limni/shared/domain/time';
import type { RegleInput } from '@limni/shared/contracts/alertes';
import type { Database } from '../src/db/schema';
import { verifiedAccountRow } from './account-rows';
import { IngestEvents } from '../src/ingest/events';
import { ObservationsSummary, ObservationStore } from '../src/ingest/observation-store';
import { startAlerts, type AlertsRuntime } from '../src/features/alertes/runtime';
import { stopToken } from '../src/features/alertes/stop-link';
import type { Mailer } from '../src/notify/mail';
import type { TestContext } from './helpers';
import { browserRegistration, type BrowserRegistration, type LocalPushService } from './push-service';

/** La Garonne à Toulouse (Pont-Neuf): H every 15 min until 2022-01-31 23:45 UTC (0.695 m). */
export const PONT_NEUF_CODE = 'O200004001';

export interface StationLieu {
  lieu: number;
  libelle: string;
  code: string;
  /** Its sensor of `grandeur` (H by default). */
  capteur: number;
  tronconId: number | null;
}

/** The place of a Hub'Eau station (its code, from the source files) and its sensor: no seed id in tests. */
export async function lieuOfStation(
  ctx: TestContext,
  code: string,
  grandeur: 'H' | 'Q' = 'H',
): Promise<StationLieu> {
  const row = await ctx.db.db
    .selectFrom('lieu')
    .innerJoin('capteur', 'capteur.lieu_id', 'lieu.id')
    .select(['lieu.id as lieu', 'lieu.libelle', 'lieu.troncon_id', 'capteur.id as capteur'])
    .where('lieu.code_station', '=', code)
    .where('capteur.grandeur', '=', grandeur)
    .executeTakeFirstOrThrow();
  return { lieu: row.lieu, libelle: row.libelle, code, capteur: row.capteur, tronconId: row.troncon_id };
}
/** Observations fed by tests start after the demo data. */
export const T0 = Date.parse('2022-02-01T00:00:00Z');

export const at = (quarters: number) => T0 + quarters * 15 * MINUTE_MS;
export { HOUR_MS, MINUTE_MS };

/** Adds rules on a place (following it) and checks the 201. */
export async function addRegles(ctx: TestContext, token: string, lieu: number, regles: RegleInput[]) {
  const res = await ctx.request({
    method: 'POST',
    url: `/api/user/alertes/lieu/${lieu}`,
    payload: { regles },
    token,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res;
}

/** Registers a browser of the user whose push service is the local one at `path`. */
export async function registerBrowser(
  ctx: TestContext,
  token: string,
  service: LocalPushService,
  path: string,
): Promise<BrowserRegistration> {
  const sub = browserRegistration();
  const res = await ctx.request({
    method: 'POST',
    url: '/api/user/edit-push',
    payload: { type: 'web', registrationId: sub.json(`${service.origin}${path}`) },
    token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return sub;
}

/** The alerts runtime on the test app's database, mailer and push service, listening to its own bus. */
export function alertsFor(
  ctx: TestContext,
  opts: { now?: () => number; mailer?: Mailer } = {},
): { events: IngestEvents; alerts: AlertsRuntime } {
  const events = new IngestEvents();
  const push = ctx.deps.push;
  if (!push) throw new Error('push manquant');
  const alerts = startAlerts({
    db: ctx.db.db,
    events,
    mailer: opts.mailer ?? ctx.deps.mailer,
    push,
    publicUrl: ctx.deps.env.PUBLIC_URL,
    alertKey: ctx.deps.secrets.alertKey,
    retryIntervalMs: 0,
    now: opts.now,
  });
  return { events, alerts };
}

/** Writes observations of one station through the ingestion store, then emits the run's `observations` event. */
export async function feed(
  ctx: TestContext,
  events: IngestEvents,
  code: string,
  observations: Array<{ ts: number; valeur: number }>,
  opts: { grandeur?: 'H' | 'Q'; at?: number } = {},
): Promise<void> {
  const summary = new ObservationsSummary();
  const store = new ObservationStore(ctx.db.db, 'hubeau', summary);
  await store.write(
    observations.map((r) => ({
      codeStation: code,
      grandeur: opts.grandeur ?? 'H',
      ts: r.ts,
      valeur: r.valeur,
      statut: null,
      qualification: null,
    })),
  );
  const last = Math.max(...observations.map((r) => r.ts));
  await events.emit({
    type: 'observations',
    origin: 'live',
    source: 'test',
    at: opts.at ?? last + MINUTE_MS,
    sensors: summary.sensors,
  });
}

/** Observations every 15 min from `from` (a quarter index after T0). */
export const quarterly = (values: readonly number[], from = 0) =>
  values.map((valeur, i) => ({ ts: at(from + i), valeur }));

/** Path of the stop link of a rule, as the e-mails carry it. */
export async function linkOfStop(ctx: TestContext, regleId: number): Promise<string> {
  const regle = await ctx.db.db
    .selectFrom('alerte_regle')
    .select(['id', 'user_id', 'created_at'])
    .where('id', '=', regleId)
    .executeTakeFirstOrThrow();
  return `/api/user/alertes/stop/${stopToken(ctx.deps.secrets.alertKey, regle)}`;
}

let queued = 0;
/** `count` new accounts, each with one notification and its e-mail row in the outbox, due at `now`: the rows' ids. */
export async function queueMailDeliveries(
  db: Kysely<Database>,
  count: number,
  now: number,
): Promise<number[]> {
  const tag = `lot${process.pid}x${++queued}`;
  const users = await db
    .insertInto('user')
    .values(Array.from({ length: count }, (_v, i) => verifiedAccountRow(`${tag}u${i}`, now)))
    .returning('id')
    .execute();
  const notifications = await db
    .insertInto('notification')
    .values(
      users.map((u, i) => ({
        user_id: u.id,
        regle_id: null,
        lieu_id: null,
        alerte_id: null,
        cle: `${tag}:${i}`,
        type: 'au_dessus' as const,
        titre: 'Essai',
        message: 'Le niveau a dépassé le seuil.',
        grandeur: null,
        valeur: null,
        unite: null,
        ts: now,
        lien: '/',
        niveau: null,
        plafonnee: 0,
        created_at: now,
        lu_at: null,
        masque_at: null,
      })),
    )
    .returning('id')
    .execute();
  const rows = await db
    .insertInto('notification_envoi')
    .values(
      notifications.map((n) => ({
        notification_id: n.id,
        canal: 'email' as const,
        prochain_essai: now,
        verrou_jusqu_a: null,
        derniere_erreur: null,
        envoye_at: null,
        created_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The addresses the outbox rows `ids` go to (one row per account in `queueMailDeliveries`). */
export const addressesOfDeliveries = (db: Kysely<Database>, ids: readonly number[]) =>
  db
    .selectFrom('notification_envoi as e')
    .innerJoin('notification as n', 'n.id', 'e.notification_id')
    .innerJoin('user as u', 'u.id', 'n.user_id')
    .select('u.email')
    .where('e.id', 'in', [...ids])
    .execute();
