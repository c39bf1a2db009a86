/**
 * The attack list (`test/attacks.ts`) against the real server listening on 127.0.0.1, behind one
 * trusted proxy hop (TRUST_PROXY=1, as a deployment behind nginx): nothing found. Runs on SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAttacks } from '../../test/attacks';
import { createTestApp, type TestContext } from '../../test/helpers';
import { fixtureText, startUpstream, type Upstream } from '../../test/upstream';

let ctx: TestContext;
let up: Upstream;
let base: string;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-web-'));

beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Limni</title><div id="root"></div>',
  );
  const recorded = fixtureText('open-meteo/forecast_lat48.64_lon2.32_2026-04-04.json');
  up = await startUpstream(() => ({ body: recorded }));
  ctx = await createTestApp({
    env: { WEB_DIST: webDist, TRUST_PROXY: '1', OPEN_METEO_BASE_URL: `${up.origin}/v1` },
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await ctx.close();
  await up.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the attack list, re-run', () => {
  it('finds nothing', { timeout: 240_000 }, async () => {
    const result = await runAttacks({ base, dataDir: ctx.dataDir });
    expect(result.ran.length).toBeGreaterThanOrEqual(25);
    expect(result.findings).toEqual([]);
  });
});
