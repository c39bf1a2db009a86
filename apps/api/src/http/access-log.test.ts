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

describe('no secret in the access log', () => {
  it('masks the tokens of e-mailed links and secret query values, keeps everything else', async () => {
    const { stream, lines } = collector();
    ctx = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    const secret = () => crypto.randomUUID().replaceAll('-', '');
    const tokens = [secret(), secret(), secret(), secret(), secret()];
    const urls = [
      `/user/password_reset/NA/${tokens[0]}`,
      `/user/register/${tokens[1]}`,
      `/api/user/alertes/stop/${tokens[2]}`,
      `/api/hydro/bassins?token=${tokens[3]}&jours=3`,
      `/api/hydro/bassins?Jeton=${tokens[4]}`,
    ];
    for (const url of urls) await ctx.request({ url });
    const logged = lines.filter((l) => l.msg === 'réponse').map((l) => l.url ?? '');
    expect(logged).toHaveLength(urls.length);
    const text = JSON.stringify(lines);
    for (const t of tokens) expect(text).not.toContain(t);
    expect(logged).toEqual([
      '/user/password_reset/…/…',
      '/user/register/…',
      '/api/user/alertes/stop/…',
      '/api/hydro/bassins?token=…&jours=3',
      '/api/hydro/bassins?Jeton=…',
    ]);
  });
});

describe('expected answers are not errors', () => {
  it('the designed 501 of oEmbed in XML is logged at info, without a stack', async () => {
    const { stream, lines } = collector();
    ctx = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    const url = `/api/oembed?url=${encodeURIComponent(`${ctx.deps.env.PUBLIC_URL}/lieu/1`)}&format=xml`;
    expect((await ctx.request({ url })).statusCode).toBe(501);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.level === 30 && l.msg === 'Demande non prise en charge')).toBe(true);
  });
});
