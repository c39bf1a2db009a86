import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { BassinsResponse, EntiteDetail, IndexResponse, VigilanceResume } from '@limni/shared/contracts/hydro';
import { createTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const get = (url: string, headers?: Record<string, string>) => ctx.request({ url, headers });

describe('GET /api/hydro/bassins', () => {
  it('lists the basins with extents, cacheable', async () => {
    const res = await get('/api/hydro/bassins');
    expect(res.statusCode).toBe(200);
    const body = z.parse(BassinsResponse, res.json());
    expect(body.find((b) => b.slug === 'adour-garonne')).toMatchObject({
      nom: 'Adour-Garonne',
      territoire: 'metropole',
    });
    expect(body.find((b) => b.slug === 'adour-garonne')?.bbox).not.toBeNull();
    expect(res.headers['cache-control']).toMatch(/public/);
  });
});

describe('GET /api/hydro/index', () => {
  it('lists ≥ 500 rivers and ≥ 5 lakes, each with a basin slug and départements', async () => {
    const res = await get('/api/hydro/index');
    expect(res.statusCode).toBe(200);
    const items = z.parse(IndexResponse, res.json());
    expect(items.filter((i) => i.type === 'R').length).toBeGreaterThanOrEqual(500);
    expect(items.filter((i) => i.type === 'L').length).toBeGreaterThanOrEqual(5);
    expect(items.every((i) => i.bassin.length > 0)).toBe(true);
    const garonne = items.find((i) => i.nom === 'La Garonne');
    expect(garonne).toMatchObject({ type: 'R', bassin: 'adour-garonne' });
    expect(garonne?.departements).toContainEqual({ code: '31', nom: 'Haute-Garonne' });
    expect(garonne?.nb_lieux_mesures).toBeGreaterThan(5);
    const bourget = items.find((i) => i.nom === 'Lac du Bourget');
    expect(bourget?.departements).toContainEqual({ code: '73', nom: 'Savoie' });
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/api/hydro/index');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const second = await get('/api/hydro/index', { 'if-none-match': etag });
    expect(second.statusCode).toBe(304);
  });
});

describe('GET /api/hydro/vigilance', () => {
  it('counts the recorded tronçon levels', async () => {
    const body = z.parse(VigilanceResume, (await get('/api/hydro/vigilance')).json());
    expect(body.niveaux.jaune).toBe(45);
    expect(body.troncons.every((t) => t.niveau >= 2)).toBe(true);
    expect(new Date(body.date ?? 0).toISOString()).toBe('2021-01-24T07:16:03.000Z');
  });
});

describe('GET /api/hydro/entite/:id', () => {
  it('gives an entity with its places, sub-entities, tronçons and départements', async () => {
    const res = await get('/api/hydro/entite/1');
    expect(res.statusCode).toBe(200);
    const e = z.parse(EntiteDetail, res.json());
    expect(e.nom).toBe('La Garonne');
    expect(e.lieux.map((l) => l.libelle)).toContain('La Garonne à Toulouse (Pont-Neuf)');
    expect(e.entites_f.map((f) => f.nom)).toEqual(expect.arrayContaining(["L'Ariège", 'Le Salat']));
    expect(e.troncons.map((t) => t.code)).toEqual(expect.arrayContaining(['MP4', 'MP6']));
    // Upstream → downstream: Fos (Bossost) before Toulouse.
    const names = e.lieux.map((l) => l.nom);
    expect(names.indexOf('Bossost')).toBeLessThan(names.indexOf('Toulouse (Pont-Neuf)'));
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])(
    'answers 400 with a French message for id %s',
    async (id) => {
      const res = await get(`/api/hydro/entite/${id}`);
      expect(res.statusCode).toBe(400);
      const body = z.parse(ErrorBody, res.json());
      expect(body.error.code).toBe('validation');
      expect(body.error.message).toMatch(/identifiant/);
    },
  );

  it('answers 404 for an unknown id', async () => {
    const res = await get('/api/hydro/entite/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('unknown API paths and methods', () => {
  it('answers a 404 JSON error for an unknown /api path', async () => {
    const res = await get('/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(z.parse(ErrorBody, res.json()).error.code).toBe('not_found');
  });

  it('refuses a state-changing request without the CSRF header', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/hydro/index' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('rejects a forged CSRF token even when cookie and header match', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/hydro/index',
      headers: { 'x-csrftoken': 'abc.def', cookie: 'csrftoken=abc.def' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 400, not 500, to malformed JSON', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toHaveProperty('error.code');
  });
});
