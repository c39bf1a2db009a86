/**
 * Every route of the OpenAPI description, fuzzed: malformed path parameters, hostile query
 * strings and bodies, with and without a signed-in user — never a 5xx, always the error shape with a French
 * message. Bounded (a fixed list of values per route) and on the loopback only (inject, and a local stand-in for
 * Open-Meteo).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { signedUpUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/helpers';
import { startUpstream, type Upstream } from '../../test/upstream';

let ctx: TestContext;
let up: Upstream;
let token: string;
let routes: Array<{ method: string; path: string }>;

beforeAll(async () => {
  up = await startUpstream(() => ({ status: 503, body: 'indisponible' }));
  ctx = await createTestApp({ env: { OPEN_METEO_BASE_URL: `${up.origin}/v1` } });
  token = (await signedUpUser(ctx, 'Fuzz')).token;
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(async () => {
  await ctx.close();
  await up.close();
});

/** Values for every `{param}` of a path: valid-looking, out of range, injections, traversal, huge, odd encodings. */
const PARAMS = [
  '1',
  '0',
  '-1',
  '9999999999',
  '1.5',
  'abc',
  "1'%20OR%20'1'%3D'1",
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%E2%80%AE',
  'x'.repeat(300),
  '2022-01-31',
  '2022-02-30',
  '1e309',
];
const QUERIES = [
  '',
  '?date=zzz&nb=-5&avant=abc&strict=2',
  '?__proto__[admin]=1&constructor[prototype][x]=1',
  `?q=${'%27'.repeat(50)}&x[]=1&x[]=2`,
];
const JSON_TYPE = { 'content-type': 'application/json' };
const BODIES: Array<{ headers: Record<string, string>; payload: string }> = [
  { headers: JSON_TYPE, payload: '{}' },
  { headers: JSON_TYPE, payload: '[]' },
  { headers: JSON_TYPE, payload: 'null' },
  { headers: JSON_TYPE, payload: '{"lieu": 1e309' },
  { headers: JSON_TYPE, payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}' },
  {
    headers: JSON_TYPE,
    payload: JSON.stringify({
      lieu: '1; drop table lieu',
      regles: [{ type: 'au_dessus', grandeur: 'H', seuil: 'NaN' }],
      email: { $ne: null },
      username: ['a'],
      token: 'x'.repeat(5000),
      etat: 'lu',
      ids: Array.from({ length: 2000 }, (_v, i) => i),
    }),
  },
  {
    headers: { 'content-type': 'text/xml' },
    payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  {
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    payload:
      '--b\r\nContent-Disposition: form-data; name="photo"; filename="../../x.svg"\r\nContent-Type: image/svg+xml\r\n\r\n<svg onload="alert(1)"/>\r\n--b--\r\n',
  },
];

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);
/** Routes that end the session or the account run last, so that the others are tried signed in. */
const LAST = ['/api/auth/rest/logout/', '/api/user/delete'];

async function expectNo5xx(method: string, url: string, opts: { token?: string; body?: (typeof BODIES)[0] }) {
  const res = await ctx.request({
    method: method as 'GET',
    url,
    token: opts.token,
    ...(opts.body ? { headers: opts.body.headers, payload: opts.body.payload } : {}),
  });
  const where = `${method} ${url} ${opts.body?.payload.slice(0, 40) ?? ''} ${opts.token ? '(connecté)' : ''}`;
  expect(res.statusCode, `${where} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && /json/.test(String(res.headers['content-type']))) {
    const parsed = z.safeParse(ErrorBody, res.json());
    expect(parsed.success, `${where} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBe(true);
    const error = parsed.data?.error ?? { message: '' };
    expect(error.message, where).toMatch(/[a-zàâçéèêëîïôûùüÿœ]/i);
    expect(error.message, where).not.toMatch(/\b(Unexpected|undefined|TypeError|SqliteError|stack)\b/);
  }
}

describe('every OpenAPI route, fuzzed: 0 × 5xx', () => {
  it('covers the whole description', () => {
    expect(routes.length).toBeGreaterThan(60);
  });

  it('path parameters and query strings', async () => {
    const ordered = [...routes].sort((a, b) => Number(LAST.includes(a.path)) - Number(LAST.includes(b.path)));
    for (const { method, path } of ordered) {
      const values = path.includes('{') ? PARAMS : ['-'];
      for (const value of values) {
        for (const query of QUERIES) {
          for (const t of [undefined, token]) {
            await expectNo5xx(method, `${fill(path, value)}${query}`, { token: t });
          }
        }
      }
    }
  });

  it('hostile bodies on every route that takes one', async () => {
    token = (await signedUpUser(ctx, 'Fuzz2')).token;
    const writes = routes
      .filter((r) => r.method !== 'GET')
      .sort((a, b) => Number(LAST.includes(a.path)) - Number(LAST.includes(b.path)));
    for (const { method, path } of writes) {
      for (const body of BODIES) {
        for (const t of [undefined, token]) await expectNo5xx(method, fill(path, '1'), { token: t, body });
      }
    }
  });
});
