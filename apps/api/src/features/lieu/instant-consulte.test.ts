/**
 * The API at a past instant (`?t=`, docs/decisions/152): every figure expected here is recomputed from the source
 * files the demo dataset was loaded from (the Garonne's readings of January 2022, the Loire forecast episode of
 * December 2024), never from the answers of the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { LieuDetail, LieuDonnees, LieuEtat, LieuPrevisions, DateRange } from '@limni/shared/contracts/hydro';
import { PublicationsResponse } from '@limni/shared/contracts/publications';
import { parisDayRange } from '@limni/shared/domain/time';
import { parseCsv, readSeedText } from '../../seed/files';
import { userToken } from '../../../test/fixtures';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { garonneLevels } from '../../../test/garonne';
import { lieuIdByCode } from '../../../test/referentiel';

let ctx: TestContext;
let PONT_NEUF: number;
let DIGOIN: number;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  PONT_NEUF = await lieuIdByCode(ctx, 'O200004001');
  DIGOIN = await lieuIdByCode(ctx, 'K118001010');
  token = await userToken(ctx, 'previsionniste', [1]);
});
afterAll(async () => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.request({ url, headers });

/** Toulouse Pont-Neuf's water levels in the source file (m), oldest first. */
const pontNeufSource = () => garonneLevels('O200004001');

describe('a place at a past instant', () => {
  // 11 January 2022, 07:15 in Paris (UTC+1): 06:15 UTC.
  const T = '2022-01-11T07:15';
  const AT = Date.parse('2022-01-11T06:15:00Z');

  it('gives the reading at or before the instant, its trend window ending there, and nothing after it', async () => {
    const source = pontNeufSource();
    const latest = source.filter((r) => r.ts <= AT).at(-1);
    expect(latest).toEqual({ ts: AT, valeur: 4.306 });
    const res = await get(`/api/hydro/lieu/${PONT_NEUF}/2022-01-11?t=${T}`);
    expect(res.statusCode).toBe(200);
    const etat = z.parse(LieuEtat, res.json());
    expect(etat.instant).toBe(AT);
    const h = etat.capteurs.find((c) => c.grandeur === 'H');
    expect(h).toMatchObject({ valeur: latest?.valeur, ts: latest?.ts, fraicheur: 'a_jour' });
    // The same day asked for now is judged at the end of the day: another reading.
    const now = z.parse(LieuEtat, (await get(`/api/hydro/lieu/${PONT_NEUF}/2022-01-11`)).json());
    const endOfDay = source.filter((r) => r.ts < parisDayRange('2022-01-11').end).at(-1);
    expect(now.capteurs.find((c) => c.grandeur === 'H')?.ts).toBe(endOfDay?.ts);

    const series = z.parse(
      LieuDonnees,
      (await get(`/api/hydro/lieu/${PONT_NEUF}/d/2022-01-11/1?t=${T}`)).json(),
    );
    const { start } = parisDayRange('2022-01-11');
    const expected = source.filter((r) => r.ts >= start && r.ts <= AT);
    expect(series.series.find((s) => s.grandeur === 'H')?.ts).toEqual(expected.map((r) => r.ts));
    const range = z.parse(DateRange, (await get(`/api/hydro/lieu/${PONT_NEUF}/daterange?t=${T}`)).json());
    expect(range.fin).toBe(AT);
  });

  it('gives the bulletin valid then, or none known for that date', async () => {
    const l = z.parse(LieuDetail, (await get(`/api/hydro/lieu/${PONT_NEUF}?t=${T}`)).json());
    const troncon = await ctx.db.db
      .selectFrom('troncon')
      .select(['niveau', 'niveau_ts'])
      .where('code', '=', l.troncon?.code ?? '')
      .executeTakeFirstOrThrow();
    const alertes = await ctx.db.db
      .selectFrom('alerte')
      .select(['debut'])
      .where('scope', '=', 'troncon')
      .where('source', '=', 'vigicrues')
      .where('debut', '<=', AT)
      .execute();
    // A bulletin describes the 24 hours after its publication: the demo published none in the 24 hours before.
    const published = [troncon.niveau_ts, ...alertes.map((a) => a.debut)].filter(
      (ts): ts is number => ts !== null && ts <= AT && AT - ts <= 86_400_000,
    );
    expect(published).toEqual([]);
    expect(l.troncon).toMatchObject({ niveau: null, niveau_ts: null });
    // Asked for now, the latest bulletin.
    const now = z.parse(LieuDetail, (await get(`/api/hydro/lieu/${PONT_NEUF}`)).json());
    expect(now.troncon).toMatchObject({ niveau: troncon.niveau, niveau_ts: troncon.niveau_ts });
  });
});

/** The Q columns (10 / 50 / 90 %) of the Digoin `.prv` file and its run time (`# DtDerObs`, UTC). */
function digoinPrv() {
  const text = readSeedText('loire_2024-12_Prev_E_20241211_0706_20241211_0707_5159.prv');
  const utc = (s: string) => {
    const [d, h] = s.trim().split(' ') as [string, string];
    const [dd, mm, yyyy] = d.split('-');
    return Date.parse(`${yyyy}-${mm}-${dd}T${h}:00Z`);
  };
  const derObs = /^# DtDerObs;([^;]+)/m.exec(text)?.[1] ?? '';
  const points = text
    .split('\n')
    .filter((l) => /^\d{2}-\d{2}-\d{4} \d{2}:\d{2};/.test(l))
    .map((l) => {
      const [ts, q10, q50, q90] = l.split(';') as [string, string, string, string];
      return { ts: utc(ts), min: Number(q10), valeur: Number(q50), max: Number(q90) };
    });
  return { runTs: utc(derObs), points };
}

/** The hourly flows observed at Digoin (HydroPortail QmnH export). */
function digoinObserved(): Map<number, number> {
  return new Map(
    parseCsv(readSeedText('loire_2024-12_K1180010_QmnH.csv')).map((r) => [
      Date.parse(r['Date (TU)'] ?? ''),
      Number(r['Valeur (en m³/s)']),
    ]),
  );
}

describe('forecasts at a past instant, and how good they were', () => {
  it('shows the run published before the instant and none before its publication', async () => {
    const { runTs, points } = digoinPrv();
    const res = await ctx.request({ url: `/api/hydro/lieu/${DIGOIN}/previsions?t=2024-12-12T12:00`, token });
    expect(res.statusCode).toBe(200);
    const q = z.parse(LieuPrevisions, res.json()).series.find((s) => s.grandeur === 'Q');
    expect(q?.run_ts).toBe(runTs);
    expect(q?.points.map((p) => p.valeur)).toEqual(points.map((p) => p.valeur));
    // An hour before the run was made, Limni knew no forecast there.
    const before = await ctx.request({
      url: `/api/hydro/lieu/${DIGOIN}/previsions?t=2024-12-11T06:00`,
      token,
    });
    expect(z.parse(LieuPrevisions, before.json())).toMatchObject({ series: [], fiabilite: [] });
    // No observation after the instant.
    const at = Date.parse('2024-12-12T11:00:00Z');
    const series = z.parse(
      LieuDonnees,
      (await get(`/api/hydro/lieu/${DIGOIN}/d/2024-12-12/2?t=2024-12-12T12:00`)).json(),
    );
    const ts = series.series.find((s) => s.grandeur === 'Q')?.ts ?? [];
    expect(ts.at(-1)).toBe(at);
    expect(ts.every((t) => t <= at)).toBe(true);
  });

  it('gives the skill the .prv file and the observed flows imply at 16 December 2024', async () => {
    const { runTs, points } = digoinPrv();
    const observed = digoinObserved();
    const at = Date.parse('2024-12-15T23:00:00Z'); // 16 December 2024, 00:00 in Paris
    const compared = points
      .filter((p) => p.ts <= at && observed.has(p.ts))
      .map((p) => ({ ...p, obs: observed.get(p.ts) as number, lead: (p.ts - runTs) / 3_600_000 }));
    const errors = compared.map((p) => p.valeur - p.obs);
    const abs = errors.map(Math.abs).sort((a, b) => a - b);
    const mid = abs.length / 2;
    const median = abs.length % 2 ? abs[Math.floor(mid)] : ((abs[mid - 1] ?? 0) + (abs[mid] ?? 0)) / 2;
    const res = await ctx.request({ url: `/api/hydro/lieu/${DIGOIN}/previsions?t=2024-12-16`, token });
    const skill = z.parse(LieuPrevisions, res.json()).fiabilite.find((f) => f.grandeur === 'Q')?.fiabilite;
    expect(compared.length).toBeGreaterThan(100);
    expect(skill).toMatchObject({
      previsions: 1,
      comparees: compared.length,
      avec_fourchette: compared.length,
      dans_fourchette: compared.filter((p) => p.obs >= p.min && p.obs <= p.max).length,
    });
    expect(skill?.biais).toBeCloseTo(errors.reduce((a, b) => a + b, 0) / errors.length, 9);
    expect(skill?.erreur_mediane_abs).toBeCloseTo(median ?? NaN, 9);
    // Lead time 1–6 h: the first six hours.
    const first6 = compared.filter((p) => p.lead <= 6);
    expect(skill?.classes[0]).toMatchObject({ apres_h: 0, jusqu_a_h: 6, comparees: first6.length });
    expect(skill?.classes.reduce((n, c) => n + c.comparees, 0)).toBe(compared.length);
  });
});

describe('what was published after the instant', () => {
  it('is not there yet: publications and their photos', async () => {
    const user = await ctx.db.db.selectFrom('user').select('id').executeTakeFirstOrThrow();
    const created = Date.parse('2022-01-20T10:00:00Z');
    const pub = await ctx.db.db
      .insertInto('publication')
      .values({
        user_id: user.id,
        lieu_id: PONT_NEUF,
        texte: 'La Garonne monte',
        photo: null,
        releves: '[]',
        statut: 'publie',
        created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.db
      .insertInto('photo')
      .values({
        lieu_id: PONT_NEUF,
        fichier: `publications/${'b'.repeat(32)}.webp`,
        credit: 'Limni',
        legende: null,
        user_id: user.id,
        publication_id: pub.id,
        created_at: created,
      })
      .execute();
    const ids = async (t: string) =>
      (
        z.parse(
          PublicationsResponse,
          (await get(`/api/hydro/lieu/${PONT_NEUF}/publications${t}`)).json(),
        ) as Array<{ id: number }>
      ).map((p) => p.id);
    expect(await ids('')).toContain(pub.id);
    expect(await ids('?t=2022-01-20T11:00')).toContain(pub.id);
    expect(await ids('?t=2022-01-20T10:59')).not.toContain(pub.id);
    const photos = async (t: string) =>
      z
        .parse(LieuDetail, (await get(`/api/hydro/lieu/${PONT_NEUF}${t}`)).json())
        .photos.map((p) => p.created_at);
    expect(await photos('')).toContain(created);
    expect(await photos('?t=2022-01-11T07:15')).not.toContain(created);
  });
});

describe('instants refused', () => {
  const url = () => `/api/hydro/lieu/${PONT_NEUF}`;
  it.each([
    ['2022-13-01', /AAAA-MM-JJ/],
    ['2022-01-11T25:00', /AAAA-MM-JJ/],
    ['hier', /AAAA-MM-JJ/],
    ['2100-01-01', /futur/],
    ['1800-01-01', /antérieure aux données, qui commencent le/],
  ])('%s → 400 with a French sentence', async (t, message) => {
    const res = await get(`${url()}?t=${encodeURIComponent(t)}`);
    expect(res.statusCode).toBe(400);
    const body = z.parse(ErrorBody, res.json());
    expect(body.error.code).toBe('validation');
    expect(body.error.message).toMatch(message);
    expect(body.error.fields?.['t']?.[0]).toBe(body.error.message);
  });

  it('speaks English when asked', async () => {
    const res = await get(`${url()}?t=2100-01-01`, { 'accept-language': 'en' });
    expect(z.parse(ErrorBody, res.json()).error.message).toMatch(/in the future/);
    const early = await get(`${url()}?t=1800-01-01`, { 'accept-language': 'en' });
    expect(z.parse(ErrorBody, early.json()).error.message).toMatch(/before the data, which start on/);
  });
});

describe('caching and writes', () => {
  it('keeps an answer at an old instant for ever, with its ETag', async () => {
    const res = await get(`/api/hydro/lieu/${PONT_NEUF}/2022-01-11?t=2022-01-11T07:15`);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['etag']).toBeTruthy();
    const again = await get(`/api/hydro/lieu/${PONT_NEUF}/2022-01-11?t=2022-01-11T07:15`, {
      'if-none-match': String(res.headers['etag']),
    });
    expect(again.statusCode).toBe(304);
  });

  it('writes nothing: every table is the same before and after the pages read at an instant', async () => {
    const snapshot = async () => {
      const tables = (await ctx.db.db.introspection.getTables()).map((t) => t.name).sort();
      const out: Record<string, string> = {};
      for (const name of tables) {
        const rows = await ctx.db.db
          .selectFrom(name as 'lieu')
          .selectAll()
          .execute();
        out[name] = `${rows.length}:${JSON.stringify(rows.length > 20_000 ? rows.slice(-100) : rows)}`;
      }
      return out;
    };
    const before = await snapshot();
    const t = 't=2022-01-11T07:15';
    for (const path of [
      `hydro/lieu/${PONT_NEUF}`,
      `hydro/lieu/${PONT_NEUF}/2022-01-11`,
      `hydro/lieu/${PONT_NEUF}/d/2022-01-11/7`,
      `hydro/lieu/${PONT_NEUF}/c-h/2022-01-11/7`,
      `hydro/lieu/${PONT_NEUF}/alertes`,
      `hydro/lieu/${PONT_NEUF}/daterange`,
      `hydro/vigilance`,
      `hydro/index`,
      `activites/lieu/${PONT_NEUF}`,
    ]) {
      const res = await get(`/api/${path}?${t}`);
      expect(res.statusCode, path).toBeLessThan(500);
    }
    expect(await snapshot()).toEqual(before);
  });
});
