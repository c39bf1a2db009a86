/**
 * The alerts API: rules of a place and of the user (defaults of an abonnement, checks, French errors),
 * notifications with read and hidden states, the signed one-click stop link, the replay state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { StatusResponse } from '@limni/shared/contracts/account';
import {
  LieuAlertes,
  MAX_REGLES_PAR_LIEU,
  NotificationsEtatResponse,
  NotificationsResponse,
  Regle,
  ReglesResponse,
} from '@limni/shared/contracts/alertes';
import { ErrorBody } from '@limni/shared/contracts/common';
import { ReplayStatus } from '@limni/shared/contracts/replay';
import {
  addRegles,
  alertsFor,
  feed,
  linkOfStop,
  lieuOfStation,
  PONT_NEUF_CODE,
  quarterly,
  type StationLieu,
} from '../../../test/alerts';
import { json, signedUpUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { stopToken } from './stop-link';
import { archiveThreshold, toulouseDays } from '../../../../../test-support/history-csv';

let ctx: TestContext;
/** La Garonne à Toulouse (Pont-Neuf): H sensor, on a Vigicrues tronçon, activity thresholds. */
let PONT_NEUF: StationLieu;
/** La Garonne à Verdun-sur-Garonne: H sensor, no Vigicrues tronçon. */
let SANS_TRONCON: StationLieu;
/** Portet-sur-Garonne: H and Q. */
let PORTET: StationLieu;
let CANOE: number;
beforeAll(async () => {
  ctx = await createTestApp();
  PONT_NEUF = await lieuOfStation(ctx, PONT_NEUF_CODE);
  SANS_TRONCON = await lieuOfStation(ctx, 'O262002001');
  PORTET = await lieuOfStation(ctx, 'O200001001', 'Q');
  CANOE = (
    await ctx.db.db
      .selectFrom('activite')
      .select('id')
      .where('slug', '=', 'canoe-kayak')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => ctx.close());

const errorOf = (res: { json: () => unknown }) => z.parse(ErrorBody, res.json()).error;

describe('rules of a place: defaults, creation, checks', () => {
  it('asks for a signed-in user', async () => {
    for (const url of [
      '/api/user/alertes',
      `/api/user/alertes/lieu/${PONT_NEUF.lieu}`,
      '/api/user/notifications',
    ]) {
      const res = await ctx.request({ url });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe('Vous devez être connecté pour accéder à cette ressource.');
    }
  });

  it('an abonnement starts with the default rules: vigilance and the highest « trop haut » threshold', async () => {
    // Canoe-kayak's: the 90th percentile of Toulouse's daily maxima since 1857 (docs/decisions/140).
    const haut = archiveThreshold(toulouseDays(), 0.9);
    const fr = (v: number) =>
      v.toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const { token } = await signedUpUser(ctx, 'Abonnee');
    const sub = await ctx.request({
      method: 'POST',
      url: '/api/user/crea-abonnement',
      payload: { lieu: PONT_NEUF.lieu },
      token,
    });
    expect(sub.statusCode).toBe(200);
    const res = await ctx.request({ url: `/api/user/alertes/lieu/${PONT_NEUF.lieu}`, token });
    expect(res.statusCode).toBe(200);
    const body = z.parse(LieuAlertes, res.json());
    expect(body).toMatchObject({
      lieu: { id: PONT_NEUF.lieu, nom: 'La Garonne à Toulouse (Pont-Neuf)' },
      abonne: true,
      abonnement_actif: true,
      vigilance_possible: true,
      prevision_possible: false,
      prevision_raison:
        'Les alertes de prévision sont réservées aux comptes autorisés à consulter les prévisions.',
    });
    expect(body.grandeurs).toEqual([
      { grandeur: 'H', unite: 'm', derniere_valeur: 0.695, dernier_ts: Date.parse('2022-01-31T23:45:00Z') },
    ]);
    expect(
      body.regles.map((r) => [
        r.type,
        r.grandeur,
        r.seuil,
        r.activite?.nom ?? null,
        r.origine,
        r.actif,
        r.description,
      ]),
    ).toEqual([
      [
        'vigilance',
        null,
        null,
        null,
        'defaut',
        true,
        'Vigilance crues du tronçon\u00a0: passage au jaune, à l’orange, au rouge et retour au vert',
      ],
      ['au_dessus', 'H', haut, 'Canoë-kayak', 'defaut', true, `Hauteur au-dessus de ${fr(haut)} m`],
    ]);
    expect(body.suggestions.map((s) => s.raison)).toEqual([
      'Le lieu est sur un tronçon surveillé par Vigicrues.',
      `Seuil «\u00a0trop haut\u00a0» indicatif pour canoë-kayak (${fr(haut)} m).`,
    ]);
    // Subscribing again keeps the rules as they are; stopping removes them with the abonnement.
    await ctx.request({
      method: 'POST',
      url: '/api/user/crea-abonnement',
      payload: { lieu: PONT_NEUF.lieu },
      token,
    });
    expect(
      z.parse(ReglesResponse, json(await ctx.request({ url: '/api/user/alertes', token }))).regles,
    ).toHaveLength(2);
    await ctx.request({
      method: 'POST',
      url: '/api/user/stop-abonnement',
      payload: { lieu: PONT_NEUF.lieu },
      token,
    });
    expect(
      z.parse(ReglesResponse, json(await ctx.request({ url: '/api/user/alertes', token }))).regles,
    ).toEqual([]);
  });

  it('adds rules of every kind, following the place when needed (without defaults then)', async () => {
    const { token } = await signedUpUser(ctx, 'Kayakiste');
    const res = await ctx.request({
      method: 'POST',
      url: `/api/user/alertes/lieu/${PORTET.lieu}`,
      payload: {
        regles: [
          { type: 'au_dessus', grandeur: 'H', seuil: 3 },
          { type: 'en_dessous', grandeur: 'Q', seuil: 80 },
          { type: 'montee', grandeur: 'H', seuil: 0.1 },
          { type: 'retour_plage', grandeur: 'H', seuil: 0.8, seuil2: 1.6, activite_id: CANOE },
          { type: 'vigilance', actif: false },
        ],
      },
      token,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = z.parse(LieuAlertes, res.json());
    expect(body.abonne).toBe(true);
    expect(body.regles.map((r) => [r.description, r.unite, r.origine, r.actif])).toEqual([
      ['Hauteur au-dessus de 3,00 m', 'm', 'utilisateur', true],
      ['Débit sous 80,0 m³/s', 'm³/s', 'utilisateur', true],
      ['Montée de plus de 10 cm/h', 'm/h', 'utilisateur', true],
      ['Hauteur de retour entre 0,80 m et 1,60 m', 'm', 'utilisateur', true],
      [
        'Vigilance crues du tronçon\u00a0: passage au jaune, à l’orange, au rouge et retour au vert',
        null,
        'utilisateur',
        false,
      ],
    ]);
    const profile = await ctx.request({ url: '/api/user/profile', token });
    expect((profile.json() as { lieux: unknown[] }).lieux).toEqual([
      { id: PORTET.lieu, nom: 'La Garonne à Portet-sur-Garonne', actif: true },
    ]);
    const all = z.parse(ReglesResponse, json(await ctx.request({ url: '/api/user/alertes', token })));
    expect(all.regles).toHaveLength(5);
  });

  it.each([
    [{ type: 'au_dessus', grandeur: 'H' }, 'regles.0.seuil', 'Indiquez un seuil.'],
    [{ type: 'au_dessus', seuil: 2 }, 'regles.0.grandeur', 'Choisissez la hauteur (H) ou le débit (Q).'],
    [
      { type: 'montee', grandeur: 'H', seuil: -0.1 },
      'regles.0.seuil',
      'La vitesse de montée doit être positive.',
    ],
    [
      { type: 'retour_plage', grandeur: 'H', seuil: 1.5, seuil2: 1.2 },
      'regles.0.seuil2',
      'La borne haute doit être supérieure à la borne basse.',
    ],
    [
      { type: 'prevision', grandeur: 'H', seuil: 3, horizon_h: 100 },
      'regles.0.horizon_h',
      "L'horizon doit être compris entre 1 et 72 heures.",
    ],
    [
      { type: 'au_dessus', grandeur: 'Q', seuil: 100 },
      'regles.0.grandeur',
      'Ce lieu ne mesure pas le débit.',
    ],
    [
      { type: 'au_dessus', grandeur: 'H', seuil: 2, activite_id: 99 },
      'regles.0.activite_id',
      "Aucune activité ne porte l'identifiant 99.",
    ],
  ])('refuses %j with a French message on %s', async (regle, field, message) => {
    const { token } = await signedUpUser(ctx, `Erreur${field.length}${message.length}`);
    const res = await ctx.request({
      method: 'POST',
      url: `/api/user/alertes/lieu/${PONT_NEUF.lieu}`,
      payload: { regles: [regle] },
      token,
    });
    expect(res.statusCode).toBe(400);
    const err = errorOf(res);
    expect(err.code).toBe('validation');
    expect(err.message).toBe(message);
    expect(err.fields?.[field]).toEqual([message]);
    // Nothing was created, not even the abonnement.
    expect(
      (await ctx.request({ url: `/api/user/alertes/lieu/${PONT_NEUF.lieu}`, token })).json(),
    ).toMatchObject({
      abonne: false,
      regles: [],
    });
  });

  it('refuses malformed bodies, unknown places, impossible vigilance, duplicates and too many rules', async () => {
    const { token } = await signedUpUser(ctx, 'Tatillon');
    const post = (lieu: number | string, payload: unknown) =>
      ctx.request({
        method: 'POST',
        url: `/api/user/alertes/lieu/${lieu}`,
        payload: payload as object,
        token,
      });
    for (const payload of [
      {},
      { regles: [] },
      { regles: [{ type: 'inconnu' }] },
      { regles: [{ type: 'au_dessus', seuil: 'haut' }] },
    ]) {
      const res = await post(PONT_NEUF.lieu, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message).toMatch(/^(Requête invalide|Ajoutez au moins une alerte)/);
    }
    expect((await post('abc', { regles: [{ type: 'vigilance' }] })).statusCode).toBe(400);
    const unknown = await post(999_999, { regles: [{ type: 'vigilance' }] });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe("Aucun lieu ne porte l'identifiant 999999.");
    const noTroncon = await post(SANS_TRONCON.lieu, { regles: [{ type: 'vigilance' }] });
    expect(noTroncon.statusCode).toBe(400);
    expect(errorOf(noTroncon).message).toBe(
      "Ce lieu n'est sur aucun tronçon surveillé par Vigicrues : pas d'alerte de vigilance possible.",
    );
    expect(
      (await post(PONT_NEUF.lieu, { regles: [{ type: 'au_dessus', grandeur: 'H', seuil: 2 }] })).statusCode,
    ).toBe(201);
    const twin = await post(PONT_NEUF.lieu, { regles: [{ type: 'au_dessus', grandeur: 'H', seuil: 2 }] });
    expect(twin.statusCode).toBe(409);
    expect(errorOf(twin).message).toBe(
      'Vous avez déjà cette alerte sur ce lieu : Hauteur au-dessus de 2,00 m.',
    );
    const many = Array.from({ length: MAX_REGLES_PAR_LIEU }, (_v, i) => ({
      type: 'au_dessus',
      grandeur: 'H',
      seuil: 3 + i,
    }));
    const tooMany = await post(PONT_NEUF.lieu, { regles: many });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany).message).toBe(
      `Au plus ${MAX_REGLES_PAR_LIEU} alertes par lieu : supprimez-en une avant d'en ajouter.`,
    );
  });

  it('forecast rules need the forecast permission and acceptPrevisionAlert (403 otherwise)', async () => {
    const { token, id } = await signedUpUser(ctx, 'Meteorologue');
    const regles = [{ type: 'prevision', grandeur: 'H', seuil: 3, horizon_h: 24 }];
    const post = () =>
      ctx.request({
        method: 'POST',
        url: `/api/user/alertes/lieu/${PONT_NEUF.lieu}`,
        payload: { regles },
        token,
      });
    let res = await post();
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(
      'Les alertes de prévision sont réservées aux comptes autorisés à consulter les prévisions.',
    );
    await ctx.db.db
      .insertInto('user_autorisation')
      .values({ user_id: id, autorisation_id: 1, created_at: 0 })
      .execute();
    res = await post();
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toBe(
      'Acceptez les alertes de prévision dans votre profil (rubrique Notifications) pour en créer.',
    );
    await ctx.request({
      method: 'POST',
      url: '/api/user/profile',
      payload: { acceptPrevisionAlert: true },
      token,
    });
    res = await post();
    expect(res.statusCode).toBe(201);
    const body = z.parse(LieuAlertes, res.json());
    expect(body.prevision_possible).toBe(true);
    expect(body.regles.at(-1)?.description).toBe(
      'Prévision\u00a0: hauteur au-dessus de 3,00 m dans les 24 h',
    );
  });
});

describe('changing and deleting a rule', () => {
  it('switches off and on, changes numbers (the rule starts afresh), refuses what does not fit', async () => {
    const { token, id } = await signedUpUser(ctx, 'Modifieuse');
    const created = z.parse(
      LieuAlertes,
      json(
        await addRegles(ctx, token, PONT_NEUF.lieu, [
          { type: 'retour_plage', grandeur: 'H', seuil: 0.8, seuil2: 1.5 },
        ]),
      ),
    );
    const regle = created.regles[0] as Regle;
    await ctx.db.db
      .insertInto('alerte_regle_etat')
      .values({ regle_id: regle.id, etat: '{"cote":"normal"}', maj_at: 0 })
      .execute();
    const patch = (payload: object, ruleId = regle.id, t = token) =>
      ctx.request({ method: 'PATCH', url: `/api/user/alertes/regles/${ruleId}`, payload, token: t });

    let res = await patch({ actif: false });
    expect(res.statusCode).toBe(200);
    expect(z.parse(Regle, res.json()).actif).toBe(false);
    res = await patch({ seuil2: 1.7 });
    expect(z.parse(Regle, res.json())).toMatchObject({
      actif: false,
      seuil: 0.8,
      seuil2: 1.7,
      description: 'Hauteur de retour entre 0,80 m et 1,70 m',
    });
    expect(
      await ctx.db.db
        .selectFrom('alerte_regle_etat')
        .select('regle_id')
        .where('regle_id', '=', regle.id)
        .execute(),
    ).toEqual([]);

    res = await patch({ seuil: 2 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('La borne haute doit être supérieure à la borne basse.');
    expect((await patch({ seuil: 'x' })).statusCode).toBe(400);

    const stranger = await signedUpUser(ctx, 'Etrangere');
    res = await patch({ actif: true }, regle.id, stranger.token);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe("Cette alerte n'existe pas (ou plus).");

    const del = await ctx.request({ method: 'DELETE', url: `/api/user/alertes/regles/${regle.id}`, token });
    expect(z.parse(StatusResponse, del.json())).toEqual({ status: 200 });
    expect(
      (await ctx.request({ method: 'DELETE', url: `/api/user/alertes/regles/${regle.id}`, token }))
        .statusCode,
    ).toBe(404);
    expect(
      await ctx.db.db.selectFrom('alerte_regle').select('id').where('user_id', '=', id).execute(),
    ).toEqual([]);
  });
});

describe('notifications: list, read, hidden', () => {
  it('lists newest first with pages, marks read and hidden, one by one or all', async () => {
    const { token, id } = await signedUpUser(ctx, 'Lectrice');
    const reglesAjoutees = [2.1, 2.2, 2.3].map((seuil) => ({
      type: 'au_dessus' as const,
      grandeur: 'H' as const,
      seuil,
    }));
    await addRegles(ctx, token, PONT_NEUF.lieu, reglesAjoutees);
    const { events, alerts } = alertsFor(ctx);
    await feed(ctx, events, PONT_NEUF.code, quarterly([2.0, 2.15, 2.25, 2.35], 200));
    await alerts.stop();
    const list = async (query = '') => {
      const res = await ctx.request({ url: `/api/user/notifications${query}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return z.parse(NotificationsResponse, res.json());
    };
    const all = await list();
    expect(all.non_lues).toBe(3);
    expect(all.suite).toBe(false);
    expect(all.notifications.map((n) => n.valeur)).toEqual([2.35, 2.25, 2.15]);
    // Each rule knows its last notification (data time), even once stopped.
    const regles = z.parse(
      ReglesResponse,
      json(await ctx.request({ url: '/api/user/alertes', token })),
    ).regles;
    expect(regles.map((r) => r.derniere_notification)).toEqual(
      [...all.notifications].reverse().map((n) => n.ts),
    );
    const page1 = await list('?limite=2');
    expect(page1.suite).toBe(true);
    const page2 = await list(`?limite=2&avant=${page1.notifications[1]?.id}`);
    expect(page2.notifications.map((n) => n.valeur)).toEqual([2.15]);

    const mark = async (payload: object) => {
      const res = await ctx.request({ method: 'POST', url: '/api/user/notifications/etat', payload, token });
      expect(res.statusCode, res.body).toBe(200);
      return z.parse(NotificationsEtatResponse, res.json());
    };
    const first = all.notifications[0]?.id as number;
    expect(await mark({ ids: [first], lu: true })).toEqual({ status: 200, modifiees: 1, non_lues: 2 });
    expect(await mark({ ids: [first], lu: true })).toEqual({ status: 200, modifiees: 0, non_lues: 2 });
    expect(await mark({ ids: [all.notifications[1]?.id], masque: true })).toEqual({
      status: 200,
      modifiees: 1,
      non_lues: 1,
    });
    expect((await list()).notifications.map((n) => [n.valeur, n.lu, n.masque])).toEqual([
      [2.35, true, false],
      [2.15, false, false],
    ]);
    expect((await list('?masquees=1')).notifications.map((n) => n.masque)).toEqual([false, true, false]);
    expect(await mark({ toutes: true, lu: true })).toMatchObject({ non_lues: 0 });
    expect(await mark({ toutes: true, masque: false, lu: false })).toEqual({
      status: 200,
      modifiees: 3,
      non_lues: 3,
    });

    // Another user's notification ids change nothing.
    const other = await signedUpUser(ctx, 'Indiscret');
    const res = await ctx.request({
      method: 'POST',
      url: '/api/user/notifications/etat',
      payload: { ids: [first], lu: false },
      token: other.token,
    });
    expect(z.parse(NotificationsEtatResponse, res.json()).modifiees).toBe(0);
    expect(
      await ctx.db.db.selectFrom('notification').select('id').where('user_id', '=', id).execute(),
    ).toHaveLength(3);
  });

  it.each([
    [{ lu: true }, 'Indiquez les notifications (ids) ou toutes (toutes: true).'],
    [{ ids: [], lu: true }, 'Indiquez les notifications (ids) ou toutes (toutes: true).'],
    [{ toutes: true }, 'Indiquez ce qui change : lu et/ou masque.'],
  ])('refuses %j', async (payload, message) => {
    const { token } = await signedUpUser(ctx, `Flou${message.length}${JSON.stringify(payload).length}`);
    const res = await ctx.request({ method: 'POST', url: '/api/user/notifications/etat', payload, token });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(message);
  });

  it('refuses bad query strings with a French message', async () => {
    const { token } = await signedUpUser(ctx, 'Requete');
    for (const q of ['?limite=0', '?limite=500', '?avant=-1', '?masquees=oui']) {
      const res = await ctx.request({ url: `/api/user/notifications${q}`, token });
      expect(res.statusCode, q).toBe(400);
      expect(errorOf(res).message).toMatch(/^Requête invalide \(paramètres/);
    }
  });
});

describe('the one-click stop link of e-mails', () => {
  it('shows a confirmation page, stops on POST without CSRF (RFC 8058 one-click), then says it is stopped', async () => {
    const { token } = await signedUpUser(ctx, 'Desabonnee');
    const body = z.parse(
      LieuAlertes,
      json(await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 3.5 }])),
    );
    const regle = body.regles[0] as Regle;
    const url = await linkOfStop(ctx, regle.id);

    const page = await ctx.request({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(
      '<h1 style="font-size:22px;margin:0 0 12px">Arrêter cette alerte\u00a0?</h1>',
    );
    expect(page.body).toContain(
      '«\u00a0Hauteur au-dessus de 3,50 m\u00a0» pour La Garonne à Toulouse (Pont-Neuf)',
    );
    expect(page.body).toContain(`<form method="post" action="http://localhost:8080${url}">`);
    // Looking at the page stopped nothing (link scanners open links).
    expect((await ctx.request({ url: '/api/user/alertes', token })).json()).toMatchObject({
      regles: [{ actif: true }],
    });

    const stop = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.body).toContain('Alerte arrêtée');
    expect(stop.body).toContain('vous ne recevrez plus l’alerte «\u00a0Hauteur au-dessus de 3,50 m\u00a0»');
    expect((await ctx.request({ url: '/api/user/alertes', token })).json()).toMatchObject({
      regles: [{ actif: false }],
    });
    // Again: still fine (idempotent); the page now says it is already stopped.
    expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    expect((await ctx.request({ url })).body).toContain('Alerte déjà arrêtée');
  });

  it('answers a French 404 page to a forged, altered or unknown token', async () => {
    const { token, id } = await signedUpUser(ctx, 'Fausse');
    const body = z.parse(
      LieuAlertes,
      json(await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 3.6 }])),
    );
    const regle = body.regles[0] as Regle;
    const good = await linkOfStop(ctx, regle.id);
    const altered = good.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const otherRegle = stopToken(ctx.deps.secrets.alertKey, {
      id: regle.id + 1000,
      user_id: id,
      created_at: regle.created_at,
    });
    for (const url of [
      altered,
      '/api/user/alertes/stop/123',
      '/api/user/alertes/stop/abc.def',
      `/api/user/alertes/stop/${otherRegle}`,
    ]) {
      const get = await ctx.request({ url });
      expect(get.statusCode, url).toBe(404);
      expect(get.body).toContain('Ce lien d’arrêt n’est pas valide');
      expect((await ctx.app.inject({ method: 'POST', url })).statusCode).toBe(404);
    }
    expect((await ctx.request({ url: '/api/user/alertes', token })).json()).toMatchObject({
      regles: [{ actif: true }],
    });
  });
});

describe('GET /api/replay', () => {
  it('says whether a replay runs, its window, speed and simulated time', async () => {
    const get = async () => z.parse(ReplayStatus, (await ctx.request({ url: '/api/replay' })).json());
    expect(await get()).toMatchObject({ en_cours: false, statut: 'aucune', temps_simule: null });
    const now = Date.now();
    await ctx.db.db
      .insertInto('relecture')
      .values({
        id: 1,
        statut: 'en_cours',
        debut: Date.parse('2022-01-07T23:00:00Z'),
        fin: Date.parse('2022-01-14T23:00:00Z'),
        vitesse: 3600,
        temps_simule: Date.parse('2022-01-10T11:45:00Z'),
        demarre_at: now - 1000,
        maj_at: now,
        termine_at: null,
        lectures: 120,
        notifications: 1,
        erreur: null,
      })
      .execute();
    expect(await get()).toMatchObject({
      en_cours: true,
      statut: 'en_cours',
      vitesse: 3600,
      temps_simule: Date.parse('2022-01-10T11:45:00Z'),
      notifications: 1,
    });
    // A replaying process that stopped writing (killed) is not running any more.
    await ctx.db.db
      .updateTable('relecture')
      .set({ maj_at: now - 120_000 })
      .execute();
    expect(await get()).toMatchObject({ en_cours: false, statut: 'interrompu' });
  });
});
