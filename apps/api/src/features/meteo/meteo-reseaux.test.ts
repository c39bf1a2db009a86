/**
 * The weather budget is shared by networks (docs/decisions/161): clients behind one trusted proxy, from many
 * addresses of many networks, sweep new cells one network after the other, as an attack did. Each network
 * (IPv4 /24, IPv6 /48) spends at most its share; once the open part of the budget is spent, only networks that have
 * asked little get new cells, so the sweep leaves the reserve to the others; cached cells are served to everyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { MeteoIndisponible, MeteoLieuResponse } from '@limni/shared/contracts/meteo';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { fixtureText, startUpstream, type Upstream } from '../../../test/upstream';
import { reseauLarge } from '../../http/limiter';
import {
  cellOf,
  METEO_IP_RULE,
  METEO_RESERVE_PAR_RESEAU,
  meteoBudgetParts,
  meteoPireCas,
} from './meteo.service';

const RECORDED = fixtureText('open-meteo/forecast_lat48.64_lon2.32_2026-04-04.json');
/** The budget of this file (METEO_DAILY_BUDGET), and its parts as the service computes them. */
const BUDGET = 500;
const PARTS = meteoBudgetParts(BUDGET);
/** Networks of the sweep: enough to spend the open part alone, and more. */
const NETWORKS = Math.ceil(PARTS.ouvert / PARTS.parReseau) + 10;
/** Addresses per network: each stays far below the per-address limit. */
const ADDRESSES = 4;
const PROXY = '10.0.0.2';

let up: Upstream;
let ctx: TestContext;
const clock = Date.parse('2026-04-04T16:50:00Z');
/** One lieu of each cell, in the order of their ids. */
let lieux: number[];

beforeAll(async () => {
  up = await startUpstream(() => ({ body: RECORDED }));
  ctx = await createTestApp({
    now: () => clock,
    env: {
      OPEN_METEO_BASE_URL: `${up.origin}/v1`,
      METEO_DAILY_BUDGET: String(BUDGET),
      TRUST_PROXY: '1',
    },
  });
  const rows = await ctx.db.db
    .selectFrom('lieu')
    .select(['id', 'lat_gps', 'lon_gps'])
    .orderBy('id')
    .execute();
  const byCell = new Map<string, number>();
  for (const r of rows) {
    const cell = cellOf(r.lat_gps, r.lon_gps);
    if (!byCell.has(cell)) byCell.set(cell, r.id);
  }
  lieux = [...byCell.values()];
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});

const calls = () => up.requests.filter((r) => r.path === '/v1/forecast').length;
/** A request through the trusted proxy from `client`. */
const ask = async (id: number, client: string) => {
  const res = await ctx.app.inject({
    url: `/api/meteo/lieu/${id}`,
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': client },
  });
  expect(res.statusCode).toBe(200);
  return z.parse(MeteoLieuResponse, res.json());
};

describe('networks of the budget', () => {
  it('an IPv4 address stands for its /24, an IPv6 address for its /48', () => {
    expect(reseauLarge('198.51.100.7')).toBe('198.51.100.0/24');
    expect(reseauLarge('::ffff:198.51.100.7')).toBe('198.51.100.0/24');
    expect(reseauLarge('2001:db8:5:1::1')).toBe(reseauLarge('2001:db8:5:ffff:1:2:3:4'));
    expect(reseauLarge('2001:db8:5:1::1')).toBe('2001:db8:5::/48');
    expect(reseauLarge('2001:db8:6::1')).not.toBe(reseauLarge('2001:db8:5::1'));
  });
});

describe(`a sweep from ${NETWORKS} networks of ${ADDRESSES} addresses (budget ${BUDGET})`, () => {
  /** Cells already fetched by the sweep. */
  const fetched: number[] = [];

  it(
    'spends no more than the open part and each late network’s small allowance: the reserve stays',
    { timeout: 90_000 },
    async () => {
      expect(PARTS.parReseau).toBeGreaterThan(METEO_RESERVE_PAR_RESEAU);
      expect(PARTS.parReseau).toBeLessThan(METEO_IP_RULE.max);
      // Together they ask more new cells than the whole budget.
      const asks = Math.ceil(BUDGET / NETWORKS) + 1;
      expect(asks).toBeGreaterThan(PARTS.parReseau);
      expect(lieux.length).toBeGreaterThan(NETWORKS * asks + 10);
      const before = calls();
      let next = 0;
      const served: number[] = [];
      for (let n = 0; n < NETWORKS; n++) {
        let ok = 0;
        for (let i = 0; i < asks; i++) {
          const id = lieux[next++] as number;
          const body = await ask(id, `198.18.${n}.${(i % ADDRESSES) + 1}`);
          if (body.etat === 'disponible') {
            ok++;
            fetched.push(id);
          } else {
            expect(body.raison).toBe('reseau');
            expect(z.parse(MeteoIndisponible, body).message).toMatch(
              /beaucoup de lieux ont déjà été demandés aujourd'hui depuis votre réseau/,
            );
          }
        }
        served.push(ok);
      }
      const made = calls() - before;
      expect(made).toBe(fetched.length);
      // No network beyond its share; the open part spent by the first networks, a few cells each for the others.
      expect(Math.max(...served)).toBe(PARTS.parReseau);
      const early = PARTS.ouvert / PARTS.parReseau;
      expect(served.slice(0, early).every((s) => s === PARTS.parReseau)).toBe(true);
      expect(served.slice(early).every((s) => s === METEO_RESERVE_PAR_RESEAU)).toBe(true);
      expect(made).toBe(PARTS.ouvert + (NETWORKS - early) * METEO_RESERVE_PAR_RESEAU);
      // The documented bound holds, and what it leaves is left.
      const worst = meteoPireCas(BUDGET, NETWORKS);
      expect(made).toBeLessThanOrEqual(worst.depense);
      expect(BUDGET - made).toBeGreaterThanOrEqual(worst.resteReserve);
      expect(worst.resteReserve).toBeGreaterThan(0);
    },
  );

  it('a fresh network still gets new cells after the sweep, an IPv6 one too', async () => {
    const before = calls();
    const fresh = lieux.slice(-METEO_RESERVE_PAR_RESEAU * 2);
    for (const [i, id] of fresh.slice(0, METEO_RESERVE_PAR_RESEAU).entries()) {
      expect((await ask(id, `192.0.2.${i + 1}`)).etat).toBe('disponible');
    }
    // Addresses of distinct /64s of one /48 are one network.
    for (const [i, id] of fresh.slice(METEO_RESERVE_PAR_RESEAU).entries()) {
      expect((await ask(id, `2001:db8:5:${i + 1}::1`)).etat).toBe('disponible');
    }
    expect(calls() - before).toBe(METEO_RESERVE_PAR_RESEAU * 2);
    // Beyond the reserve's allowance, that network is refused too.
    const more = await ask(lieux.at(-METEO_RESERVE_PAR_RESEAU * 2 - 1) as number, '2001:db8:5:99::1');
    expect(more).toMatchObject({ etat: 'indisponible', raison: 'reseau' });
  });

  it('cells in the cache are served to everyone, a refused network included, without a new call', async () => {
    const before = calls();
    for (const id of fetched.slice(0, 5)) {
      expect((await ask(id, '198.18.0.1')).etat).toBe('disponible');
      expect((await ask(id, '203.0.113.9')).etat).toBe('disponible');
    }
    expect(calls()).toBe(before);
  });
});
