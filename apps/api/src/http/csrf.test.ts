import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { CSRF_COOKIE, isValidCsrfToken } from './csrf';

let ctx: TestContext;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-web-'));
beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Limni</title>');
  ctx = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const cookieOf = (setCookie: string | string[] | undefined): string | undefined => {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return line?.slice(CSRF_COOKIE.length + 1).split(';')[0];
};

describe('the CSRF cookie', () => {
  it('is never set on an API answer, public or not', async () => {
    for (const url of ['/api/hydro/bassins', '/api/hydro/index', '/api/health', '/api/nope']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('is set by GET /api/csrf, once: a browser holding a valid one keeps it', async () => {
    const first = await ctx.app.inject({ url: '/api/csrf' });
    const token = cookieOf(first.headers['set-cookie']);
    expect(token && isValidCsrfToken(ctx.deps.secrets.csrfKey, token)).toBe(true);
    expect((first.json() as { csrftoken: string }).csrftoken).toBe(token);
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await ctx.app.inject({ url: '/api/csrf', cookies: { [CSRF_COOKIE]: token ?? '' } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((again.json() as { csrftoken: string }).csrftoken).toBe(token);
  });

  it('is set by an HTML page load, and replaces a forged one', async () => {
    const page = await ctx.app.inject({ url: '/lieu/1/a-1', cookies: { [CSRF_COOKIE]: 'forged.value' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const token = cookieOf(page.headers['set-cookie']);
    expect(token && isValidCsrfToken(ctx.deps.secrets.csrfKey, token)).toBe(true);
  });

  it('public answers vary with Accept-Encoding only; personal ones with Authorization and Cookie (issue D6)', async () => {
    for (const url of ['/api/hydro/bassins', '/api/hydro/index', '/api/activites/all']) {
      for (const encoding of ['br', 'identity']) {
        const res = await ctx.app.inject({
          url,
          headers: { 'accept-encoding': encoding },
          cookies: { [CSRF_COOKIE]: 'x.y' },
        });
        expect(res.headers['cache-control'], url).toMatch(/^public/);
        expect(res.headers.vary, url).toMatch(/^accept-encoding$/i);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
    }
    const personal = await ctx.app.inject({ url: '/api/user/profile' });
    expect(personal.headers['cache-control']).toBe('no-store');
    expect(personal.headers.vary).toBe('Authorization, Cookie');
  });

  it('an HTML page that sets the cookie is private; one that does not is shared (no-cache)', async () => {
    const first = await ctx.app.inject({ url: '/accueil' });
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const token = cookieOf(first.headers['set-cookie']) ?? '';
    const again = await ctx.app.inject({ url: '/accueil', cookies: { [CSRF_COOKIE]: token } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('must be echoed in X-CSRFToken by a state-changing request', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: {} });
    expect(res.statusCode).toBe(403);
    expect((res.json() as { error: { code: string } }).error.code).toBe('forbidden');
  });
});
