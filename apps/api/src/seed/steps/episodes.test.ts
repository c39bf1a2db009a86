/**
 * The Loire forecast episode of December 2024 (docs/decisions/088) as the API serves it: every forecast value of
 * `hydro/lieu/{id}/previsions` at Digoin and Gilly-sur-Loire equals the `.prv` file, the observed hourly flows equal
 * the HydroPortail CSV, and the places of the episode have the episode's clock while the rest of the demo keeps its own.
 * Expected values come from the seed files, parsed here with a reader of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { EntiteLieux, LieuDetail, LieuEtat, LieuPrevisions } from '@limni/shared/contracts/hydro';
import { userToken } from '../../../test/fixtures';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { lieuIdByCode } from '../../../test/referentiel';
import { parseCsv, readSeedText } from '../files';
import { seedDatabase } from '../seed';
import { EPISODE_LOIRE, EPISODE_LOIRE_FILES, loadLoireEpisode } from './episodes';

const HOUR = 3_600_000;

/** `.prv` read independently of the adapter: per `code:grandeur`, ts → [10 %, 50 %, 90 %]. */
function readPrv(text: string) {
  const lines = text.split('\n');
  const cells = (name: string) => (lines.find((l) => l.startsWith(`${name};`)) ?? '').split(';').slice(1);
  const stations = cells('Stations');
  const grandeurs = cells('Grandeurs');
  const ids = cells('IdSeries');
  const [d, t] = (lines.find((l) => l.startsWith('# DtDerObs;')) ?? '').split(';')[1]?.split(' ') ?? [];
  const [dd, mm, yyyy] = (d ?? '').split('-');
  const run = Date.parse(`${yyyy}-${mm}-${dd}T${t}:00Z`);
  const out = new Map<string, Map<number, [number, number, number]>>();
  for (const line of lines) {
    const m = /^(\d\d)-(\d\d)-(\d{4}) (\d\d:\d\d);(.*)$/.exec(line);
    if (!m) continue;
    const ts = Date.parse(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:00Z`);
    (m[5] ?? '').split(';').forEach((v, i) => {
      const key = `${stations[i]}:${grandeurs[i]}`;
      const byTs = out.get(key) ?? new Map<number, [number, number, number]>();
      out.set(key, byTs);
      const triple = byTs.get(ts) ?? [Number.NaN, Number.NaN, Number.NaN];
      const k = ids[i]?.endsWith('basse_10') ? 0 : ids[i]?.endsWith('haute_90') ? 2 : 1;
      triple[k] = Number(v);
      byTs.set(ts, triple);
    });
  }
  return { run, series: out };
}

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = await userToken(ctx, 'prevision-loire', [1]);
});
afterAll(async () => ctx.close());

const lieuOfSite = async (site: string) =>
  (
    await ctx.db.db
      .selectFrom('lieu')
      .select('id')
      .where('code_site', '=', site)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('Loire episode, December 2024', () => {
  for (const f of EPISODE_LOIRE_FILES) {
    it(`serves every forecast value of ${f.prv} at site ${f.site}, with the run time of the file`, async () => {
      const id = await lieuOfSite(f.site);
      const prv = readPrv(readSeedText(f.prv));
      const res = await ctx.request({ url: `/api/hydro/lieu/${id}/previsions`, token });
      expect(res.statusCode).toBe(200);
      const body = z.parse(LieuPrevisions, res.json());
      const detail = z.parse(LieuDetail, (await ctx.request({ url: `/api/hydro/lieu/${id}` })).json());
      const grandeurOf = new Map(detail.capteurs.map((c) => [c.id, c.grandeur]));
      // One served series per quantity of the file (Q on the hourly flow sensor, H on the level sensor).
      expect(body.series.map((s) => s.grandeur).sort()).toEqual(
        [...prv.series.keys()].map((k) => k.split(':')[1]).sort(),
      );
      for (const s of body.series) {
        expect(grandeurOf.get(s.capteur_id)).toBe(s.grandeur);
        const [key, expected] = [...prv.series].find(([k]) => k.endsWith(`:${s.grandeur}`)) ?? [];
        expect(key, s.grandeur).toBeDefined();
        expect(s.run_ts).toBe(prv.run);
        expect(s.points.map((p) => p.ts)).toEqual([...(expected?.keys() ?? [])]);
        for (const p of s.points) {
          const [lo, mid, hi] = expected?.get(p.ts) ?? [];
          expect([p.min, p.valeur, p.max]).toEqual([lo, mid, hi]);
        }
      }
    });

    it(`stores the observed hourly flows of ${f.qmnh} as the place's observations`, async () => {
      const id = await lieuOfSite(f.site);
      const rows = parseCsv(readSeedText(f.qmnh));
      const capteur = await ctx.db.db
        .selectFrom('capteur')
        .select(['id', 'pas_min', 'unite'])
        .where('lieu_id', '=', id)
        .where('grandeur', '=', 'Q')
        .executeTakeFirstOrThrow();
      expect(capteur).toMatchObject({ pas_min: 60, unite: 'm³/s' });
      const stored = await ctx.db.db
        .selectFrom('observation')
        .select(['ts', 'valeur'])
        .where('capteur_id', '=', capteur.id)
        .orderBy('ts')
        .execute();
      expect(stored).toEqual(
        rows.map((r) => ({ ts: Date.parse(r['Date (TU)'] ?? ''), valeur: Number(r['Valeur (en m³/s)']) })),
      );
    });
  }

  it('gives the episode places their own clock; the rest of the demo keeps the 2022 clock', async () => {
    const digoin = await lieuOfSite('K1180010');
    const last = Math.max(
      ...parseCsv(readSeedText(EPISODE_LOIRE_FILES[0].qmnh)).map((r) => Date.parse(r['Date (TU)'] ?? '')),
    );
    const detail = z.parse(LieuDetail, (await ctx.request({ url: `/api/hydro/lieu/${digoin}` })).json());
    expect(detail.episode).toEqual({ code: EPISODE_LOIRE.code, libelle: EPISODE_LOIRE.libelle });
    // A day after the episode: the state is the one at the episode's "now" (its latest reading rounded up).
    const etat = z.parse(
      LieuEtat,
      (await ctx.request({ url: `/api/hydro/lieu/${digoin}/2024-12-20` })).json(),
    );
    expect(etat.instant).toBe(Math.ceil(last / HOUR) * HOUR);
    const q = etat.capteurs.find((c) => c.grandeur === 'Q');
    expect(q?.ts).toBe(last);
    expect(q?.fraicheur).toBe('a_jour');

    const health = z.parse(HealthResponse, (await ctx.request({ url: '/api/health' })).json());
    expect(health.episodes).toEqual([expect.objectContaining({ code: EPISODE_LOIRE.code, fin: last })]);
    // The main dataset still ends with the Garonne readings of January 2022 (ADR 094), not with the episode.
    expect(new Date(health.donnees.fin ?? 0).toISOString().slice(0, 7)).toBe('2022-01');
    const toulouse = await lieuIdByCode(ctx, 'O200004001');
    const t = z.parse(
      LieuEtat,
      (await ctx.request({ url: `/api/hydro/lieu/${toulouse}/2024-12-20` })).json(),
    );
    expect(t.instant).toBe(Math.ceil((health.donnees.fin ?? 0) / HOUR) * HOUR);
  });

  it('in the list of the Loire, the places of the episode are judged at its clock, the others at the main one', async () => {
    const digoin = await lieuOfSite('K1180010');
    const { entite_id } = await ctx.db.db
      .selectFrom('lieu')
      .select('entite_id')
      .where('id', '=', digoin)
      .executeTakeFirstOrThrow();
    const body = z.parse(
      EntiteLieux,
      (await ctx.request({ url: `/api/hydro/entite/${entite_id}/lieux` })).json(),
    );
    const health = z.parse(HealthResponse, (await ctx.request({ url: '/api/health' })).json());
    const fin = health.episodes?.find((e) => e.code === EPISODE_LOIRE.code)?.fin ?? 0;
    expect(body.maintenant).toBe(Math.ceil((health.donnees.fin ?? 0) / HOUR) * HOUR);
    const withEpisode = body.lieux.filter((l) => l.episode);
    expect(withEpisode.map((l) => l.id).sort()).toEqual(
      (await Promise.all(EPISODE_LOIRE_FILES.map((f) => lieuOfSite(f.site)))).sort(),
    );
    for (const l of withEpisode) {
      expect(l.episode).toEqual({
        code: EPISODE_LOIRE.code,
        libelle: EPISODE_LOIRE.libelle,
        maintenant: Math.ceil(fin / HOUR) * HOUR,
      });
      expect(l.capteurs.find((c) => c.grandeur === 'Q')?.ts).toBe(fin);
    }
  });

  it('the forecasts page tells the Digoin case with the numbers of the files', () => {
    const page = readSeedText('pages/infos-previsions.md').replace(/\s+/g, ' ');
    const prv = readPrv(readSeedText(EPISODE_LOIRE_FILES[0].prv));
    const q = prv.series.get('K1180010:Q') ?? new Map<number, [number, number, number]>();
    const obs = new Map(
      parseCsv(readSeedText(EPISODE_LOIRE_FILES[0].qmnh)).map((r) => [
        Date.parse(r['Date (TU)'] ?? ''),
        Number(r['Valeur (en m³/s)']),
      ]),
    );
    const [peakTs, [lo, mid, hi]] = [...q].reduce((a, b) => (b[1][1] > a[1][1] ? b : a));
    const paired = [...q].filter(([ts]) => obs.has(ts));
    const seen = paired.map(([ts]) => obs.get(ts) ?? Number.NaN);
    const inside = paired.filter(([ts, [a, , c]]) => (obs.get(ts) ?? -1) >= a && (obs.get(ts) ?? -1) <= c);
    const below = paired.filter(([ts, [a]]) => (obs.get(ts) ?? 0) < a);
    const above = paired.filter(([ts, [, , c]]) => (obs.get(ts) ?? 0) > c);
    const r = Math.round;
    // 13 December, 06:00 UTC = 7 h in Paris (winter time, UTC+1).
    expect(new Date(peakTs + HOUR).toISOString().slice(5, 13)).toBe('12-13T07');
    expect(page).toContain(`**${r(mid)} m³/s le 13 décembre à 7 h**`);
    expect(page).toContain(`de ${r(lo)} à ${r(hi)} m³/s à cette heure-là`);
    expect(page).toContain(`on a mesuré **${r(obs.get(peakTs) ?? 0)} m³/s**`);
    expect(page).toContain(`Pendant les ${q.size} heures de la prévision`);
    expect(page).toContain(`**entre ${r(Math.min(...seen))} et ${r(Math.max(...seen))} m³/s**`);
    expect(page).toContain(`n'a jamais dépassé ${r(Math.max(...obs.values()))} m³/s`);
    expect(page).toContain(`**${inside.length} heures sur ${paired.length}**`);
    expect(page).toContain(`(${below.length} heures)`);
    expect(page).toContain(`(${above.length} heures)`);
    // The skill of that run over its 119 hours (domain/fiabilite.ts says the same under the chart).
    const errors = paired.map(([ts, [, m]]) => m - (obs.get(ts) ?? Number.NaN));
    const abs = errors.map(Math.abs).sort((a, b) => a - b);
    const median =
      abs.length % 2
        ? abs[(abs.length - 1) / 2]
        : ((abs[abs.length / 2 - 1] ?? 0) + (abs[abs.length / 2] ?? 0)) / 2;
    expect(page).toContain(`**${r(errors.reduce((a, b) => a + b, 0) / errors.length)} m³/s en moyenne**`);
    expect(page).toContain(`(écart médian **${r(median ?? Number.NaN)} m³/s**)`);
  });

  it('a database seeded before the episode existed gets it once at start (seedDatabase)', async () => {
    const db = ctx.db.db;
    const lieux = await db
      .selectFrom('lieu')
      .select('id')
      .where('episode', '=', EPISODE_LOIRE.code)
      .execute();
    const flows = await db
      .selectFrom('capteur')
      .select('id')
      .where('source', '=', 'hydroportail')
      .where(
        'lieu_id',
        'in',
        lieux.map((l) => l.id),
      )
      .execute();
    const flowIds = flows.map((c) => c.id);
    const levels = await db
      .selectFrom('capteur')
      .select('id')
      .where('grandeur', '=', 'H')
      .where(
        'lieu_id',
        'in',
        lieux.map((l) => l.id),
      )
      .execute();
    // Back to the state of an older dataset: no episode, no forecast, no hourly flow sensor.
    await db
      .deleteFrom('prevision')
      .where('capteur_id', 'in', [...flowIds, ...levels.map((c) => c.id)])
      .execute();
    await db.deleteFrom('observation').where('capteur_id', 'in', flowIds).execute();
    await db.deleteFrom('capteur').where('id', 'in', flowIds).execute();
    await db.updateTable('lieu').set({ episode: null }).where('episode', '=', EPISODE_LOIRE.code).execute();
    await db.deleteFrom('episode').execute();

    expect((await seedDatabase(ctx.db)).seeded).toBe(false);
    const digoin = await lieuOfSite('K1180010');
    const res = await ctx.request({ url: `/api/hydro/lieu/${digoin}/previsions`, token });
    const prv = readPrv(readSeedText(EPISODE_LOIRE_FILES[0].prv));
    expect(
      z.parse(LieuPrevisions, res.json()).series.map((s) => [s.grandeur, s.run_ts, s.points.length]),
    ).toEqual(expect.arrayContaining([...prv.series].map(([k, v]) => [k.split(':')[1], prv.run, v.size])));
    const detail = z.parse(LieuDetail, (await ctx.request({ url: `/api/hydro/lieu/${digoin}` })).json());
    expect(detail.episode?.code).toBe(EPISODE_LOIRE.code);
  });

  it('loads the episode once (a second load writes nothing)', async () => {
    const count = () =>
      ctx.db.db
        .selectFrom('prevision')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
    const before = Number((await count()).n);
    expect(await loadLoireEpisode(ctx.db.db, () => {})).toBe(0);
    expect(Number((await count()).n)).toBe(before);
  });
});
