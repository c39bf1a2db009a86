/**
 * The weather proxy does not burn the Open-Meteo quota (docs/decisions/104, issue D2): cells of 0.1° shared by
 * neighbouring places and by every instance (cache in the database), one call in flight per cell, a per-IP limit
 * on new cells, and a daily budget after which the answer is a clear « indisponible ».
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MeteoIndisponible, MeteoLieuResponse } from '@limni/shared/contracts/meteo';
import { buildApp } from '../../app';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { fixtureText, startUpstream, type Upstream } from '../../../test/upstream';
import { cellOf, METEO_IP_RULE, meteoHttp } from './meteo.service';

const RECORDED = fixtureText('open-meteo/forecast_lat48.64_lon2.32_2026-04-04.json');
const BUDGET = 6;

let up: Upstream;
let ctx: TestContext;
let second: FastifyInstance;
let clock = Date.parse('2026-04-04T16:50:00Z');
/** Every place with its cell, and the places grouped by cell. */
let cells: Map<string, number[]>;

beforeAll(async () => {
  up = await startUpstream(() => ({ body: RECORDED, delayMs: 50 }));
  ctx = await createTestApp({
    now: () => clock,
    env: { OPEN_METEO_BASE_URL: `${up.origin}/v1` },
  });
  // A second instance on the same database (another process behind the same load balancer).
  second = await buildApp(ctx.deps, { logger: false });
  await second.ready();
  const rows = await ctx.db.db
    .selectFrom('lieu')
    .select(['id', 'lat_gps', 'lon_gps'])
    .orderBy('id')
    .execute();
  cells = new Map();
  for (const r of rows) {
    const cell = cellOf(r.lat_gps, r.lon_gps);
    cells.set(cell, [...(cells.get(cell) ?? []), r.id]);
  }
  meteoHttp.timeoutMs = 2_000;
});
afterAll(async () => {
  await second.close();
  await up.close();
  await ctx.close();
});

const calls = () => up.requests.filter((r) => r.path === '/v1/forecast').length;
const ask = (app: FastifyInstance, id: number, ip: string) =>
  app.inject({ url: `/api/meteo/lieu/${id}`, remoteAddress: ip });
const parse = (res: { json: () => unknown }) => z.parse(MeteoLieuResponse, res.json());

describe('one upstream call per 0.1° cell', () => {
  it('neighbouring places and concurrent asks share one call; a second instance reads the same cache', async () => {
    const [places = []] = [...cells.values()].filter((ids) => ids.length >= 3).slice(0, 1);
    expect(places.length).toBeGreaterThanOrEqual(3);
    const before = calls();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_v, i) =>
        ask(ctx.app, places[i % places.length] as number, '198.51.100.1'),
      ),
    );
    for (const a of answers) expect(parse(a).etat).toBe('disponible');
    expect(calls() - before).toBe(1);
    const other = await ask(second, places[0] as number, '198.51.100.2');
    expect(parse(other).etat).toBe('disponible');
    expect(calls() - before).toBe(1);
  });
});

describe('a sweep of every place from one address (issue D2)', () => {
  it(`costs at most ${METEO_IP_RULE.max} upstream calls; the rest is « indisponible », not cached`, async () => {
    const lieux = [...cells.values()].slice(0, 300).map((ids) => ids[0] as number);
    const before = calls();
    const answers = await Promise.all(lieux.map((id) => ask(ctx.app, id, '203.0.113.66')));
    const made = calls() - before;
    expect(made).toBeGreaterThan(0);
    expect(made).toBeLessThanOrEqual(METEO_IP_RULE.max);
    const refused = answers.filter((a) => {
      const body = parse(a);
      return body.etat === 'indisponible' && body.raison === 'trop_de_demandes';
    });
    expect(refused.length).toBeGreaterThanOrEqual(300 - METEO_IP_RULE.max - 1);
    for (const r of refused) {
      expect(r.headers['cache-control']).toBe('no-store');
      expect(z.parse(MeteoIndisponible, r.json()).message).toMatch(/trop de lieux différents/);
    }
  });
});

describe('the daily budget (METEO_DAILY_BUDGET), shared by the instances', () => {
  it('once spent, every new cell is « indisponible » with a clear message; it comes back a day later', async () => {
    const tight = await createTestApp({
      now: () => clock,
      env: { OPEN_METEO_BASE_URL: `${up.origin}/v1`, METEO_DAILY_BUDGET: String(BUDGET) },
    });
    const tightSecond = await buildApp(tight.deps, { logger: false });
    try {
      const before = calls();
      // Distinct networks (no per-IP limit nor network share at play), two instances, more cells than the budget.
      const lieux = [...cells.values()].slice(0, BUDGET + 4).map((ids) => ids[0] as number);
      const answers = [];
      for (const [i, id] of lieux.entries()) {
        answers.push(parse(await ask(i % 2 ? tightSecond : tight.app, id, `198.18.${i}.1`)));
      }
      expect(calls() - before).toBe(BUDGET);
      expect(answers.slice(0, BUDGET).every((a) => a.etat === 'disponible')).toBe(true);
      for (const a of answers.slice(BUDGET)) {
        const body = z.parse(MeteoIndisponible, a);
        expect(body.raison).toBe('budget');
        expect(body.message).toMatch(
          /indisponible pour le reste de la journée : Limni a utilisé toutes ses demandes quotidiennes/,
        );
      }
      // Cells already fetched are still served from the cache.
      expect(parse(await ask(tight.app, lieux[0] as number, '192.0.2.100')).etat).toBe('disponible');

      clock += 24 * 3600_000 + 1000;
      const again = parse(await ask(tight.app, lieux.at(-1) as number, '192.0.2.200'));
      expect(again.etat).toBe('disponible');
      expect(calls() - before).toBe(BUDGET + 1);
    } finally {
      await tightSecond.close();
      await tight.close();
    }
  });
});
