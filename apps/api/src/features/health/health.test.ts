import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { createTestApp, TEST_DB, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('GET /api/health', () => {
  it('reports the database, the version, the period covered and the ingestion mode', async () => {
    const res = await ctx.request({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = z.parse(HealthResponse, res.json());
    expect(body).toMatchObject({
      status: 'ok',
      database: { ok: true, dialect: TEST_DB },
      ingestion: { mode: 'off' },
    });
    expect(new Date(body.donnees.debut ?? 0).toISOString()).toBe('2021-07-12T20:50:00.000Z');
    expect(new Date(body.donnees.fin ?? 0).toISOString()).toBe('2022-01-31T23:55:00.000Z');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI description', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/hydro/index', '/api/hydro/entite/{id}']),
    );
  });
});
