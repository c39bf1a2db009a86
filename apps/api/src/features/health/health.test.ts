import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { historyCsv } from '../../../../../test-support/history-csv';
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
    // The earliest value is the first day of the embedded daily archive (at noon UTC, as daily values are stored).
    const firstArchived = historyCsv().reduce((min, r) => (r.jour < min ? r.jour : min), '9999');
    expect(new Date(body.donnees.debut ?? 0).toISOString()).toBe(`${firstArchived}T12:00:00.000Z`);
    expect(new Date(body.donnees.fin ?? 0).toISOString()).toBe('2022-01-31T23:55:00.000Z');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stays ok while ingestion is off, whatever job rows an earlier live run left', async () => {
    await ctx.db.db
      .insertInto('ingest_job')
      .values({
        job: 'vigicrues-vigilance',
        last_error: 'Vigicrues : HTTP 502 pour https://www.vigicrues.gouv.fr/services/x : <html>',
        last_error_code: 'http_502',
        last_error_at: 1,
        consecutive_failures: 9,
      })
      .execute();
    const strict = await ctx.request({ url: '/api/health?strict=1' });
    expect(strict.statusCode).toBe(200);
    // What a load balancer probes leaves the jobs' details out.
    expect(z.parse(HealthResponse, strict.json()).ingestion.jobs).toEqual([]);
    const res = await ctx.request({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = z.parse(HealthResponse, res.json());
    expect(body.status).toBe('ok');
    expect(body.problemes).toEqual([]);
    expect(body.ingestion.jobs).toEqual([
      expect.objectContaining({
        job: 'vigicrues-vigilance',
        lastError: 'Vigicrues : le service a répondu HTTP 502',
        enEchec: true,
      }),
    ]);
    expect(res.body).not.toMatch(/https?:|<html>/);
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
