/**
 * Alert evaluation and delivery on the real path: observations written by the ingestion store, the `observations`,
 * `vigilance` and `forecasts` events, notifications in the database, e-mails in the outbox (or a real SMTP
 * server), Web Push to a local push service — with faults (500 then 410, SMTP down) and restarts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { NotificationsResponse } from '@limni/shared/contracts/alertes';
import { PLAFOND_QUOTIDIEN } from '@limni/shared/domain/alertes';
import {
  addRegles,
  alertsFor,
  at,
  feed,
  HOUR_MS,
  lieuOfStation,
  PONT_NEUF_CODE,
  quarterly,
  registerBrowser,
  T0,
  type StationLieu,
} from '../../../test/alerts';
import { json, mailsTo, signedUpUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { decryptPush, startPushService, type LocalPushService } from '../../../test/push-service';
import { startSmtpServer } from '../../../test/smtp';
import { createMailer } from '../../notify/mail';
import { AlertDelivery, RETRY_DELAYS_MS } from './delivery';

let ctx: TestContext;
let service: LocalPushService;
/** La Garonne à Toulouse (Pont-Neuf) and, on the same Vigicrues tronçon, Portet-sur-Garonne. */
let PONT_NEUF: StationLieu;
let PORTET: StationLieu;
/** The activity a rule may name (its place links then open that activity's tab). */
let CANOE: number;
beforeAll(async () => {
  ctx = await createTestApp();
  service = await startPushService();
  PONT_NEUF = await lieuOfStation(ctx, PONT_NEUF_CODE);
  PORTET = await lieuOfStation(ctx, 'O200001001');
  CANOE = (
    await ctx.db.db
      .selectFrom('activite')
      .select('id')
      .where('slug', '=', 'canoe-kayak')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});

const notificationsOf = async (userId: number) =>
  ctx.db.db.selectFrom('notification').selectAll().where('user_id', '=', userId).orderBy('id').execute();
const deliveriesOf = async (notificationId: number) =>
  ctx.db.db
    .selectFrom('notification_envoi')
    .selectAll()
    .where('notification_id', '=', notificationId)
    .orderBy('canal')
    .execute();
const pushRequests = (path: string) => service.requests.filter((r) => r.path === path);

/** A rising Garonne at Toulouse: 2.80 → 3.20 m, crossing 3.00 m at the 4th observation (00:45 UTC). */
const RISE = [2.8, 2.9, 2.97, 3.02, 3.1, 3.2];

describe('a threshold crossing, from the observation to the e-mail, the push and the in-app list', () => {
  it('notifies once with the place, the observation, its time, the trend, a link and a stop link', async () => {
    const { token, id, email } = await signedUpUser(ctx, 'Garance');
    await addRegles(ctx, token, PONT_NEUF.lieu, [
      { type: 'au_dessus', grandeur: 'H', seuil: 3, activite_id: CANOE },
    ]);
    const sub = await registerBrowser(ctx, token, service, '/push/garance');
    const { events, alerts } = alertsFor(ctx);
    // The first observation of a new rule only sets its side (below): then the rise.
    await feed(ctx, events, PONT_NEUF.code, quarterly(RISE));

    const notes = await notificationsOf(id);
    expect(notes).toHaveLength(1);
    const n = notes[0];
    expect(n).toMatchObject({
      type: 'au_dessus',
      lieu_id: PONT_NEUF.lieu,
      valeur: 3.02,
      unite: 'm',
      ts: at(3),
      lien: `/lieu/${PONT_NEUF.lieu}/a-${CANOE}`,
      plafonnee: 0,
      lu_at: null,
    });
    expect(n?.titre).toBe('La Garonne à Toulouse (Pont-Neuf)\u00a0: 3,02 m, au-dessus de 3,00 m');
    expect(n?.message).toContain(
      'Hauteur de 3,02 m le 01/02/2022 à 01h45, au-dessus de votre seuil de 3,00 m.',
    );
    expect(n?.message).toMatch(/Tendance\u00a0: en hausse rapide \(\+\d+(,\d)? cm\/h\)\./);
    expect((await deliveriesOf(n?.id ?? 0)).map((d) => [d.canal, d.statut, d.tentatives])).toEqual([
      ['email', 'envoye', 1],
      ['push', 'envoye', 1],
    ]);

    const mails = mailsTo(ctx, email).filter((m) => m.subject.startsWith('Alerte Limni'));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe(
      'Alerte Limni — La Garonne à Toulouse (Pont-Neuf)\u00a0: 3,02 m, au-dessus de 3,00 m',
    );
    expect(mail?.raw).toContain('Hauteur de 3,02 m le 01/02/2022 à 01h45');
    expect(mail?.raw).toContain('Tendance\u00a0: en hausse rapide');
    expect(mail?.raw).toContain(`${ctx.deps.env.PUBLIC_URL}/lieu/${PONT_NEUF.lieu}/a-${CANOE}`);
    expect(mail?.raw).toMatch(
      /List-Unsubscribe:\s+<http:\/\/localhost:8080\/api\/user\/alertes\/stop\/\d+\.[\w-]{24}>/,
    );
    expect(mail?.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail?.raw).toMatch(/<html lang="fr">/);

    const pushes = pushRequests('/push/garance');
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(decryptPush(pushes[0]?.body as Buffer, sub))).toEqual({
      title: n?.titre,
      body: n?.message,
      url: `/lieu/${PONT_NEUF.lieu}/a-${CANOE}`,
      tag: `limni-notification-${n?.id}`,
    });

    const list = z.parse(
      NotificationsResponse,
      json(await ctx.request({ url: '/api/user/notifications', token })),
    );
    expect(list.non_lues).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      id: n?.id,
      titre: n?.titre,
      lieu: { id: 1, nom: 'La Garonne à Toulouse (Pont-Neuf)' },
      lu: false,
      masque: false,
      envois: [
        { canal: 'email', statut: 'envoye' },
        { canal: 'push', statut: 'envoye' },
      ],
    });
    await alerts.stop();
  });

  it('never notifies the same crossing twice: same event again, restart (new runtime), state lost', async () => {
    const { token, id } = await signedUpUser(ctx, 'Gaspard');
    await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 2.5 }]);
    const first = alertsFor(ctx);
    await feed(ctx, first.events, PONT_NEUF.code, quarterly([2.3, 2.4, 2.6, 2.7], 20));
    expect(await notificationsOf(id)).toHaveLength(1);
    // The same observations again (a run that re-reads its window): nothing new.
    await feed(ctx, first.events, PONT_NEUF.code, quarterly([2.3, 2.4, 2.6, 2.7], 20));
    await first.alerts.stop();
    // A restart: a new runtime reads the state saved in the database.
    const second = alertsFor(ctx);
    await feed(ctx, second.events, PONT_NEUF.code, quarterly([2.3, 2.4, 2.6, 2.7], 20));
    expect(await notificationsOf(id)).toHaveLength(1);
    // Even with its state lost, the rule's crossing has the same key: no duplicate.
    await ctx.db.db.deleteFrom('alerte_regle_etat').execute();
    await feed(ctx, second.events, PONT_NEUF.code, quarterly([2.3, 2.4, 2.6, 2.7], 20));
    await feed(ctx, second.events, PONT_NEUF.code, quarterly([2.3, 2.4, 2.6, 2.7], 20));
    expect(await notificationsOf(id)).toHaveLength(1);
    await second.alerts.stop();
  });

  it('does not alert on observations that are no longer fresh when they arrive (late batch)', async () => {
    const { token, id } = await signedUpUser(ctx, 'Lucien');
    await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 4 }]);
    const { events, alerts } = alertsFor(ctx);
    // Evaluated 6 hours after the last observation: every crossing is stale (15-min station: 2 h).
    await feed(ctx, events, PONT_NEUF.code, quarterly([3.8, 3.9, 4.1, 4.2], 40), {
      at: at(43) + 6 * HOUR_MS,
    });
    expect(await notificationsOf(id)).toHaveLength(0);
    await alerts.stop();
  });

  it('respects the notification preferences: e-mail off → push and in-app only', async () => {
    const { token, id } = await signedUpUser(ctx, 'Prudence');
    await ctx.request({
      method: 'POST',
      url: '/api/user/profile',
      payload: { notifications: { email: false } },
      token,
    });
    await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'en_dessous', grandeur: 'H', seuil: 1 }]);
    const { events, alerts } = alertsFor(ctx);
    await feed(ctx, events, PONT_NEUF.code, quarterly([1.2, 1.1, 0.9], 60));
    const [n] = await notificationsOf(id);
    expect(n?.type).toBe('en_dessous');
    // No browser registered: the push row ends without recipient; no e-mail row at all.
    expect((await deliveriesOf(n?.id ?? 0)).map((d) => [d.canal, d.statut])).toEqual([
      ['push', 'sans_destinataire'],
    ]);
    await alerts.stop();
  });

  it(`caps a user's notifications per day at ${PLAFOND_QUOTIDIEN}: the rest stay in the app only`, async () => {
    const { token, id } = await signedUpUser(ctx, 'Bavarde');
    const regles = Array.from({ length: PLAFOND_QUOTIDIEN + 2 }, (_v, i) => ({
      type: 'au_dessus' as const,
      grandeur: 'H' as const,
      seuil: 1.5 + i * 0.01,
    }));
    await addRegles(ctx, token, PONT_NEUF.lieu, regles);
    const { events, alerts } = alertsFor(ctx);
    await feed(ctx, events, PONT_NEUF.code, quarterly([1.4, 1.7], 80));
    const notes = await notificationsOf(id);
    expect(notes).toHaveLength(PLAFOND_QUOTIDIEN + 2);
    expect(notes.filter((n) => n.plafonnee === 1)).toHaveLength(2);
    const capped = notes.filter((n) => n.plafonnee === 1).map((n) => n.id);
    for (const nid of capped) expect(await deliveriesOf(nid)).toEqual([]);
    await alerts.stop();
  });
});

describe('vigilance changes and forecasts', () => {
  it('tells each follower of places on the tronçon once, listing their places; orange is never held back', async () => {
    const { token, id } = await signedUpUser(ctx, 'Vigie');
    // Toulouse and Portet are on the same tronçon (Garonne toulousaine): defaults include vigilance.
    expect(PORTET.tronconId).toBe(PONT_NEUF.tronconId);
    const lieuIds = [PONT_NEUF.lieu, PORTET.lieu];
    for (const lieu of lieuIds) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/user/crea-abonnement',
        payload: { lieu },
        token,
      });
      expect(res.statusCode).toBe(200);
    }
    const troncon = await ctx.db.db
      .selectFrom('troncon')
      .select(['id', 'code', 'nom'])
      .where('id', '=', PONT_NEUF.tronconId)
      .executeTakeFirstOrThrow();
    const { events, alerts } = alertsFor(ctx);
    const change = (from: number, to: number, ts: number, alerteId: number | null = null) =>
      events.emit({
        type: 'vigilance',
        origin: 'live',
        at: ts + 60_000,
        bulletin: { ref: null, ts },
        changes: [
          { tronconId: troncon.id, code: troncon.code, nom: troncon.nom, from, to, ts, alerteId, lieuIds },
        ],
      });
    const alerte = await ctx.db.db
      .insertInto('alerte')
      .values({
        scope: 'troncon',
        scope_id: troncon.id,
        source: 'vigicrues',
        niveau: 2,
        titre: 'Vigilance jaune crues — Garonne toulousaine',
        message: 'Vigicrues a placé le tronçon « Garonne toulousaine » en vigilance jaune.',
        debut: T0,
        fin: null,
        created_at: T0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await change(1, 2, T0, alerte.id);
    let notes = await notificationsOf(id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'vigilance',
      niveau: 2,
      alerte_id: alerte.id,
      lien: `/lieu/${PONT_NEUF.lieu}/a-1`,
    });
    expect(notes[0]?.titre).toBe('Vigilance jaune crues — Garonne toulousaine');
    expect(notes[0]?.message).toContain(
      'Lieux suivis concernés\u00a0: La Garonne à Toulouse (Pont-Neuf), La Garonne à Portet-sur-Garonne.',
    );
    // Back to green 20 minutes later: held by the hourly limit; orange 10 minutes after that: never held.
    await change(2, 1, T0 + 20 * 60_000);
    expect(await notificationsOf(id)).toHaveLength(1);
    await change(1, 3, T0 + 30 * 60_000);
    notes = await notificationsOf(id);
    expect(notes.map((n) => n.niveau)).toEqual([2, 3]);
    // The same bulletin again: nothing new.
    await change(1, 3, T0 + 30 * 60_000);
    expect(await notificationsOf(id)).toHaveLength(2);
    await alerts.stop();
  });

  it('forecast alerts reach users who may see forecasts and accepted them, nobody else', async () => {
    const allowed = await signedUpUser(ctx, 'Prevoyante');
    const other = await signedUpUser(ctx, 'Curieux');
    await ctx.db.db
      .insertInto('user_autorisation')
      .values({ user_id: allowed.id, autorisation_id: 1, created_at: T0 })
      .execute();
    await ctx.request({
      method: 'POST',
      url: '/api/user/profile',
      payload: { acceptPrevisionAlert: true },
      token: allowed.token,
    });
    await addRegles(ctx, allowed.token, PORTET.lieu, [
      { type: 'prevision', grandeur: 'H', seuil: 3, horizon_h: 12 },
    ]);
    // The other user had the rule, then lost the permission (the evaluation checks it again).
    await ctx.db.db
      .insertInto('user_autorisation')
      .values({ user_id: other.id, autorisation_id: 1, created_at: T0 })
      .execute();
    await ctx.request({
      method: 'POST',
      url: '/api/user/profile',
      payload: { acceptPrevisionAlert: true },
      token: other.token,
    });
    await addRegles(ctx, other.token, PORTET.lieu, [
      { type: 'prevision', grandeur: 'H', seuil: 3, horizon_h: 12 },
    ]);
    await ctx.db.db.deleteFrom('user_autorisation').where('user_id', '=', other.id).execute();

    const runTs = Date.parse('2022-02-02T06:00:00Z');
    await ctx.db.db
      .insertInto('prevision')
      .values(
        [2.4, 2.8, 3.3, 3.6].map((valeur, i) => ({
          capteur_id: PORTET.capteur,
          run_ts: runTs,
          ts: runTs + (i + 1) * 3 * HOUR_MS,
          valeur,
          min: valeur - 0.2,
          max: valeur + 0.2,
          commentaire: null,
        })),
      )
      .execute();
    const { events, alerts } = alertsFor(ctx);
    await events.emit({
      type: 'forecasts',
      origin: 'live',
      at: runTs + 10 * 60_000,
      places: [
        {
          lieuId: PORTET.lieu,
          capteurId: PORTET.capteur,
          grandeur: 'H',
          codeStation: PORTET.code,
          runTs,
          points: 4,
          from: runTs,
          to: runTs + 12 * HOUR_MS,
          maxValeur: 3.6,
        },
      ],
    });
    const notes = await notificationsOf(allowed.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'prevision', valeur: 3.3, ts: runTs + 9 * HOUR_MS });
    expect(notes[0]?.titre).toBe(
      'La Garonne à Portet-sur-Garonne\u00a0: plus de 3,00 m prévus le 02/02/2022 à 16h00',
    );
    expect(await notificationsOf(other.id)).toEqual([]);
    await alerts.stop();
  });
});

describe('delivery faults: nothing lost, nothing sent twice', () => {
  it('push service answers 500 then 410: logged, retried with backoff, the gone browser removed', async () => {
    const { token, id } = await signedUpUser(ctx, 'Panne');
    await ctx.request({
      method: 'POST',
      url: '/api/user/profile',
      payload: { notifications: { email: false } },
      token,
    });
    await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 2.05 }]);
    await registerBrowser(ctx, token, service, '/push/panne');
    service.statusFor.set('/push/panne', 500);
    let clock = Date.now();
    const { events, alerts } = alertsFor(ctx, { now: () => clock });
    await feed(ctx, events, PONT_NEUF.code, quarterly([1.9, 2.0, 2.1], 100));
    const [n] = await notificationsOf(id);
    let [row] = await deliveriesOf(n?.id ?? 0);
    expect(row).toMatchObject({
      canal: 'push',
      statut: 'en_attente',
      tentatives: 1,
      derniere_erreur: '1 navigateur(s) sur 1 en échec : HTTP 500',
    });
    expect(row?.prochain_essai).toBe(clock + (RETRY_DELAYS_MS[0] as number));
    // Not due yet: nothing is sent.
    await alerts.delivery.deliverDue();
    expect(pushRequests('/push/panne')).toHaveLength(1);
    service.statusFor.set('/push/panne', 410);
    clock += RETRY_DELAYS_MS[0] as number;
    await alerts.delivery.deliverDue();
    [row] = await deliveriesOf(n?.id ?? 0);
    expect(row).toMatchObject({ statut: 'sans_destinataire', tentatives: 2, derniere_erreur: null });
    expect(pushRequests('/push/panne')).toHaveLength(2);
    expect(
      await ctx.db.db.selectFrom('push_registration').select('id').where('user_id', '=', id).execute(),
    ).toEqual([]);
    await alerts.stop();
  });

  it('one browser fails, the other is reached: the retry reaches only the failed one', async () => {
    const { token, id } = await signedUpUser(ctx, 'Deux-Ecrans');
    await ctx.request({
      method: 'POST',
      url: '/api/user/profile',
      payload: { notifications: { email: false } },
      token,
    });
    await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 2.25 }]);
    await registerBrowser(ctx, token, service, '/push/ecran-ok');
    await registerBrowser(ctx, token, service, '/push/ecran-ko');
    service.statusFor.set('/push/ecran-ko', 503);
    let clock = Date.now();
    const { events, alerts } = alertsFor(ctx, { now: () => clock });
    await feed(ctx, events, PONT_NEUF.code, quarterly([2.1, 2.2, 2.3], 120));
    const [n] = await notificationsOf(id);
    service.statusFor.delete('/push/ecran-ko');
    clock += RETRY_DELAYS_MS[0] as number;
    await alerts.delivery.deliverDue();
    const [row] = await deliveriesOf(n?.id ?? 0);
    expect(row).toMatchObject({ statut: 'envoye', tentatives: 2 });
    expect(pushRequests('/push/ecran-ok')).toHaveLength(1);
    expect(pushRequests('/push/ecran-ko')).toHaveLength(2);
    await alerts.stop();
  });

  it('SMTP down for a while: the e-mail is retried and arrives exactly once, even with two workers', async () => {
    const probe = await startSmtpServer();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    const { token, id, email } = await signedUpUser(ctx, 'Facteur');
    await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 2.45 }]);
    let clock = Date.now();
    const mailer = createMailer({ ...ctx.deps.env, SMTP_URL: `smtp://127.0.0.1:${port}` });
    const { events, alerts } = alertsFor(ctx, { now: () => clock, mailer });
    // Evaluation is followed by a delivery pass: the SMTP server is down.
    await feed(ctx, events, PONT_NEUF.code, quarterly([2.3, 2.4, 2.5], 140));
    const [n] = await notificationsOf(id);
    const emailRow = async () => (await deliveriesOf(n?.id ?? 0)).find((r) => r.canal === 'email');
    expect(await emailRow()).toMatchObject({ statut: 'en_attente', tentatives: 1 });
    expect((await emailRow())?.derniere_erreur).toMatch(/ECONNREFUSED/);
    for (let attempt = 2; attempt <= 3; attempt++) {
      clock += RETRY_DELAYS_MS[attempt - 2] as number;
      await alerts.delivery.deliverDue();
      expect(await emailRow()).toMatchObject({ statut: 'en_attente', tentatives: attempt });
    }
    const smtp = await startSmtpServer({ port });
    clock += RETRY_DELAYS_MS[2] as number;
    // Two workers (two processes) pass at the same moment: the row is claimed by one of them only.
    const other = new AlertDelivery({
      db: ctx.db.db,
      mailer,
      push: ctx.deps.push as NonNullable<typeof ctx.deps.push>,
      publicUrl: ctx.deps.env.PUBLIC_URL,
      alertKey: ctx.deps.secrets.alertKey,
      now: () => clock,
    });
    await Promise.all([alerts.delivery.deliverDue(), other.deliverDue()]);
    expect(await emailRow()).toMatchObject({ statut: 'envoye', tentatives: 4, derniere_erreur: null });
    expect(smtp.messages.filter((m) => m.envelope.to.includes(email))).toHaveLength(1);
    clock += HOUR_MS;
    await Promise.all([alerts.delivery.deliverDue(), other.deliverDue()]);
    expect(smtp.messages.filter((m) => m.envelope.to.includes(email))).toHaveLength(1);
    await smtp.close();
    await alerts.stop();
  });
});
