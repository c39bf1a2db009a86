/**
 * The page carries the `/api/health` answer for its first paint (docs/decisions/109) and the `/api/replay` answer
 * (docs/decisions/052): meta elements whose content,
 * once HTML-unescaped and parsed, is what `/api/health` answers; hostile text cannot leave the attribute.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { ReplayStatus } from '@limni/shared/contracts/replay';
import { createTestApp, type TestContext } from '../../test/helpers';
import { activiteIdBySlug, entiteIdByNom, lieuIdByCode } from '../../test/referentiel';
import { PAGE_HEALTH_META, PAGE_REPLAY_META, withPageData } from './web';

let ctx: TestContext;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-web-'));
/** A script of the build with the Brotli and gzip copies apps/web/scripts/precompress.ts writes beside it. */
const SCRIPT = `export const x = ${JSON.stringify('Limni '.repeat(400))};\n`;
const SW = `self.addEventListener('fetch', () => {}); // ${'sw '.repeat(400)}\n`;
beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, 'assets'));
  for (const [file, body] of [
    ['assets/app-abc123.js', SCRIPT],
    ['sw.js', SW],
  ] as const) {
    fs.writeFileSync(path.join(webDist, file), body);
    fs.writeFileSync(path.join(webDist, `${file}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(webDist, `${file}.gz`), zlib.gzipSync(body));
  }
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="fr"><head><title>Limni</title></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestApp({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The meta's content as a browser reads it: the attribute's entities decoded. */
function metaContent(html: string, name = PAGE_HEALTH_META): string | null {
  const m = new RegExp(`<meta name="${name}" content="([^"]*)" />`).exec(html);
  if (!m) return null;
  return (m[1] ?? '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('static files are sent from the build’s compressed copies (docs/decisions/131)', () => {
  it.each([
    ['br', (b: Buffer) => zlib.brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => zlib.gunzipSync(b)],
  ] as const)('%s: the copy, with the file’s type and caching', async (encoding, decode) => {
    const res = await ctx.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': encoding },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['vary'])).toMatch(/accept-encoding/i);
    const ext = encoding === 'br' ? '.br' : '.gz';
    expect(res.rawPayload.equals(fs.readFileSync(path.join(webDist, `assets/app-abc123.js${ext}`)))).toBe(
      true,
    );
    expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('the file itself to a client that accepts no encoding', async () => {
    const res = await ctx.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('the service worker keeps its no-cache from its Brotli copy', async () => {
    const res = await ctx.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SW);
  });
});

describe('the page carries the service state', () => {
  it('in its head, equal to what /api/health answers', async () => {
    const page = await ctx.app.inject({ url: '/bassins' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const content = metaContent(page.body);
    expect(content).not.toBeNull();
    const carried = z.parse(HealthResponse, JSON.parse(content as string));
    const health = z.parse(HealthResponse, (await ctx.app.inject({ url: '/api/health' })).json());
    expect(carried.donnees).toEqual(health.donnees);
    expect(carried.episodes).toEqual(health.episodes);
    expect(carried.ingestion.mode).toBe(health.ingestion.mode);
    expect(page.body.indexOf(PAGE_HEALTH_META)).toBeLessThan(page.body.indexOf('</head>'));
  });

  it('and the replay state, equal to what /api/replay answers', async () => {
    const page = await ctx.app.inject({ url: '/' });
    const content = metaContent(page.body, PAGE_REPLAY_META);
    expect(content).not.toBeNull();
    const carried = z.parse(ReplayStatus, JSON.parse(content as string));
    expect(carried).toEqual(z.parse(ReplayStatus, (await ctx.app.inject({ url: '/api/replay' })).json()));
    expect(page.body.indexOf(PAGE_REPLAY_META)).toBeLessThan(page.body.indexOf('</head>'));
  });

  it('keeps hostile text inside the attribute', () => {
    const hostile = { message: '"/><script>alert(1)</script><meta a="&' };
    const html = withPageData('<html><head></head><body></body></html>', hostile);
    expect(html).not.toMatch(/<script/);
    expect(JSON.parse(metaContent(html) as string)).toEqual(hostile);
  });
});

describe('the status of a page follows the app’s routes and the data', () => {
  /** An id one past the largest of a table: named by no row. */
  const unused = async (table: 'lieu' | 'entite' | 'troncon' | 'activite'): Promise<number> => {
    const row = await ctx.db.db
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    return Number(row.max ?? 0) + 1;
  };
  const statusOf = async (url: string): Promise<number> => (await ctx.app.inject({ url })).statusCode;

  it('answers 200 with the app for the paths of its routes whose ids exist', async () => {
    const lieu = await lieuIdByCode(ctx, 'O200004001');
    const canoe = await activiteIdBySlug(ctx, 'canoe-kayak');
    const garonne = await entiteIdByNom(ctx, 'La Garonne');
    const { troncon_id: troncon } = await ctx.db.db
      .selectFrom('lieu')
      .select('troncon_id')
      .where('id', '=', lieu)
      .executeTakeFirstOrThrow();
    expect(troncon).not.toBeNull();
    for (const url of [
      '/',
      '/bassins',
      '/credits',
      '/user/login',
      '/user/register/une-cle',
      `/activite/${canoe}`,
      `/entite/${garonne}/liste/activite/${canoe}`,
      `/entite/${garonne}/carte/activite/${canoe}`,
      `/entite-troncon/${troncon}/carte/activite/${canoe}`,
      `/lieu/${lieu}/a-${canoe}`,
      `/lieu/${lieu}/a-${canoe}/photos`,
      `/lieu/${lieu}/a-${canoe}/donnees?depuis=2024-01-01`,
    ]) {
      const res = await ctx.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('answers 404 with the app for a path of no route, or whose ids name nothing', async () => {
    const lieu = await lieuIdByCode(ctx, 'O200004001');
    const canoe = await activiteIdBySlug(ctx, 'canoe-kayak');
    const garonne = await entiteIdByNom(ctx, 'La Garonne');
    for (const url of [
      '/cette/page/nexiste/pas',
      '/bassins/en-trop',
      '/lieu',
      `/lieu/${lieu}/canoe`,
      `/lieu/${lieu}/a-${canoe}/onglet-inconnu`,
      `/lieu/abc/a-${canoe}`,
      `/lieu/${await unused('lieu')}/a-${canoe}/donnees`,
      `/lieu/${lieu}/a-${await unused('activite')}`,
      `/entite/${await unused('entite')}/liste/activite/${canoe}`,
      `/entite/${garonne}/liste/activite/${await unused('activite')}`,
      `/entite-troncon/${await unused('troncon')}/carte/activite/${canoe}`,
      `/activite/${await unused('activite')}`,
    ]) {
      const res = await ctx.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      // The app's page, which shows its not-found page: not the API's JSON error.
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
    }
    expect(await statusOf('/api/nope')).toBe(404);
  });
});
