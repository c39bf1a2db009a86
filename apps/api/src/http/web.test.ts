/**
 * The page carries the `/api/health` answer for its first paint (docs/decisions/109) and the `/api/replay` answer
 * (docs/decisions/052): meta elements whose content,
 * once HTML-unescaped and parsed, is what `/api/health` answers; hostile text cannot leave the attribute.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { ReplayStatus } from '@limni/shared/contracts/replay';
import { createTestApp, type TestContext } from '../../test/helpers';
import { PAGE_HEALTH_META, PAGE_REPLAY_META, withPageData } from './web';

let ctx: TestContext;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-web-'));
beforeAll(async () => {
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
