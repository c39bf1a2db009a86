/**
 * Toulouse's usual range and records from the Garonne's daily maxima since 1857 (docs/decisions/140): every expected
 * number is computed here from `seed-data/toulouse_H_max_journalier_1857-2024.csv.gz` itself (test-support/history-csv.ts),
 * never copied from the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LieuDonnees } from '@limni/shared/contracts/hydro';
import { NormalesLieu } from '@limni/shared/contracts/historique';
import {
  textbookBand,
  textbookMax,
  textbookMin,
  textbookYears,
  toulouseDays,
  type CsvDay,
} from '../../../../../test-support/history-csv';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { capteurIdOf, lieuIdByCode } from '../../../test/referentiel';
import { seedDatabase } from '../../seed/seed';

/** The highest value of each year. */
function annualMaxima(days: readonly CsvDay[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const d of days) {
    const y = Number(d.jour.slice(0, 4));
    out.set(y, Math.max(out.get(y) ?? -Infinity, d.moyenne));
  }
  return out;
}

let ctx: TestContext;
let TOULOUSE: number;
let days: CsvDay[];
beforeAll(async () => {
  ctx = await createTestApp();
  TOULOUSE = await lieuIdByCode(ctx, 'O200004001');
  days = toulouseDays();
});
afterAll(async () => ctx.close());

const normales = async (date: string, langue = 'fr') =>
  NormalesLieu.parse(
    (
      await ctx.request({
        url: `/api/hydro/lieu/${TOULOUSE}/normales/${date}`,
        headers: { 'accept-language': langue },
      })
    ).json(),
  );

describe('the Garonne at Toulouse: daily maxima since 1857', () => {
  it('names its statistic and source; band, period and records are those of the CSV', async () => {
    const body = await normales('2022-01-31');
    expect(body.statistique).toBe('max');
    expect(body.origine).toContain('hackaviz-2025');
    expect(body.origine).toContain('HydroPortail');
    const years = textbookYears(days);
    expect(body.periode).toEqual({ debut: years[0], fin: years[years.length - 1], nb_annees: years.length });
    expect(body.archive).toEqual({
      premier_jour: days[0]?.jour,
      dernier_jour: '2022-01-31',
      nb_jours: days.length,
    });
    expect(body.records.max).toEqual(textbookMax(days));
    expect(body.records.max?.jour).toBe('1875-06-23');
    expect(body.records.min).toEqual(textbookMin(days));
    // A few calendar days' percentiles of the daily maxima, against the textbook quantiles.
    for (const date of ['2022-01-11', '2021-06-15', '2021-09-01']) {
      const b = (await normales(date)).jour.bande;
      const exp = textbookBand(days, date.slice(5));
      for (const k of ['p10', 'p25', 'p50', 'p75', 'p90'] as const) expect(b?.[k]).toBeCloseTo(exp[k], 9);
    }
    expect((await normales('2022-01-11')).jour.valeur).toBe(
      days.find((d) => d.jour === '2022-01-11')?.moyenne,
    );
  });

  it('ranks January 2022’s peak among the annual maxima since 1857', async () => {
    const maxima = annualMaxima(days);
    const peak = Math.max(...days.filter((d) => d.jour.startsWith('2022-')).map((d) => d.moyenne));
    expect(peak).toBeCloseTo(4.306, 9);
    const higher = [...maxima].filter(([y, v]) => y !== 2022 && v > peak).length;
    const body = await normales('2022-01-31');
    expect(body.maxima_annuels?.annee).toEqual({
      valeur: peak,
      jour: days.find((d) => d.jour.startsWith('2022-') && d.moyenne === peak)?.jour,
      rang: higher + 1,
      sur: maxima.size,
    });
    expect(body.maxima_annuels?.debut).toBe(Math.min(...maxima.keys()));
    expect(body.maxima_annuels?.nb_annees).toBe(maxima.size);
    const top = [...maxima.values()].sort((a, b) => b - a).slice(0, 5);
    expect(body.maxima_annuels?.plus_hauts.map((m) => m.valeur)).toEqual(top);
    // Earlier in the month, the year's maximum so far is that of the days up to then.
    const early = await normales('2022-01-05');
    const soFar = Math.max(
      ...days.filter((d) => d.jour >= '2022-01-01' && d.jour <= '2022-01-05').map((d) => d.moyenne),
    );
    expect(early.maxima_annuels?.annee?.valeur).toBe(soFar);
  });

  it('draws the daily maxima over « tout », and never a day after the demo’s data', async () => {
    const body = LieuDonnees.parse(
      (await ctx.request({ url: `/api/hydro/lieu/${TOULOUSE}/archive/2022-01-31/tout` })).json(),
    );
    expect(body.series[0]?.nb_brut).toBe(days.length);
    expect(Math.max(...(body.series[0]?.valeur ?? []))).toBe(textbookMax(days).valeur);
    const later = await normales('2023-05-25');
    expect(later.archive?.dernier_jour).toBe('2022-01-31');
  });

  it('a database seeded before gets them once at start, and only once', async () => {
    const capteur = await capteurIdOf(ctx, TOULOUSE, 'H');
    const count = async () =>
      Number(
        (
          await ctx.db.db
            .selectFrom('archive_jour')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('capteur_id', '=', capteur)
            .executeTakeFirstOrThrow()
        ).n,
      );
    // As before: no archive, a sensor of daily means.
    await ctx.db.db.deleteFrom('archive_jour').where('capteur_id', '=', capteur).execute();
    await ctx.db.db.deleteFrom('climatologie').where('capteur_id', '=', capteur).execute();
    await ctx.db.db.deleteFrom('climatologie_capteur').where('capteur_id', '=', capteur).execute();
    await ctx.db.db
      .updateTable('capteur')
      .set({ statistique_jour: 'moyenne' })
      .where('id', '=', capteur)
      .execute();
    await seedDatabase(ctx.db);
    expect(await count()).toBe(days.length);
    await seedDatabase(ctx.db);
    expect(await count()).toBe(days.length);
    const clim = await ctx.db.db
      .selectFrom('climatologie_capteur')
      .select('annee_debut')
      .where('capteur_id', '=', capteur)
      .executeTakeFirstOrThrow();
    expect(clim.annee_debut).toBe(textbookYears(days)[0]);
  });
});
