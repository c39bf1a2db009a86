/**
 * Account answers in the language the request asks for: French by default, English with
 * `Accept-Language: en`; codes never change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { RegistrationErrorBody } from '@limni/shared/contracts/account';
import { freshIp } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { ACCOUNT } from './account.messages';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const post = (url: string, payload: Record<string, unknown>, langue?: string) =>
  ctx.request({
    method: 'POST',
    url,
    payload,
    remoteAddress: freshIp(),
    headers: langue ? { 'accept-language': langue } : {},
  });

describe('sign-in and registration answer in the asked language', () => {
  it('a wrong password: English for an English browser, French otherwise, same code', async () => {
    const payload = { username: 'personne-inconnue', password: 'pas-le-bon-mot-de-passe' };
    const en = await post('/api/auth/rest/login/', payload, 'en-US,en;q=0.9');
    const fr = await post('/api/auth/rest/login/', payload, 'fr-FR,fr;q=0.9,en;q=0.8');
    const none = await post('/api/auth/rest/login/', payload);
    expect(en.statusCode).toBe(fr.statusCode);
    const [e, f, n] = [en, fr, none].map((r) => z.parse(ErrorBody, r.json()).error);
    expect(e?.code).toBe(f?.code);
    expect(e?.message).toBe(ACCOUNT.badCredentials.en);
    expect(f?.message).toBe(ACCOUNT.badCredentials.fr);
    expect(n?.message).toBe(ACCOUNT.badCredentials.fr);
  });

  it('registration field errors, at the top level and in error.fields', async () => {
    const res = await post('/api/registration/rest/', { email: 'pas-une-adresse' }, 'en');
    expect(res.statusCode).toBe(400);
    const body = z.parse(RegistrationErrorBody, res.json());
    expect(body.username).toEqual([ACCOUNT.required.en]);
    expect(body.error.fields?.email).toEqual([ACCOUNT.invalidEmail.en]);
    expect(body.error.code).toBe('validation');
  });

  it('a malformed path parameter elsewhere in the API', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/hydro/entite/abc',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(z.parse(ErrorBody, res.json()).error.message).toMatch(
      /^Invalid request \(path: id\): The id must be/,
    );
  });
});
