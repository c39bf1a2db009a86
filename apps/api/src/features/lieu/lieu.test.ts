import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import {
  AlertesResponse,
  ChroniqueHoraire,
  DateRange,
  GraphOptions,
  Lieu7j,
  LieuDetail,
  LieuDonnees,
  LieuEtat,
  LieuPrevisions,
  LieuWebcam,
} from '@limni/shared/contracts/hydro';
import { MAX_POINTS } from '@limni/shared/domain/lttb';
import { SERIE_STYLES } from '@limni/shared/domain/series';
import { parisDayRange, parisDaysRange, parisParts } from '@limni/shared/domain/time';
import { markCapteurDataChanged } from '../../data/series-cache';
import { insertActivite, userToken } from '../../../test/fixtures';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { garonneLevels } from '../../../test/garonne';
import { capteurIdOf, lieuIdByCode, lieuIdByLibelle } from '../../../test/referentiel';
import { expectedTrendH } from '../../../test/trend';
import { PREVISIONS_REFUSEES } from './lieu.routes';

let ctx: TestContext;
/** La Garonne à Toulouse (Pont-Neuf), O200004001: 15-min water levels. */
let PONT_NEUF: number;
/** La Garonne à Portet-sur-Garonne: 5-min water levels and daily mean flows. */
let PORTET: number;
beforeAll(async () => {
  ctx = await createTestApp();
  PONT_NEUF = await lieuIdByCode(ctx, 'O200004001');
  PORTET = await lieuIdByLibelle(ctx, 'La Garonne à Portet-sur-Garonne');
});
afterAll(async () => ctx.close());

const get = (url: string, headers?: Record<string, string>) => ctx.request({ url, headers });

const observations = (capteurId: number, start: number, end: number) =>
  ctx.db.db
    .selectFrom('observation')
    .select(['ts', 'valeur'])
    .where('capteur_id', '=', capteurId)
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .orderBy('ts')
    .execute();

const capteurH = (lieuId: number) => capteurIdOf(ctx, lieuId, 'H');

describe('GET /api/hydro/lieu/:id', () => {
  it('gives the R6.4 fields, entity, tronçon with its level, sensors, practical info and photos', async () => {
    await ctx.db.db
      .insertInto('photo')
      .values({
        lieu_id: PONT_NEUF,
        fichier: `publications/${'a'.repeat(32)}.webp`,
        credit: 'Limni',
        legende: 'Le Pont-Neuf en crue',
        user_id: null,
        publication_id: null,
        created_at: Date.parse('2022-01-30T10:00:00Z'),
      })
      .execute();
    const res = await get(`/api/hydro/lieu/${PONT_NEUF}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const l = z.parse(LieuDetail, res.json());
    expect(l).toMatchObject({
      id: PONT_NEUF,
      nom: 'Toulouse (Pont-Neuf)',
      libelle: 'La Garonne à Toulouse (Pont-Neuf)',
      station_mesure_ok: true,
      code_station: 'O200004001',
      entite: { nom: 'La Garonne', type: 'R', bassin: { slug: 'adour-garonne' } },
      troncon: { code: 'MP6', nom: 'Garonne toulousaine', niveau: 1 },
      departement: { code: '31', nom: 'Haute-Garonne' },
      a_webcam: false,
      a_previsions: false,
    });
    expect(l.lat_gps).toBeCloseTo(43.6, 1);
    expect(l.lon_gps).toBeCloseTo(1.43, 1);
    expect(l.capteurs).toEqual([
      expect.objectContaining({
        grandeur: 'H',
        unite: 'm',
        pas_min: 15,
        premier_ts: Date.parse('2022-01-01T00:00:00Z'),
      }),
    ]);
    expect(l.photos).toEqual([
      expect.objectContaining({
        url: `/api/uploads/publications/${'a'.repeat(32)}.webp`,
        legende: 'Le Pont-Neuf en crue',
      }),
    ]);
  });

  it('leaves out the photos of hidden publications', async () => {
    await userToken(ctx, 'photographe');
    const user = await ctx.db.db
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'photographe')
      .executeTakeFirstOrThrow();
    const now = Date.parse('2022-01-31T10:00:00Z');
    for (const statut of ['publie', 'masque'] as const) {
      const pub = await ctx.db.db
        .insertInto('publication')
        .values({
          user_id: user.id,
          lieu_id: PORTET,
          texte: statut,
          photo: null,
          releves: '[]',
          statut,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db.db
        .insertInto('photo')
        .values({
          lieu_id: PORTET,
          fichier: `/api/uploads/publications/${statut.padEnd(32, 'x')}.webp`,
          credit: 'photographe',
          legende: statut,
          user_id: user.id,
          publication_id: pub.id,
          created_at: now,
        })
        .execute();
    }
    const l = z.parse(LieuDetail, (await get(`/api/hydro/lieu/${PORTET}`)).json());
    expect(l.photos.map((p) => [p.legende, p.url])).toEqual([
      ['publie', `/api/uploads/publications/${'publie'.padEnd(32, 'x')}.webp`],
    ]);
  });

  it('gives the practical information (markdown) of a lake known only by its outline', async () => {
    const lac = await ctx.db.db
      .selectFrom('lieu')
      .select('id')
      .where('station_mesure_ok', '=', 0)
      .where('infos_pratiques', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const l = z.parse(LieuDetail, (await get(`/api/hydro/lieu/${lac.id}`)).json());
    expect(l.station_mesure_ok).toBe(false);
    expect(l.infos_pratiques?.length).toBeGreaterThan(10);
    expect(l.capteurs.every((c) => c.dernier_ts === null)).toBe(true);
  });
});

describe('GET /api/hydro/lieu/:id/d/:date/:nb', () => {
  it('returns the source water levels (resultat_obs_mm / 1000) at the same timestamps for Toulouse Pont-Neuf', async () => {
    const res = await get(`/api/hydro/lieu/${PONT_NEUF}/d/2022-01-31/7`);
    expect(res.statusCode).toBe(200);
    const body = z.parse(LieuDonnees, res.json());
    const { start, end } = parisDaysRange('2022-01-31', 7);
    expect(body).toMatchObject({ lieu_id: PONT_NEUF, date: '2022-01-31', nb: 7, debut: start, fin: end });
    const h = body.series.find((s) => s.grandeur === 'H');
    const source = garonneLevels('O200004001').filter((r) => r.ts >= start && r.ts < end);
    expect(source.length).toBe(7 * 96);
    expect(h).toMatchObject({ unite: 'm', sous_echantillonne: false, nb_brut: 672, nb_renvoye: 672 });
    expect(h?.ts).toEqual(source.map((r) => r.ts));
    expect(h?.valeur).toEqual(source.map((r) => r.valeur));
    // The demo source carries no status: "non renseigné".
    expect(h?.statut.every((s) => s === null)).toBe(true);
  });

  it('downsamples a 5-min series above 2,000 points with LTTB and says so, keeping the flood peak', async () => {
    const body = z.parse(LieuDonnees, (await get(`/api/hydro/lieu/${PORTET}/d/2022-01-31/30`)).json());
    const h = body.series.find((s) => s.grandeur === 'H');
    const { start, end } = parisDaysRange('2022-01-31', 30);
    const raw = await observations(await capteurH(PORTET), start, end);
    expect(h).toMatchObject({ sous_echantillonne: true, nb_brut: raw.length, nb_renvoye: MAX_POINTS });
    expect(h?.ts).toHaveLength(MAX_POINTS);
    expect(h?.valeur).toHaveLength(MAX_POINTS);
    expect(h?.ts[0]).toBe(raw[0]?.ts);
    expect(h?.ts.at(-1)).toBe(raw.at(-1)?.ts);
    expect(Math.max(...(h?.valeur ?? []))).toBe(Math.max(...raw.map((r) => r.valeur)));
    // Every point kept is a real observation.
    const byTs = new Map(raw.map((r) => [r.ts, r.valeur]));
    expect(h?.ts.every((t, i) => byTs.get(t) === h.valeur[i])).toBe(true);
    // The daily flow of Portet is short: not downsampled.
    expect(body.series.find((s) => s.grandeur === 'Q')).toMatchObject({
      sous_echantillonne: false,
      nb_brut: 30,
    });
  });

  it('keeps the highest and lowest observations when LTTB alone would cut them (Toulouse, 30 days)', async () => {
    // Plain LTTB keeps 4.281 m here and drops the 4.306 m crest of 28 January 2022.
    const body = z.parse(LieuDonnees, (await get(`/api/hydro/lieu/${PONT_NEUF}/d/2022-01-31/30`)).json());
    const h = body.series.find((s) => s.grandeur === 'H');
    const { start, end } = parisDaysRange('2022-01-31', 30);
    const raw = await observations(await capteurH(PONT_NEUF), start, end);
    expect(h).toMatchObject({ sous_echantillonne: true, nb_renvoye: MAX_POINTS });
    expect(Math.max(...(h?.valeur ?? []))).toBe(4.306);
    expect(Math.min(...(h?.valeur ?? []))).toBe(Math.min(...raw.map((r) => r.valeur)));
  });

  it('serves a cached body until the sensor data change, then the new values', async () => {
    const url = `/api/hydro/lieu/${PONT_NEUF}/d/2022-01-20/1`;
    const first = z.parse(LieuDonnees, (await get(url)).json());
    const ts = first.series[0]?.ts[10] as number;
    const capteur = await capteurH(PONT_NEUF);
    await ctx.db.db
      .updateTable('observation')
      .set({ valeur: 9.876 })
      .where('capteur_id', '=', capteur)
      .where('ts', '=', ts)
      .execute();
    // Not told: the cached body is still served (proof that the cache answers).
    const cached = z.parse(LieuDonnees, (await get(url)).json());
    expect(cached.series[0]?.valeur[10]).toBe(first.series[0]?.valeur[10]);
    await markCapteurDataChanged(ctx.db.db, [capteur]);
    const fresh = z.parse(LieuDonnees, (await get(url)).json());
    expect(fresh.series[0]?.valeur[10]).toBe(9.876);
  });

  it('answers 304 to the ETag of the cached body', async () => {
    const url = `/api/hydro/lieu/${PORTET}/d/2022-01-31/7`;
    const first = await get(url);
    expect(first.headers['cache-control']).toMatch(/public/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await get(url)).headers.etag).toBe(etag);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
  });

  it('gives empty series outside the data period', async () => {
    const body = z.parse(LieuDonnees, (await get(`/api/hydro/lieu/${PONT_NEUF}/d/2020-06-01/3`)).json());
    expect(body.series[0]).toMatchObject({ nb_brut: 0, ts: [], valeur: [] });
  });
});

describe('GET /api/hydro/lieu/:id/c-h/:date/:nb', () => {
  it('gives one row per hour, the observation at the top of the hour for a 15-min station', async () => {
    const res = await get(`/api/hydro/lieu/${PONT_NEUF}/c-h/2022-01-31/1`);
    expect(res.statusCode).toBe(200);
    const body = z.parse(ChroniqueHoraire, res.json());
    const rows = body.series[0]?.lignes ?? [];
    expect(rows.map((r) => r.heure)).toEqual(Array.from({ length: 24 }, (_, h) => h));
    expect(rows.every((r) => r.date === '2022-01-31' && r.unite === 'm')).toBe(true);
    const { start, end } = parisDayRange('2022-01-31');
    const onTheHour = (await observations(await capteurH(PONT_NEUF), start, end)).filter(
      (r) => parisParts(r.ts).minute === 0,
    );
    expect(rows.map((r) => r.valeur)).toEqual(onTheHour.map((r) => r.valeur));
  });

  it('covers several days, in order', async () => {
    const body = z.parse(ChroniqueHoraire, (await get(`/api/hydro/lieu/${PORTET}/c-h/2022-01-31/3`)).json());
    const h = body.series.find((s) => s.grandeur === 'H');
    expect(h?.lignes).toHaveLength(72);
    expect(h?.lignes[0]).toMatchObject({ date: '2022-01-29', heure: 0 });
    expect(h?.lignes.at(-1)).toMatchObject({ date: '2022-01-31', heure: 23 });
    // Daily means stamped at noon UTC fall on 13 h, Paris time.
    expect(body.series.find((s) => s.grandeur === 'Q')?.lignes.map((r) => r.heure)).toEqual([13, 13, 13]);
  });
});

describe('GET /api/hydro/lieu/:id/:date and /7j/:date', () => {
  it('gives the state at the end of a Paris day, with trend and freshness', async () => {
    const body = z.parse(LieuEtat, (await get(`/api/hydro/lieu/${PONT_NEUF}/2022-01-28`)).json());
    const { start, end } = parisDayRange('2022-01-28');
    expect(body.instant).toBe(end - 1);
    const rows = await observations(await capteurH(PONT_NEUF), start, end);
    const last = rows.at(-1) as { ts: number; valeur: number };
    const trend = expectedTrendH(rows, last.ts);
    expect(trend.n).toBe(13);
    expect(body.capteurs[0]).toMatchObject({
      grandeur: 'H',
      valeur: last.valeur,
      ts: last.ts,
      fraicheur: 'a_jour',
      tendance: trend.tendance,
    });
    expect(body.capteurs[0]?.variation_h).toBeCloseTo(trend.variation_h, 9);
  });

  it('takes the data "now" for a day after the data', async () => {
    const body = z.parse(LieuEtat, (await get(`/api/hydro/lieu/${PONT_NEUF}/2022-03-01`)).json());
    // The demo clock: the latest observation (23:55 UTC) rounded up to the next full hour (ADR 094).
    expect(new Date(body.instant).toISOString()).toBe('2022-02-01T00:00:00.000Z');
    expect(body.capteurs[0]?.ts).toBe(Date.parse('2022-01-31T23:45:00Z'));
  });

  it('gives min, max and mean per Paris day over 7 days', async () => {
    const body = z.parse(Lieu7j, (await get(`/api/hydro/lieu/${PONT_NEUF}/7j/2022-01-31`)).json());
    expect(body.jours).toEqual([
      '2022-01-25',
      '2022-01-26',
      '2022-01-27',
      '2022-01-28',
      '2022-01-29',
      '2022-01-30',
      '2022-01-31',
    ]);
    const capteur = await capteurH(PONT_NEUF);
    for (const jour of body.capteurs[0]?.jours ?? []) {
      const { start, end } = parisDayRange(jour.date);
      const values = (await observations(capteur, start, end)).map((r) => r.valeur);
      expect(jour.nb).toBe(96);
      expect(jour.min).toBe(Math.min(...values));
      expect(jour.max).toBe(Math.max(...values));
      expect(jour.moyenne).toBeCloseTo(values.reduce((s, v) => s + v, 0) / values.length, 3);
    }
  });
});

describe('GET /api/hydro/lieu/:id/daterange, /webcam, /alertes', () => {
  it('gives the first and last observation', async () => {
    const r = z.parse(DateRange, (await get(`/api/hydro/lieu/${PONT_NEUF}/daterange`)).json());
    expect(r).toEqual({
      debut: Date.parse('2022-01-01T00:00:00Z'),
      fin: Date.parse('2022-01-31T23:45:00Z'),
      jour_debut: '2022-01-01',
      jour_fin: '2022-02-01',
    });
  });

  it('gives an explicit empty webcam answer, then the webcam with its dated legend', async () => {
    const empty = z.parse(LieuWebcam, (await get(`/api/hydro/lieu/${PORTET}/webcam`)).json());
    expect(empty).toEqual({
      idl: PORTET,
      disponible: false,
      url: null,
      legende: null,
      nom: null,
      credit: null,
    });
    await ctx.db.db
      .insertInto('webcam')
      .values({
        lieu_id: PORTET,
        nom: 'Portet, le pont',
        url: 'https://cams.example/portet/2022-01-25-14-30.jpg',
        credit: null,
      })
      .execute();
    const w = z.parse(LieuWebcam, (await get(`/api/hydro/lieu/${PORTET}/webcam`)).json());
    expect(w).toMatchObject({ idl: PORTET, disponible: true, legende: 'le 25/01/2022 à 14h30' });
  });

  it('lists the alerts of the place, its tronçon and its entity', async () => {
    const troncon = await ctx.db.db
      .selectFrom('lieu')
      .select('troncon_id')
      .where('id', '=', PONT_NEUF)
      .executeTakeFirstOrThrow();
    const debut = Date.parse('2022-01-27T06:00:00Z');
    await ctx.db.db
      .insertInto('alerte')
      .values([
        {
          scope: 'lieu',
          scope_id: PONT_NEUF,
          source: 'seuil',
          niveau: 2,
          titre: 'Seuil dépassé',
          message: 'La Garonne a dépassé 3 m à Toulouse.',
          debut,
          fin: null,
          created_at: debut,
        },
        {
          scope: 'troncon',
          scope_id: troncon.troncon_id as number,
          source: 'vigicrues',
          niveau: 3,
          titre: 'Vigilance orange crues — Garonne toulousaine',
          message: 'Vigilance orange.',
          debut,
          fin: Date.parse('2022-01-29T06:00:00Z'),
          created_at: debut,
        },
        {
          scope: 'lieu',
          scope_id: PORTET,
          source: 'manuel',
          niveau: 1,
          titre: 'Autre lieu',
          message: 'Ne concerne pas Toulouse.',
          debut,
          fin: null,
          created_at: debut,
        },
      ])
      .execute();
    const body = z.parse(AlertesResponse, (await get(`/api/hydro/lieu/${PONT_NEUF}/alertes`)).json());
    expect(body.map((a) => [a.scope, a.scope_nom, a.en_cours])).toEqual([
      ['lieu', 'La Garonne à Toulouse (Pont-Neuf)', true],
      ['troncon', 'Garonne toulousaine', false],
    ]);
  });
});

describe('GET /api/hydro/lieu/:id/previsions', () => {
  it('needs a token (401), then authorisation 1 (403), then gives the latest run', async () => {
    const capteur = await capteurH(PONT_NEUF);
    const run1 = Date.parse('2022-01-31T06:00:00Z');
    const run2 = Date.parse('2022-01-31T12:00:00Z');
    await ctx.db.db
      .insertInto('prevision')
      .values([
        {
          capteur_id: capteur,
          run_ts: run1,
          ts: run1 + 3_600_000,
          valeur: 2,
          min: 1.8,
          max: 2.2,
          commentaire: null,
        },
        {
          capteur_id: capteur,
          run_ts: run2,
          ts: run2 + 3_600_000,
          valeur: 2.5,
          min: 2.3,
          max: 2.8,
          commentaire: 'Incertitude forte',
        },
        {
          capteur_id: capteur,
          run_ts: run2,
          ts: run2 + 7_200_000,
          valeur: 2.6,
          min: null,
          max: null,
          commentaire: null,
        },
      ])
      .execute();
    const url = `/api/hydro/lieu/${PONT_NEUF}/previsions`;

    const anonymous = await get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(z.parse(ErrorBody, anonymous.json()).error.code).toBe('unauthorized');

    const plain = await ctx.request({ url, token: await userToken(ctx, 'sans-autorisation') });
    expect(plain.statusCode).toBe(403);
    expect(z.parse(ErrorBody, plain.json()).error).toEqual({
      code: 'forbidden',
      message: PREVISIONS_REFUSEES.fr,
    });

    const ok = await ctx.request({ url, token: await userToken(ctx, 'prevision', [1]) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const body = z.parse(LieuPrevisions, ok.json());
    expect(body.series).toEqual([
      {
        capteur_id: capteur,
        grandeur: 'H',
        unite: 'm',
        run_ts: run2,
        commentaire: 'Incertitude forte',
        points: [
          { ts: run2 + 3_600_000, valeur: 2.5, min: 2.3, max: 2.8 },
          { ts: run2 + 7_200_000, valeur: 2.6, min: null, max: null },
        ],
      },
    ]);

    // The place and chart options now say forecasts exist.
    expect(z.parse(LieuDetail, (await get(`/api/hydro/lieu/${PONT_NEUF}`)).json()).a_previsions).toBe(true);
    const g = z.parse(
      GraphOptions,
      (await get(`/api/hydro/lieu/${PONT_NEUF}/g-options/2022-01-31/7`)).json(),
    );
    expect(g.previsions).toBe(true);
  });
});

describe('GET /api/hydro/lieu/:id/g-options/:date/:nb', () => {
  it('gives the series with French labels, colours and y ranges, without thresholds by default', async () => {
    const g = z.parse(GraphOptions, (await get(`/api/hydro/lieu/${PORTET}/g-options/2022-01-31/7`)).json());
    expect(g.activite).toBeNull();
    expect(g.seuils).toEqual([]);
    const h = g.series.find((s) => s.grandeur === 'H');
    const q = g.series.find((s) => s.grandeur === 'Q');
    expect(h).toMatchObject({ libelle: "Hauteur d'eau (m)", couleur: SERIE_STYLES.H.couleur, unite: 'm' });
    expect(q).toMatchObject({ libelle: 'Débit moyen journalier (m³/s)', couleur: SERIE_STYLES.Q.couleur });
    const { start, end } = parisDaysRange('2022-01-31', 7);
    const values = (await observations(await capteurH(PORTET), start, end)).map((r) => r.valeur);
    expect(h?.y?.min).toBeLessThan(Math.min(...values));
    expect(h?.y?.max).toBeGreaterThan(Math.max(...values));
    expect(q?.y?.min).toBeGreaterThanOrEqual(0);
  });

  it('adds the thresholds of an activity at the place, inside the y range', async () => {
    const activite = await insertActivite(ctx, 'essai-seuils');
    await ctx.db.db
      .insertInto('activite_lieu')
      .values({
        activite_id: activite,
        lieu_id: PORTET,
        grandeur: 'H',
        seuil_bas: 0.5,
        seuil_haut: 9,
        texte: 'Seuils d’essai.',
        indicatif: 1,
      })
      .execute();
    const g = z.parse(
      GraphOptions,
      (await get(`/api/hydro/lieu/${PORTET}/g-options/2022-01-31/7?activite=${activite}`)).json(),
    );
    expect(g.activite).toEqual({ id: activite, nom: 'Essai essai-seuils' });
    expect(g.seuils.map((s) => [s.type, s.valeur, s.indicatif])).toEqual([
      ['bas', 0.5, true],
      ['haut', 9, true],
    ]);
    expect(g.seuils[1]).toMatchObject({
      libelle: 'Seuil haut essai essai-seuils : 9 m (indicatif)',
      texte: 'Seuils d’essai.',
      tirets: [12, 4],
    });
    const h = g.series.find((s) => s.grandeur === 'H');
    expect(h?.y?.min).toBeLessThan(0.5);
    expect(h?.y?.max).toBeGreaterThan(9);
  });

  it('gives no threshold for an activity without thresholds here, and 404 for an unknown activity', async () => {
    const activite = await insertActivite(ctx, 'essai-vide');
    const g = z.parse(
      GraphOptions,
      (await get(`/api/hydro/lieu/${PONT_NEUF}/g-options/2022-01-31/7?activite=${activite}`)).json(),
    );
    expect(g.seuils).toEqual([]);
    const res = await get(`/api/hydro/lieu/${PONT_NEUF}/g-options/2022-01-31/7?activite=999999`);
    expect(res.statusCode).toBe(404);
    expect(z.parse(ErrorBody, res.json()).error.message).toMatch(/activité/);
    for (const a of ['x', '0', '9999999999']) {
      const bad = await get(`/api/hydro/lieu/${PONT_NEUF}/g-options/2022-01-31/7?activite=${a}`);
      expect(bad.statusCode).toBe(400);
      expect(z.parse(ErrorBody, bad.json()).error.message).toMatch(/activité/);
    }
  });
});

describe('bad input on /api/hydro/lieu/*', () => {
  const suffixes = [
    '',
    '/daterange',
    '/alertes',
    '/webcam',
    '/2022-01-31',
    '/7j/2022-01-31',
    '/d/2022-01-31/7',
    '/c-h/2022-01-31/7',
    '/g-options/2022-01-31/7',
  ];

  it.each(suffixes)('unknown place → 404 for %s', async (suffix) => {
    const res = await get(`/api/hydro/lieu/999999${suffix}`);
    expect(res.statusCode).toBe(404);
    expect(z.parse(ErrorBody, res.json()).error).toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(/lieu/),
    });
  });

  it.each(suffixes)('malformed id → 400 for %s', async (suffix) => {
    for (const id of ['abc', '0', '1.5', '-2', '99999999999', '9999999999']) {
      const res = await get(`/api/hydro/lieu/${id}${suffix}`);
      expect(res.statusCode).toBe(400);
      expect(z.parse(ErrorBody, res.json()).error.message).toMatch(/identifiant/);
    }
  });

  it.each([
    ['/2022-13-45'],
    ['/x'],
    ['/2022-02-30'],
    ['/7j/2022-13-45'],
    ['/7j/x'],
    ['/d/2022-13-45/7'],
    ['/d/x/7'],
    ['/c-h/2022-13-45/7'],
    ['/g-options/x/7'],
  ])('malformed date → 400 (%s)', async (suffix) => {
    const res = await get(`/api/hydro/lieu/${PONT_NEUF}${suffix}`);
    expect(res.statusCode).toBe(400);
    const body = z.parse(ErrorBody, res.json());
    expect(body.error).toMatchObject({ code: 'validation', message: expect.stringMatching(/date/) });
  });

  it.each(['0', '367', 'x', '-1', '1.5', '99999'])('malformed nb %s → 400', async (nb) => {
    for (const route of ['d', 'c-h', 'g-options']) {
      const res = await get(`/api/hydro/lieu/${PONT_NEUF}/${route}/2022-01-31/${nb}`);
      expect(res.statusCode).toBe(400);
      expect(z.parse(ErrorBody, res.json()).error.message).toMatch(/nombre de jours/);
    }
  });

  it('accepts the bounds 1 and 366 days', async () => {
    expect((await get(`/api/hydro/lieu/${PONT_NEUF}/d/2022-01-31/1`)).statusCode).toBe(200);
    expect((await get(`/api/hydro/lieu/${PONT_NEUF}/c-h/2022-01-31/366`)).statusCode).toBe(200);
  });
});
