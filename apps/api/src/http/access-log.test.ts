/**
 * The access log (docs/decisions/115): one line per answer — method, path, status, time, client address — for
 * public GETs, refusals and errors alike; none at `warn`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';

interface Line {
  level: number;
  msg: string;
  m?: string;
  url?: string;
  s?: number;
  ms?: number;
  ip?: string;
}

function collector(): { stream: { write: (chunk: string) => void }; lines: Line[] } {
  const lines: Line[] = [];
  return {
    lines,
    stream: {
      write: (chunk: string) => {
        for (const l of chunk.split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Line);
      },
    },
  };
}

let ctx: TestContext | null = null;
afterEach(async () => {
  await ctx?.close();
  ctx = null;
});

describe('access log', () => {
  it('writes one line per answer with method, path, status, time and address', async () => {
    const { stream, lines } = collector();
    ctx = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    const urls = ['/api/hydro/bassins', '/api/hydro/lieu/abc', '/api/nope?x=1'];
    const statuses: number[] = [];
    for (const url of urls) statuses.push((await ctx.request({ url })).statusCode);
    expect(statuses).toEqual([200, 400, 404]);
    const access = lines.filter((l) => l.msg === 'réponse');
    expect(access.map((l) => [l.m, l.url, l.s])).toEqual(urls.map((u, i) => ['GET', u, statuses[i]]));
    for (const l of access) {
      expect(l.level).toBe(30);
      expect(l.ip).toBe('127.0.0.1');
      expect(l.ms).toBeGreaterThanOrEqual(0);
    }
    // Fastify's own pair of lines per request is gone.
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('is silent at warn', async () => {
    const { stream, lines } = collector();
    ctx = await createTestApp({ env: { LOG_LEVEL: 'warn' }, logStream: stream });
    expect((await ctx.request({ url: '/api/hydro/bassins' })).statusCode).toBe(200);
    expect(lines.filter((l) => l.msg === 'réponse')).toEqual([]);
  });
});
