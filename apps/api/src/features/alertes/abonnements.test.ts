/**
 * Following places (`user/crea-abonnement`, `stop-abonnement`, `toggle-abonnement`): answers and errors, the limit
 * of 200 places and the default rules under concurrency (docs/decisions/069), on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { AbonnementsResponse } from '@limni/shared/contracts/alertes';
import { ErrorBody } from '@limni/shared/contracts/common';
import { Profile } from '@limni/shared/contracts/profile';
import { signedUpUser } from '../../../test/accounts';
import { lieuOfStation, PONT_NEUF_CODE, type StationLieu } from '../../../test/alerts';
import { createTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
let pontNeuf: StationLieu;
beforeAll(async () => {
  ctx = await createTestApp();
  pontNeuf = await lieuOfStation(ctx, PONT_NEUF_CODE);
});
afterAll(async () => ctx.close());

/** The limit of places one account follows (docs/requirements.md R12), and its answer beyond it. */
const LIMIT = 200;
const LIMIT_MESSAGE = "Vous suivez déjà 200 lieux : arrêtez d'en suivre un avant d'en ajouter.";

const errorOf = (res: { json: () => unknown }) => z.parse(ErrorBody, res.json()).error;
const post = (url: string, payload: Record<string, unknown>, token?: string) =>
  ctx.request({ method: 'POST', url, payload, token });
const follow = (lieu: number, token: string) => post('/api/user/crea-abonnement', { lieu }, token);
const unfollow = (lieu: number, token: string) => post('/api/user/stop-abonnement', { lieu }, token);
const profileOf = async (token: string) =>
  z.parse(Profile, (await ctx.request({ url: '/api/user/profile', token })).json());

/** The user's rules of each place they follow, as comparable lines (type, quantity, threshold, origin). */
async function reglesByLieu(userId: number): Promise<Map<number, string[]>> {
  const abonnements = await ctx.db.db
    .selectFrom('abonnement')
    .select(['lieu_id'])
    .where('user_id', '=', userId)
    .execute();
  const regles = await ctx.db.db
    .selectFrom('alerte_regle')
    .select(['lieu_id', 'type', 'grandeur', 'seuil', 'activite_id', 'origine'])
    .where('user_id', '=', userId)
    .execute();
  const out = new Map<number, string[]>(abonnements.map((a) => [a.lieu_id, []]));
  for (const r of regles) {
    out.get(r.lieu_id)?.push(`${r.type}:${r.grandeur}:${r.seuil}:${r.activite_id}:${r.origine}`);
  }
  for (const list of out.values()) list.sort();
  return out;
}

describe('crea-abonnement, toggle-abonnement, stop-abonnement', () => {
  it('creates as active, toggles, stops; the profile reflects each change at once', async () => {
    const { token } = await signedUpUser(ctx, 'Riveraine');
    const other = await signedUpUser(ctx, 'Voisin');
    const created = await follow(pontNeuf.lieu, token);
    expect(created.statusCode).toBe(200);
    const body = z.parse(AbonnementsResponse, created.json());
    expect(body).toEqual({
      status: 200,
      lieux: [{ id: pontNeuf.lieu, nom: pontNeuf.libelle, actif: true }],
    });
    expect((await profileOf(token)).lieux).toEqual(body.lieux);

    const toggle = async () =>
      z.parse(
        AbonnementsResponse,
        (await post('/api/user/toggle-abonnement', { lieu: pontNeuf.lieu }, token)).json(),
      );
    expect((await toggle()).lieux).toEqual([{ id: pontNeuf.lieu, nom: pontNeuf.libelle, actif: false }]);
    expect((await profileOf(token)).lieux[0]?.actif).toBe(false);
    expect((await toggle()).lieux[0]?.actif).toBe(true);
    await toggle();
    // Creating again makes it active again, without a duplicate.
    const again = z.parse(AbonnementsResponse, (await follow(pontNeuf.lieu, token)).json());
    expect(again.lieux).toEqual([{ id: pontNeuf.lieu, nom: pontNeuf.libelle, actif: true }]);
    // Another user's abonnements are theirs.
    expect((await profileOf(other.token)).lieux).toEqual([]);

    const stopped = z.parse(AbonnementsResponse, (await unfollow(pontNeuf.lieu, token)).json());
    expect(stopped).toEqual({ status: 200, lieux: [] });
    expect((await profileOf(token)).lieux).toEqual([]);
  });

  it('answers 404 for a place not followed or not existing, 400 for a bad id, 401 without a user', async () => {
    const { token } = await signedUpUser(ctx, 'Egaree');
    for (const url of ['/api/user/stop-abonnement', '/api/user/toggle-abonnement']) {
      const res = await post(url, { lieu: pontNeuf.lieu }, token);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'not_found', message: "Vous n'êtes pas abonné à ce lieu." });
    }
    const unknown = await follow(99_999_999, token);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe("Aucun lieu ne porte l'identifiant 99999999.");
    for (const lieu of [-1, 0]) {
      const res = await post('/api/user/crea-abonnement', { lieu }, token);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.lieu).toEqual(["L'identifiant du lieu doit être un entier positif."]);
    }
    for (const lieu of ['abc', 1.5]) {
      const res = await post('/api/user/crea-abonnement', { lieu }, token);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('validation');
      const { message, fields } = errorOf(res);
      expect(message).toMatch(/^Requête invalide \(contenu : lieu\) : Entrée invalide : \S/);
      // The field carries the same reason as the message.
      expect(fields?.lieu).toEqual([message.replace('Requête invalide (contenu : lieu) : ', '')]);
    }
    expect((await post('/api/user/crea-abonnement', { lieu: pontNeuf.lieu })).statusCode).toBe(401);
  });
});

describe('under concurrency (docs/decisions/069)', () => {
  it('260 follows at once by one user leave exactly 200 places followed; the others are refused in French', async () => {
    const { token, id } = await signedUpUser(ctx, 'Collectionneuse');
    const lieux = (
      await ctx.db.db
        .selectFrom('lieu')
        .select('id')
        .orderBy('id')
        .limit(LIMIT + 60)
        .execute()
    ).map((r) => r.id);
    expect(lieux).toHaveLength(LIMIT + 60);
    const answers = await Promise.all(lieux.map((lieu) => follow(lieu, token)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(LIMIT);
    expect(codes.filter((c) => c === 409)).toHaveLength(60);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(errorOf(refused)).toEqual({ code: 'conflict', message: LIMIT_MESSAGE });
    }
    const count = await ctx.db.db
      .selectFrom('abonnement')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', id)
      .where('actif', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(LIMIT);
    expect((await profileOf(token)).lieux).toHaveLength(LIMIT);
    // Adding alerts on one more place is refused the same way; a place already followed still takes alerts.
    const regles = [{ type: 'au_dessus', grandeur: 'H', seuil: 9 }];
    const notFollowed = lieux.find((_l, i) => answers[i]?.statusCode === 409) as number;
    const more = await post(`/api/user/alertes/lieu/${notFollowed}`, { regles }, token);
    expect(more.statusCode).toBe(409);
    expect(errorOf(more).message).toBe(LIMIT_MESSAGE);
    const followed = lieux.find((_l, i) => answers[i]?.statusCode === 200) as number;
    expect((await post(`/api/user/alertes/lieu/${followed}`, { regles }, token)).statusCode).toBe(201);
  });

  it('interleaved stop and follow rounds leave every abonnement with exactly its default rules', async () => {
    const codes = [PONT_NEUF_CODE, 'O200001001', 'O125251001', 'O184402001', 'O262002001'];
    const lieux = await Promise.all(codes.map((c) => lieuOfStation(ctx, c)));
    // What a follow made alone gives each place.
    const reference = await signedUpUser(ctx, 'Reference');
    for (const p of lieux) expect((await follow(p.lieu, reference.token)).statusCode).toBe(200);
    const defaults = await reglesByLieu(reference.id);
    expect([...defaults.values()].some((rules) => rules.length >= 2)).toBe(true);

    const { token, id } = await signedUpUser(ctx, 'Hesitante');
    for (let round = 0; round < 12; round++) {
      // Each place: follows and stops at once, in an order that changes with the round.
      const ops = lieux.flatMap((p, i) =>
        (round + i) % 3 === 0
          ? [follow(p.lieu, token), unfollow(p.lieu, token), follow(p.lieu, token)]
          : (round + i) % 3 === 1
            ? [unfollow(p.lieu, token), follow(p.lieu, token), follow(p.lieu, token), unfollow(p.lieu, token)]
            : [follow(p.lieu, token), follow(p.lieu, token), unfollow(p.lieu, token), follow(p.lieu, token)],
      );
      for (const res of await Promise.all(ops)) expect([200, 404]).toContain(res.statusCode);
      const now = await reglesByLieu(id);
      for (const [lieu, rules] of now) {
        expect(rules, `tour ${round}, lieu ${lieu}`).toEqual(defaults.get(lieu));
      }
    }
  });
});
