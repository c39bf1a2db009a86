/**
 * Look-alike usernames (docs/decisions/160). The expected refusals come from lines of Unicode's confusables.txt
 * 17.0.0, not from the code: `0430 ; 0061` (Cyrillic а → a), `0441 ; 0063` (с → c), `0435 ; 0065` (е → e),
 * `0031 ; 006C` (1 → l), `0049 ; 006C` (I → l), `0030 ; 004F` (0 → O).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { RegistrationErrorBody } from '@limni/shared/contracts/account';
import { ErrorBody } from '@limni/shared/contracts/common';
import { PASSWORD, register, signedUpUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { ACCOUNT } from './account.messages';
import { registerUser } from './account.repo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const body = (username: string) => ({
  username,
  email: `${randomUUID()}@exemple.fr`,
  password1: PASSWORD,
  password2: PASSWORD,
});
const usernameErrors = (res: { json: () => unknown }) => z.parse(RegistrationErrorBody, res.json()).username;

describe('registration', () => {
  beforeAll(async () => {
    for (const name of ['alice1', 'ace1']) expect((await register(ctx, body(name))).statusCode).toBe(201);
  });

  it('refuses « alicel » and « aliceI » beside « alice1 » (1, l and I share the skeleton l)', async () => {
    for (const name of ['alicel', 'aliceI']) {
      const res = await register(ctx, body(name));
      expect(res.statusCode, name).toBe(400);
      const error = z.parse(ErrorBody, res.json()).error;
      expect(error.code).toBe('validation');
      expect(error.message).toBe(ACCOUNT.usernameLookalike.fr);
      expect(usernameErrors(res)).toEqual([ACCOUNT.usernameLookalike.fr]);
    }
  });

  it('refuses « асе1 », all Cyrillic letters, beside « ace1 »; says so in English when asked', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/registration/rest/',
      payload: body('асе1'),
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(usernameErrors(res)).toEqual([ACCOUNT.usernameLookalike.en]);
  });

  it('refuses « аlice1 » (Cyrillic а among Latin letters) as mixed scripts, whatever else exists', async () => {
    for (const name of ['аlice1', 'pаul', 'mαrie']) {
      const res = await register(ctx, body(name));
      expect(res.statusCode, name).toBe(400);
      expect(usernameErrors(res)).toEqual([ACCOUNT.usernameMixedScripts.fr]);
    }
  });

  it('still answers « taken » for the same name in another case', async () => {
    const res = await register(ctx, body('ALICE1'));
    expect(res.statusCode).toBe(400);
    expect(usernameErrors(res)).toEqual([ACCOUNT.usernameTaken.fr]);
  });

  it('accepts a name all in Cyrillic, all in Greek, or Latin with Han and kana', async () => {
    for (const name of ['дмитрий', 'Ελένη', 'tanaka山田たろう', 'jean-marie.d_2']) {
      const res = await register(ctx, body(name));
      expect(res.statusCode, `${name} ${res.body}`).toBe(201);
    }
  });

  it('two look-alike registrations at once: one account, the other refused with the same 400', async () => {
    const [a, b] = await Promise.all([register(ctx, body('bobby0')), register(ctx, body('bobbyO'))]);
    expect([a?.statusCode, b?.statusCode].sort()).toEqual([201, 400]);
    const refused = a?.statusCode === 400 ? a : b;
    expect(refused && usernameErrors(refused)).toEqual([ACCOUNT.usernameLookalike.fr]);
    const rows = await ctx.db.db
      .selectFrom('user')
      .select('username')
      .where('username', 'in', ['bobby0', 'bobbyO'])
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('the unique index holds even when the check is skipped', async () => {
    const user = { username: 'carol0', email: 'carol0@exemple.fr', passwordHash: 'x', now: Date.now() };
    await registerUser(ctx.db.db, user, 60_000);
    await expect(
      registerUser(ctx.db.db, { ...user, username: 'CarolO', email: 'carolo@exemple.fr' }, 60_000),
    ).rejects.toThrow(/unique|duplicate key/i);
  });
});

describe('changing the username', () => {
  it('refuses a look-alike of another account, accepts a look-alike of its own name', async () => {
    await signedUpUser(ctx, 'martin0');
    const { token } = await signedUpUser(ctx, 'Claire');
    const patch = (username: string) =>
      ctx.request({ method: 'PATCH', url: '/api/auth/rest/user/', payload: { username }, token });
    const res = await patch('martinO');
    expect(res.statusCode).toBe(400);
    expect(z.parse(ErrorBody, res.json()).error.fields?.username).toEqual([ACCOUNT.usernameLookalike.fr]);
    const mixed = await patch('Clаire');
    expect(z.parse(ErrorBody, mixed.json()).error.fields?.username).toEqual([
      ACCOUNT.usernameMixedScripts.fr,
    ]);
    expect((await patch('CLAIRE')).statusCode).toBe(200);
  });
});
