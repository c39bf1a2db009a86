/**
 * Security headers graded the way Mozilla Observatory's rules grade them (docs/decisions/101, issue D1): CSP,
 * framing, nosniff, HSTS in production on https, Referrer-Policy, cookies and CORS, on HTML pages, static files
 * and API answers; Swagger UI public only outside production or with API_DOCS=public.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { tileOrigin } from './security-headers';

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'p'.repeat(40),
  EDITEUR: 'Association Limni, Toulouse',
  DIRECTEUR_PUBLICATION: 'Camille Martin',
  HEBERGEUR: 'Hébergeur SAS, Roubaix',
  PUBLIC_URL: 'https://limni.example',
  TILE_URL: 'https://tuiles.example.org/{z}/{x}/{y}.png',
};

/** One inline script in the page, as a build could emit: its hash must be allowed, nothing else inline. */
const INLINE = 'window.__limni = 1;';
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-web-'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><title>Limni</title><script>${INLINE}</script><script type="module" src="/assets/app.js"></script>`,
);
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'export {};');
fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {});');

let dev: TestContext;
let prod: TestContext;
beforeAll(async () => {
  dev = await createTestApp({ env: { WEB_DIST: webDist } });
  prod = await createTestApp({ env: { ...PRODUCTION, WEB_DIST: webDist } });
});
afterAll(async () => {
  await dev.close();
  await prod.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

type Directives = Map<string, string[]>;
function parseCsp(header: string | undefined): Directives {
  const out: Directives = new Map();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

const header = (res: LightMyRequestResponse, name: string) => {
  const v = res.headers[name];
  return Array.isArray(v) ? v.join(', ') : v === undefined ? undefined : String(v);
};

/**
 * The Observatory tests, as failures (an empty list = no failing test). Rules (observatory's scanner):
 * csp-not-implemented / csp-implemented-with-unsafe-inline / -unsafe-eval / -insecure-scheme (script-src,
 * falling back to default-src, may not hold 'unsafe-inline', 'unsafe-eval', data:, http:, https:, *),
 * object-src restricted, x-frame-options (XFO DENY/SAMEORIGIN or CSP frame-ancestors), x-content-type-options
 * nosniff, referrer-policy private, strict-transport-security ≥ 6 months on https, cookies Secure on https and
 * SameSite, CORS not open to every origin.
 */
function observatoryFailures(res: LightMyRequestResponse, https: boolean): string[] {
  const failures: string[] = [];
  const csp = parseCsp(header(res, 'content-security-policy'));
  if (csp.size === 0) failures.push('csp-not-implemented');
  const script = csp.get('script-src') ?? csp.get('default-src') ?? ['*'];
  if (script.includes("'unsafe-inline'")) failures.push('csp-implemented-with-unsafe-inline');
  if (script.includes("'unsafe-eval'")) failures.push('csp-implemented-with-unsafe-eval');
  if (script.some((s) => ['*', 'data:', 'http:', 'https:'].includes(s) || s.startsWith('http://'))) {
    failures.push('csp-implemented-with-insecure-scheme');
  }
  const object = csp.get('object-src') ?? csp.get('default-src') ?? ['*'];
  if (!(object.length === 1 && object[0] === "'none'")) failures.push('csp-object-src-not-restricted');
  const ancestors = csp.get('frame-ancestors');
  const xfo = header(res, 'x-frame-options')?.toUpperCase();
  if (
    !ancestors?.every((a) => ["'none'", "'self'"].includes(a)) &&
    !['DENY', 'SAMEORIGIN'].includes(xfo ?? '')
  ) {
    failures.push('x-frame-options-not-implemented');
  }
  if (header(res, 'x-content-type-options')?.toLowerCase() !== 'nosniff') {
    failures.push('x-content-type-options-not-implemented');
  }
  const referrer = header(res, 'referrer-policy')?.toLowerCase() ?? '';
  if (
    !['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(referrer)
  ) {
    failures.push('referrer-policy-unsafe');
  }
  if (https) {
    const maxAge = Number(/max-age=(\d+)/i.exec(header(res, 'strict-transport-security') ?? '')?.[1] ?? 0);
    if (maxAge < 15_768_000) failures.push('hsts-not-implemented-or-too-short');
  }
  for (const cookie of [res.headers['set-cookie'] ?? []].flat()) {
    if (https && !/;\s*secure/i.test(cookie)) failures.push('cookies-without-secure-flag');
    if (!/;\s*samesite=(lax|strict)/i.test(cookie)) failures.push('cookies-samesite-flag-invalid');
    if (/^session/i.test(cookie) && !/;\s*httponly/i.test(cookie)) {
      failures.push('cookies-session-without-httponly');
    }
  }
  if (header(res, 'access-control-allow-origin') === '*') failures.push('cors-universal-access');
  return failures;
}

const PATHS = [
  '/',
  '/lieu/1/a-1',
  '/assets/app.js',
  '/sw.js',
  '/api/hydro/bassins',
  '/api/health',
  '/api/csrf',
  '/api/nope',
  '/nope.png',
  // Refused by the router itself (a parameter over 100 characters, a broken percent-encoding).
  `/api/hydro/lieu/${'x'.repeat(150)}`,
  '/api/hydro/lieu/%E0%A4%A',
];

describe('Observatory grading (no failing test)', () => {
  it('in development over http: every page, file and API answer', async () => {
    for (const url of PATHS) {
      const res = await dev.app.inject({ url });
      expect(observatoryFailures(res, false), url).toEqual([]);
      expect(header(res, 'strict-transport-security'), url).toBeUndefined();
    }
  });

  it('in production on https: the same, plus HSTS of a year and Secure cookies', async () => {
    for (const url of PATHS) {
      const res = await prod.app.inject({ url });
      expect(observatoryFailures(res, true), url).toEqual([]);
      expect(header(res, 'strict-transport-security'), url).toBe('max-age=31536000');
    }
    const page = await prod.app.inject({ url: '/' });
    expect(String(page.headers['set-cookie'])).toMatch(/^csrftoken=[^;]+;.*Secure/);
    expect(parseCsp(header(page, 'content-security-policy')).has('upgrade-insecure-requests')).toBe(true);
  });
});

describe('the policies', () => {
  it('web app: self only, the inline scripts of index.html by hash, the tile server, no framing', async () => {
    const res = await prod.app.inject({ url: '/lieu/1/a-1' });
    const csp = parseCsp(header(res, 'content-security-policy'));
    const hash = `'sha256-${crypto.createHash('sha256').update(INLINE).digest('base64')}'`;
    expect(csp.get('script-src')).toEqual(["'self'", hash]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://tuiles.example.org']);
    expect(csp.get('img-src')).toContain('https://tuiles.example.org');
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(header(res, 'x-frame-options')).toBe('DENY');
    expect(header(res, 'permissions-policy')).toMatch(/^geolocation=\(self\), camera=\(\)/);
    expect(header(res, 'cross-origin-opener-policy')).toBe('same-origin');
  });

  it('API answers: nothing may load or run, errors included', async () => {
    for (const url of ['/api/hydro/bassins', '/api/nope', '/api/hydro/entite/abc']) {
      const res = await dev.app.inject({ url });
      expect(header(res, 'content-security-policy'), url).toBe(
        "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
    }
  });

  it('the tile origin of TILE_URL', () => {
    expect(tileOrigin('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileOrigin('https://{s}.tiles.example:8443/{z}/{x}/{y}.png')).toBe('https://*.tiles.example:8443');
    expect(tileOrigin(undefined)).toBeNull();
  });
});

describe('Swagger UI (/api/docs)', () => {
  it('is public outside production, off in production unless API_DOCS=public', async () => {
    expect((await dev.app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
    expect((await prod.app.inject({ url: '/api/docs' })).statusCode).toBe(404);
    expect((await prod.app.inject({ url: '/api/docs/static/index.html' })).statusCode).toBe(404);
    const open = await createTestApp({ env: { ...PRODUCTION, API_DOCS: 'public' } });
    try {
      const res = await open.app.inject({ url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      expect(header(res, 'content-type')).toMatch(/^text\/html/);
      // Its own policy (Swagger UI's scripts are files), still without framing by others.
      expect(header(res, 'content-security-policy')).toMatch(/script-src 'self'/);
      expect(header(res, 'content-security-policy')).toMatch(/frame-ancestors 'none'/);
      expect(observatoryFailures(res, true)).toEqual([]);
      expect(header(res, 'x-frame-options')).toBe('DENY');
    } finally {
      await open.close();
    }
  });
});
