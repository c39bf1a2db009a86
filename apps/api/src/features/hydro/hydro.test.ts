import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import {
  AlertesResponse,
  BassinsResponse,
  DateRange,
  EntiteDetail,
  EntiteLieux,
  IndexResponse,
  MapsConfig,
  RechercheTerms,
  TronconDetail,
  VigilanceResume,
  WebcamsResponse,
} from '@limni/shared/contracts/hydro';
import { historyCsv, stationDays, textbookBand, toulouseDays } from '../../../../../test-support/history-csv';
import { parseCsv, readSeedText } from '../../seed/files';
import { ObservationStore } from '../../ingest/observation-store';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { entiteIdByNom, lieuIdByCode, lieuIdByLibelle } from '../../../test/referentiel';
import { expectedTrendH } from '../../../test/trend';

let ctx: TestContext;
/** La Garonne, and two of its places: Toulouse (Pont-Neuf), O200004001, and Portet-sur-Garonne. */
let GARONNE: number;
let PONT_NEUF: number;
let PORTET: number;
beforeAll(async () => {
  ctx = await createTestApp();
  GARONNE = await entiteIdByNom(ctx, 'La Garonne');
  PONT_NEUF = await lieuIdByCode(ctx, 'O200004001');
  PORTET = await lieuIdByLibelle(ctx, 'La Garonne à Portet-sur-Garonne');
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
    // The extent of Adour-Garonne holds Toulouse (1.44° E, 43.60° N).
    const [w, south, e, n] = body.find((b) => b.slug === 'adour-garonne')?.bbox ?? [];
    expect([w, south]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(w).toBeLessThan(1.44);
    expect(e).toBeGreaterThan(1.44);
    expect(south).toBeLessThan(43.6);
    expect(n).toBeGreaterThan(43.6);
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
    expect(items.every((i) => i.bassin.length > 0 && i.departements.length > 0)).toBe(true);
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

  it('says, for each tronçon counted, how many places Limni has on it and its river', async () => {
    const body = z.parse(VigilanceResume, (await get('/api/hydro/vigilance')).json());
    const lieux = await ctx.db.db.selectFrom('lieu').select('troncon_id').execute();
    const rivers = await ctx.db.db.selectFrom('troncon').select(['id', 'entite_id']).execute();
    for (const t of body.troncons) {
      expect(t.nb_lieux).toBe(lieux.filter((l) => l.troncon_id === t.id).length);
      expect(t.entite_id).toBe(rivers.find((r) => r.id === t.id)?.entite_id ?? null);
    }
    // Most tronçons in vigilance have neither place nor river in Limni: the home list must not send people to an empty
    // map (it links them to Vigicrues).
    expect(body.troncons.some((t) => t.nb_lieux === 0 && t.entite_id === null)).toBe(true);
  });
});

describe('GET /api/hydro/entite/:id', () => {
  it('gives an entity with its places, sub-entities, tronçons and départements', async () => {
    const res = await get(`/api/hydro/entite/${GARONNE}`);
    expect(res.statusCode).toBe(200);
    const e = z.parse(EntiteDetail, res.json());
    expect(e.nom).toBe('La Garonne');
    expect(e.lieux.map((l) => l.libelle)).toContain('La Garonne à Toulouse (Pont-Neuf)');
    expect(e.entites_f.map((f) => f.nom)).toEqual(expect.arrayContaining(["L'Ariège", 'Le Salat']));
    expect(e.troncons.map((t) => t.code)).toEqual(expect.arrayContaining(['MP4', 'MP6']));
    // Upstream → downstream: Fos (Bossost) before Toulouse.
    const names = e.lieux.map((l) => l.nom);
    expect(names.indexOf('Bossost')).toBeLessThan(names.indexOf('Toulouse (Pont-Neuf)'));
    // French station codes are numbered in the hydrographic direction (ADR 096): the order of the places is the
    // order of their codes (Agen, Marmande, Royan were out of place).
    const codes = await ctx.db.db
      .selectFrom('lieu')
      .select(['id', 'code_station'])
      .where('entite_id', '=', GARONNE)
      .where('code_station', 'is not', null)
      .execute();
    const codeOf = new Map(codes.map((c) => [c.id, c.code_station as string]));
    const coded = e.lieux.filter((l) => codeOf.has(l.id)).map((l) => codeOf.get(l.id) as string);
    expect(coded).toEqual([...coded].sort());
    expect(e.lieux.slice(0, coded.length).every((l) => codeOf.has(l.id))).toBe(true);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999', '9999999999'])(
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

describe('GET /api/hydro/maps', () => {
  it('gives the offline layers with attributions, basin extents and no tiles by default', async () => {
    const res = await get('/api/hydro/maps');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const m = z.parse(MapsConfig, res.json());
    expect(m.couches.map((c) => c.url)).toEqual([
      '/geo/departements.geojson',
      '/geo/lakes.geojson',
      '/geo/rivers.geojson',
    ]);
    expect(m.couches.every((c) => c.attribution.length > 10)).toBe(true);
    expect(m.couches.find((c) => c.id === 'lacs')?.attribution).toMatch(/Natural Earth/);
    expect(m.tuiles).toBeNull();
    expect(m.bassins.find((b) => b.slug === 'adour-garonne')?.bbox).toHaveLength(4);
  });

  it('gives the tile URL configured by TILE_URL, with an attribution', async () => {
    const other = await createTestApp({
      env: { TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png' },
    });
    try {
      const m = z.parse(MapsConfig, (await other.request({ url: '/api/hydro/maps' })).json());
      expect(m.tuiles).toEqual({
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© les contributeurs d’OpenStreetMap',
      });
    } finally {
      await other.close();
    }
  });
});

describe('GET /api/hydro/recherche-terms', () => {
  it('gives every entity and place with ids, type and entity name', async () => {
    const t = z.parse(RechercheTerms, (await get('/api/hydro/recherche-terms')).json());
    expect(t.entites).toContainEqual({ id: GARONNE, nom: 'La Garonne', type: 'R' });
    expect(t.entites.find((e) => e.nom === 'Lac du Bourget')?.type).toBe('L');
    expect(t.lieux).toContainEqual({
      id: PONT_NEUF,
      nom: 'Toulouse (Pont-Neuf)',
      departement: '31',
      entite_id: GARONNE,
      entite_nom: 'La Garonne',
      type: 'R',
    });
    const [lieux, entites] = await Promise.all([
      ctx.db.db
        .selectFrom('lieu')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
      ctx.db.db
        .selectFrom('entite')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    expect(t.lieux).toHaveLength(Number(lieux.n));
    expect(t.entites).toHaveLength(Number(entites.n));
  });
});

describe('GET /api/hydro/webcams', () => {
  it('lists every webcam with its place, entity and the legend read from its URL', async () => {
    expect(z.parse(WebcamsResponse, (await get('/api/hydro/webcams')).json())).toEqual([]);
    await ctx.db.db
      .insertInto('webcam')
      .values([
        {
          lieu_id: PONT_NEUF,
          nom: 'Pont-Neuf',
          url: 'https://cams.example/tls/cam_20220125_1430.jpg',
          credit: 'Ville',
        },
        {
          lieu_id: PONT_NEUF,
          nom: 'Pont-Neuf (archive)',
          url: 'https://cams.example/tls/20220131080500.jpg',
          credit: null,
        },
        { lieu_id: PORTET, nom: 'Portet', url: 'https://cams.example/portet/latest.jpg', credit: null },
      ])
      .execute();
    const list = z.parse(WebcamsResponse, (await get('/api/hydro/webcams')).json());
    // By entity, then place name.
    expect(list.map((w) => [w.nom, w.legende, w.lieu.libelle, w.entite.nom])).toEqual([
      ['Portet', null, 'La Garonne à Portet-sur-Garonne', 'La Garonne'],
      ['Pont-Neuf', 'le 25/01/2022 à 14h30', 'La Garonne à Toulouse (Pont-Neuf)', 'La Garonne'],
      ['Pont-Neuf (archive)', 'le 31/01/2022 à 08h05', 'La Garonne à Toulouse (Pont-Neuf)', 'La Garonne'],
    ]);
    expect(list[1]?.credit).toBe('Ville');
  });
});

describe('GET /api/hydro/troncon/:id', () => {
  it('gives the stretch with its level and date, its entity and its places', async () => {
    const mp6 = await ctx.db.db
      .selectFrom('troncon')
      .select('id')
      .where('code', '=', 'MP6')
      .executeTakeFirstOrThrow();
    const t = z.parse(TronconDetail, (await get(`/api/hydro/troncon/${mp6.id}`)).json());
    expect(t).toMatchObject({
      code: 'MP6',
      nom: 'Garonne toulousaine',
      niveau: 1,
      entite: { id: GARONNE, nom: 'La Garonne', type: 'R' },
    });
    expect(new Date(t.niveau_ts ?? 0).toISOString()).toBe('2021-01-24T07:16:03.000Z');
    expect(t.lieux.map((l) => l.id)).toContain(PONT_NEUF);
    expect(t.lieux.find((l) => l.id === PONT_NEUF)).toMatchObject({
      entite_nom: 'La Garonne',
      troncon_id: mp6.id,
    });
    const [w, s, e, n] = t.bbox ?? [];
    expect(w).toBeLessThanOrEqual(1.44);
    expect(e).toBeGreaterThanOrEqual(1.43);
    expect(s).toBeLessThan(n as number);
  });

  it('answers 404 and 400', async () => {
    expect((await get('/api/hydro/troncon/999999')).statusCode).toBe(404);
    const bad = await get('/api/hydro/troncon/x');
    expect(bad.statusCode).toBe(400);
    expect(z.parse(ErrorBody, bad.json()).error.message).toMatch(/identifiant/);
  });
});

describe('GET /api/hydro/entite/:id/daterange, /lieux, /alertes', () => {
  it('gives the first and last observation of its places', async () => {
    const r = z.parse(DateRange, (await get(`/api/hydro/entite/${GARONNE}/daterange`)).json());
    expect(r).toMatchObject({
      debut: Date.parse('2022-01-01T00:00:00Z'),
      fin: Date.parse('2022-01-31T23:55:00Z'),
      jour_debut: '2022-01-01',
      jour_fin: '2022-02-01',
    });
    // A lake known only by its outline: no sensor of its places has any observation.
    const lake = await ctx.db.db
      .selectFrom('entite')
      .select('id')
      .where('type', '=', 'L')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('capteur')
              .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
              .select('capteur.id')
              .whereRef('lieu.entite_id', '=', 'entite.id')
              .where('capteur.premier_ts', 'is not', null),
          ),
        ),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const none = z.parse(DateRange, (await get(`/api/hydro/entite/${lake.id}/daterange`)).json());
    expect(none).toEqual({ debut: null, fin: null, jour_debut: null, jour_fin: null });
  });

  it('gives its places with the latest value, trend and freshness of each sensor at the data "now"', async () => {
    const body = z.parse(EntiteLieux, (await get(`/api/hydro/entite/${GARONNE}/lieux`)).json());
    // The demo clock: the latest observation of the dataset (23:55 UTC) rounded up to the next full hour (ADR 094).
    expect(new Date(body.maintenant).toISOString()).toBe('2022-02-01T00:00:00.000Z');
    const pontNeuf = body.lieux.find((l) => l.id === PONT_NEUF);
    expect(pontNeuf?.capteurs).toEqual([
      expect.objectContaining({ grandeur: 'H', ts: Date.parse('2022-01-31T23:45:00Z'), fraicheur: 'a_jour' }),
    ]);
    const last = await ctx.db.db
      .selectFrom('capteur')
      .select('derniere_valeur')
      .where('lieu_id', '=', PONT_NEUF)
      .executeTakeFirstOrThrow();
    expect(pontNeuf?.capteurs[0]?.valeur).toBe(last.derniere_valeur);
    const at = Date.parse('2022-01-31T23:45:00Z');
    const window = await ctx.db.db
      .selectFrom('observation')
      .innerJoin('capteur', 'capteur.id', 'observation.capteur_id')
      .select(['observation.ts', 'observation.valeur'])
      .where('capteur.lieu_id', '=', PONT_NEUF)
      .where('observation.ts', '>=', at - 3 * 3_600_000)
      .execute();
    const trend = expectedTrendH(window, at);
    expect(trend.n).toBe(13);
    expect(pontNeuf?.capteurs[0]?.tendance).toBe(trend.tendance);
    expect(pontNeuf?.capteurs[0]?.variation_h).toBeCloseTo(trend.variation_h, 9);
    // Upstream → downstream as in hydro/entite/{id}.
    const names = body.lieux.map((l) => l.nom);
    expect(names.indexOf('Bossost')).toBeLessThan(names.indexOf('Toulouse (Pont-Neuf)'));
    // Places without observations say so.
    expect(body.lieux.some((l) => l.capteurs.some((c) => c.fraicheur === 'aucune_donnee'))).toBe(true);
  });

  it('lists the alerts on the entity, its tronçons and its places', async () => {
    // The recorded bulletin (2021-01-24) has the Garonne tronçons in green: alerts are added here.
    const [mp4, ap1] = await Promise.all(
      ['MP4', 'AP1'].map((code) =>
        ctx.db.db
          .selectFrom('troncon')
          .select(['id', 'nom'])
          .where('code', '=', code)
          .executeTakeFirstOrThrow(),
      ),
    );
    const debut = Date.parse('2022-01-27T06:00:00Z');
    const base = { source: 'vigicrues' as const, message: 'Message', debut, fin: null, created_at: debut };
    await ctx.db.db
      .insertInto('alerte')
      .values([
        {
          ...base,
          scope: 'troncon',
          scope_id: mp4?.id as number,
          niveau: 3,
          titre: 'Vigilance orange crues — MP4',
        },
        { ...base, scope: 'entite', scope_id: GARONNE, niveau: 2, titre: 'Garonne', source: 'manuel' },
        {
          ...base,
          scope: 'lieu',
          scope_id: PONT_NEUF,
          niveau: 2,
          titre: 'Pont-Neuf',
          source: 'seuil',
          debut: debut + 1,
        },
        { ...base, scope: 'troncon', scope_id: ap1?.id as number, niveau: 4, titre: 'Sambre' },
      ])
      .execute();
    const body = z.parse(AlertesResponse, (await get(`/api/hydro/entite/${GARONNE}/alertes`)).json());
    expect(body.map((a) => [a.scope, a.scope_nom, a.niveau, a.en_cours])).toEqual([
      ['troncon', mp4?.nom, 3, true],
      ['lieu', 'La Garonne à Toulouse (Pont-Neuf)', 2, true],
      ['entite', 'La Garonne', 2, true],
    ]);
  });

  it('keeps the recorded vigilance alerts of the seed on their tronçons', async () => {
    const n = await ctx.db.db
      .selectFrom('alerte')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scope', '=', 'troncon')
      .where('source', '=', 'vigicrues')
      .where('debut', '=', Date.parse('2021-01-24T07:16:03Z'))
      .executeTakeFirstOrThrow();
    const vigilance = z.parse(VigilanceResume, (await get('/api/hydro/vigilance')).json());
    expect(Number(n.n)).toBe(vigilance.troncons.length);
  });

  it.each(['daterange', 'lieux', 'alertes'])(
    'answers 404 for an unknown entity and 400 for a bad id (%s)',
    async (s) => {
      const res = await get(`/api/hydro/entite/999999/${s}`);
      expect(res.statusCode).toBe(404);
      expect(z.parse(ErrorBody, res.json()).error.message).toMatch(/lac ni rivière/);
      expect((await get(`/api/hydro/entite/abc/${s}`)).statusCode).toBe(400);
    },
  );
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

describe('GET /api/hydro/index: situation against the usual range (docs/decisions/100)', () => {
  let own: TestContext;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(async () => own.close());
  const index = async () => z.parse(IndexResponse, (await own.request({ url: '/api/hydro/index' })).json());

  it('only La Garonne has a class: Toulouse’s last reading against its daily maxima since 1857', async () => {
    // The archive of daily flows ends years before the demo clock of February 2022; Toulouse's daily maxima reach it
    // (docs/decisions/140).
    const last = historyCsv().reduce((m, r) => (r.jour > m ? r.jour : m), '');
    expect(last < '2022-01-29').toBe(true);
    const observations = parseCsv(readSeedText('garonne_H_2022-01_native.csv')).filter(
      (r) => r['code_station'] === 'O200004001',
    );
    const v = Number(observations[observations.length - 1]?.['resultat_obs_mm']) / 1000;
    // Its Paris day is 1 February (23:45 UTC on 31 January).
    const b = textbookBand(toulouseDays(), '02-01');
    const classe =
      v < b.p10
        ? 'tres-basses'
        : v < b.p25
          ? 'basses'
          : v > b.p90
            ? 'tres-hautes'
            : v > b.p75
              ? 'hautes'
              : 'normales';
    expect((await index()).filter((i) => i.classe !== null).map((i) => [i.nom, i.classe])).toEqual([
      ['La Garonne', classe],
    ]);
  });

  it('a fresh reading at Épisy far above the 1 February band colours Le Loing « très hautes »', async () => {
    const band = textbookBand(stationDays('F439000101'), '02-01');
    const store = new ObservationStore(own.db.db, 'hubeau');
    const w = await store.write([
      {
        codeStation: 'F439000101',
        grandeur: 'Q',
        ts: Date.parse('2022-02-01T00:00:00Z'),
        valeur: band.p90 * 2,
        statut: null,
        qualification: null,
      },
    ]);
    expect(w.nouvelles).toBe(1);
    const items = await index();
    expect(items.find((i) => i.nom === 'Le Loing')?.classe).toBe('tres-hautes');
    expect(items.filter((i) => i.classe !== null).map((i) => i.nom)).toEqual(['La Garonne', 'Le Loing']);
  });
});
