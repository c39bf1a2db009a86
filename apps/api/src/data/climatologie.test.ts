/**
 * The climatology follows the archive: new days of an incomplete year update the records only; a year that
 * completes moves the reference period and recomputes the bands. Expectations from the CSV plus the added days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { NormalesLieu } from '@limni/shared/contracts/historique';
import {
  stationDays,
  textbookBand,
  textbookQuantile,
  textbookYears,
  type CsvDay,
} from '../../../../test-support/history-csv';
import { createTestApp, type TestContext } from '../../test/helpers';
import { lieuIdByCode } from '../../test/referentiel';
import { recomputeClimatology, refreshGrownClimatologies } from './climatologie';

let ctx: TestContext;
let capteur: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const lieu = await lieuIdByCode(ctx, 'F439000101');
  const row = await ctx.db.db
    .selectFrom('capteur')
    .select('id')
    .where('lieu_id', '=', lieu)
    .where('grandeur', '=', 'Q')
    .executeTakeFirstOrThrow();
  capteur = row.id;
});
afterAll(async () => ctx.close());

const summary = () =>
  ctx.db.db.selectFrom('climatologie_capteur').selectAll().where('capteur_id', '=', capteur).executeTakeFirstOrThrow();
const bandOn = (mmjj: string) =>
  ctx.db.db
    .selectFrom('climatologie')
    .select(['p10', 'p50', 'p90'])
    .where('capteur_id', '=', capteur)
    .where('mmjj', '=', mmjj)
    .executeTakeFirstOrThrow();

const day = (k: number) => new Date(Date.UTC(2019, 0, 1) + k * 86_400_000).toISOString().slice(0, 10);

describe('refreshGrownClimatologies', () => {
  it('a few days of 2019: records and span follow, the 1999–2018 bands stay', async () => {
    const before = await bandOn('06-02');
    const added = [
      { jour: day(0), moyenne: 500 },
      { jour: day(1), moyenne: 20 },
    ];
    await ctx.db.db
      .insertInto('archive_jour')
      .values(added.map((a) => ({ capteur_id: capteur, ...a, min: null, max: null, source: 'rollup' as const, n: 96 })))
      .execute();
    expect(await refreshGrownClimatologies(ctx.db.db, 1)).toEqual({ refreshed: 1, recomputed: 0 });
    const s = await summary();
    expect([s.record_max, s.record_max_jour]).toEqual([500, '2019-01-01']);
    expect(s.nb_jours).toBe(stationDays('F439000101').length + 2);
    expect(s.dernier_jour).toBe('2019-01-02');
    expect(await bandOn('06-02')).toEqual(before);
    expect(await refreshGrownClimatologies(ctx.db.db, 2)).toEqual({ refreshed: 0, recomputed: 0 });
  });

  it('a complete 2019: the reference period becomes 1999–2019 and the bands are recomputed', async () => {
    // The history body is served from cache: read it once, so that the refresh below must invalidate it.
    const normales = async () => {
      const lieu = await lieuIdByCode(ctx, 'F439000101');
      const res = await ctx.request({ url: `/api/hydro/lieu/${lieu}/normales/2016-06-02` });
      expect(res.statusCode).toBe(200);
      return z.parse(NormalesLieu, res.json());
    };
    expect((await normales()).periode?.fin).toBe(2018);
    const rest: CsvDay[] = Array.from({ length: 363 }, (_, k) => ({ code: 'F439000101', jour: day(k + 2), moyenne: 30 }));
    await ctx.db.db
      .insertInto('archive_jour')
      .values(rest.map((r) => ({ capteur_id: capteur, jour: r.jour, moyenne: r.moyenne, min: null, max: null, source: 'rollup' as const, n: 96 })))
      .execute();
    expect(await refreshGrownClimatologies(ctx.db.db, 3)).toEqual({ refreshed: 1, recomputed: 1 });
    const all: CsvDay[] = [
      ...stationDays('F439000101'),
      { code: 'F439000101', jour: day(0), moyenne: 500 },
      { code: 'F439000101', jour: day(1), moyenne: 20 },
      ...rest,
    ];
    const years = textbookYears(all);
    const s = await summary();
    expect([s.annee_debut, s.annee_fin, s.nb_annees]).toEqual([years[0], years[years.length - 1], years.length]);
    expect((await normales()).periode).toEqual({
      debut: years[0],
      fin: years[years.length - 1],
      nb_annees: years.length,
    });
    const exp = textbookBand(all, '06-02');
    const got = await bandOn('06-02');
    expect(got.p10).toBeCloseTo(exp.p10, 9);
    expect(got.p50).toBeCloseTo(exp.p50, 9);
    expect(got.p90).toBeCloseTo(exp.p90, 9);

    // The place's indicative activity thresholds follow the new reference period (docs/decisions/099).
    const inPeriod = all.filter((d) => {
      const y = Number(d.jour.slice(0, 4));
      return y >= (years[0] as number) && y <= (years[years.length - 1] as number);
    });
    const q = (p: number) => Math.round(textbookQuantile(inPeriod.map((d) => d.moyenne), p) * 100) / 100;
    const canoe = await thresholdsOf('canoe-kayak');
    expect(canoe).toMatchObject({ grandeur: 'Q', seuil_bas: q(0.1), seuil_haut: q(0.9), indicatif: 1 });
    expect(canoe?.texte).toContain(`de ${years[0]} à ${years[years.length - 1]}`);
  });

  it('an official threshold is kept when the computed ones are replaced', async () => {
    const lieu = await lieuIdByCode(ctx, 'F439000101');
    const activite = await ctx.db.db
      .selectFrom('activite')
      .select('id')
      .where('slug', '=', 'peche')
      .executeTakeFirstOrThrow();
    await ctx.db.db
      .updateTable('activite_lieu')
      .set({ indicatif: 0, seuil_haut: 99, texte: 'Seuil de la fédération de pêche' })
      .where('lieu_id', '=', lieu)
      .where('activite_id', '=', activite.id)
      .execute();
    await recomputeClimatology(ctx.db.db, capteur, 4);
    expect(await thresholdsOf('peche')).toMatchObject({ indicatif: 0, seuil_haut: 99 });
    expect(await thresholdsOf('canoe-kayak')).toMatchObject({ indicatif: 1, grandeur: 'Q' });
  });
});

async function thresholdsOf(slug: string) {
  const lieu = await lieuIdByCode(ctx, 'F439000101');
  return ctx.db.db
    .selectFrom('activite_lieu')
    .innerJoin('activite', 'activite.id', 'activite_lieu.activite_id')
    .select(['activite_lieu.grandeur', 'seuil_bas', 'seuil_haut', 'indicatif', 'texte'])
    .where('lieu_id', '=', lieu)
    .where('activite.slug', '=', slug)
    .executeTakeFirst();
}
