/** Bad input on every account, profile and publication path: a 4xx with a French message, never a 500. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { signedUpUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { formData } from '../../../test/uploads';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await signedUpUser(ctx, 'Robuste')).token;
});
afterAll(async () => ctx.close());

const ROUTES: [string, string][] = [
  ['POST', '/api/auth/rest/login/'],
  ['POST', '/api/registration/rest/'],
  ['POST', '/api/registration/rest/verify-email/'],
  ['POST', '/api/auth/rest/password/reset/'],
  ['POST', '/api/auth/rest/password/reset/confirm/'],
  ['POST', '/api/auth/rest/password/change/'],
  ['PATCH', '/api/auth/rest/user/'],
  ['POST', '/api/user/token-verify'],
  ['POST', '/api/user/token-refresh'],
  ['POST', '/api/user/profile'],
  ['PUT', '/api/user/avatar'],
  ['POST', '/api/user/crea-abonnement'],
  ['POST', '/api/user/stop-abonnement'],
  ['POST', '/api/user/toggle-abonnement'],
  ['POST', '/api/user/toggle-liste-sib'],
  ['POST', '/api/user/edit-push'],
  ['POST', '/api/user/new-publication'],
];

const BODIES: { label: string; headers: Record<string, string>; payload: string | Buffer }[] = [
  { label: 'broken JSON', headers: { 'content-type': 'application/json' }, payload: '{"username": ' },
  { label: 'a JSON array', headers: { 'content-type': 'application/json' }, payload: '[1, 2]' },
  { label: 'JSON null', headers: { 'content-type': 'application/json' }, payload: 'null' },
  {
    label: 'wrong types',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      username: 1,
      password: [],
      email: {},
      key: 5,
      token: null,
      lieu: 'x',
      liste: {},
      type: 1,
      registrationId: 2,
      date_naissance: 3,
      password1: true,
    }),
  },
  { label: 'a form', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' },
  { label: 'plain text', headers: { 'content-type': 'text/plain' }, payload: 'bonjour' },
  {
    label: 'a truncated multipart body',
    headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    payload: '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n\xff\xd8',
  },
  {
    label: 'a multipart body without boundary',
    headers: { 'content-type': 'multipart/form-data' },
    payload: 'rien',
  },
  {
    label: 'more than 1 MB of JSON',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username: 'x'.repeat(1_100_000) }),
  },
];

describe('never a 500', () => {
  for (const [method, url] of ROUTES) {
    it(`${method} ${url}`, async () => {
      for (const t of [token, undefined]) {
        for (const body of BODIES) {
          const res = await ctx.request({
            method: method as 'POST',
            url,
            token: t,
            headers: body.headers,
            payload: body.payload,
          });
          expect(res.statusCode, `${body.label} → ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${body.label} → ${res.body}`).toBeLessThan(500);
          const error = z.parse(ErrorBody, res.json()).error;
          expect(error.message, body.label).toMatch(/[a-zàéèêç]/i);
          expect(error.message, body.label).not.toMatch(/\b(Unexpected|undefined|Error|Invalid|Cannot)\b/);
        }
      }
    });
  }

  it('answers 400, not a database error, to ids beyond the integer range', async () => {
    const huge = '9999999999';
    const cases = [
      ctx.request({ method: 'DELETE', url: `/api/user/publication/${huge}`, token }),
      ctx.request({ url: `/api/hydro/lieu/${huge}/publications` }),
      ctx.request({
        method: 'POST',
        url: '/api/user/crea-abonnement',
        token,
        payload: { lieu: Number(huge) },
      }),
      ctx.request({
        method: 'POST',
        url: '/api/user/toggle-liste-sib',
        token,
        payload: { liste: Number(huge) },
      }),
      ctx.request({
        method: 'POST',
        url: '/api/auth/rest/password/reset/confirm/',
        payload: {
          uid: Buffer.from(huge).toString('base64url'),
          token: 'x',
          new_password1: 'a',
          new_password2: 'a',
        },
      }),
      ctx.request({
        method: 'POST',
        url: '/api/user/new-publication',
        token,
        ...formData({ lieu: huge, texte: 'x' }),
      }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(z.parse(ErrorBody, res.json()).error.code).toBe('validation');
    }
  });

  it('serves the OpenAPI description of the account paths', async () => {
    const res = await ctx.request({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((res.json() as { paths: Record<string, unknown> }).paths);
    for (const [, url] of ROUTES) expect(paths).toContain(url);
    expect(paths).toContain('/api/hydro/lieu/{id}/publications');
  });
});
