/**
 * Roll-up of raw readings into the daily archive, on the real January 2022 Garonne levels of the demo: at Toulouse
 * St-Michel (no archive), and at Toulouse Pont-Neuf, whose archive holds daily maxima (docs/decisions/140).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDayRange } from '@limni/shared/domain/time';
import { parseCsv, readSeedText } from '../seed/files';
import { createTestApp, type TestContext } from '../../test/helpers';
import { capteurIdOf, lieuIdByCode } from '../../test/referentiel';
import { rollupCompleteDays } from './rollup';

let ctx: TestContext;
let capteur: number;
beforeAll(async () => {
  ctx = await createTestApp();
  capteur = await capteurIdOf(ctx, await lieuIdByCode(ctx, 'O200008001'), 'H');
});
afterAll(async () => ctx.close());

/** A station's readings of one Paris day in the demo's source file (m), and the archive row of its sensor that day. */
async function dayOf(code: string, capteurId: number, jour: string) {
  const { start, end } = parisDayRange(jour);
  const source = parseCsv(readSeedText('garonne_H_2022-01_native.csv'))
    .filter((r) => r['code_station'] === code)
    .map((r) => ({ ts: Date.parse(r['date_obs'] ?? ''), v: Number(r['resultat_obs_mm']) / 1000 }))
    .filter((r) => r.ts >= start && r.ts < end);
  const row = await ctx.db.db
    .selectFrom('archive_jour')
    .selectAll()
    .where('capteur_id', '=', capteurId)
    .where('jour', '=', jour)
    .executeTakeFirstOrThrow();
  return { source, row };
}

describe('rollupCompleteDays', () => {
  it('archives each complete Paris day of readings once: mean, min, max and count from the source CSV', async () => {
    const now = Date.parse('2022-01-31T10:00:00Z');
    const first = await rollupCompleteDays(ctx.db.db, now, 2);
    expect(first.jours).toBeGreaterThan(0);
    const { source, row } = await dayOf('O200008001', capteur, '2022-01-30');
    expect(row.source).toBe('rollup');
    expect(row.n).toBe(source.length);
    expect(row.min).toBe(Math.min(...source.map((s) => s.v)));
    expect(row.max).toBe(Math.max(...source.map((s) => s.v)));
    expect(row.moyenne).toBeCloseTo(source.reduce((a, s) => a + s.v, 0) / source.length, 9);
    // Nothing new the second time; the sensor now has a climatology that says why it has no band.
    expect((await rollupCompleteDays(ctx.db.db, now, 2)).jours).toBe(0);
    const clim = await ctx.db.db
      .selectFrom('climatologie_capteur')
      .select(['raison', 'nb_jours'])
      .where('capteur_id', '=', capteur)
      .executeTakeFirstOrThrow();
    expect(clim.nb_jours).toBe(2);
    expect(clim.raison).toContain('au moins 5 années complètes');
  });

  it('a sensor whose archive holds daily maxima archives the day’s highest reading as its value', async () => {
    const pontNeuf = await capteurIdOf(ctx, await lieuIdByCode(ctx, 'O200004001'), 'H');
    const jour = '2022-01-29';
    // The demo's day from the long series gives way to the readings' roll-up.
    await ctx.db.db.deleteFrom('archive_jour').where('capteur_id', '=', pontNeuf).where('jour', '=', jour).execute();
    await rollupCompleteDays(ctx.db.db, Date.parse('2022-01-31T10:00:00Z'), 3);
    const { source, row } = await dayOf('O200004001', pontNeuf, jour);
    expect(row.source).toBe('rollup');
    expect(row.moyenne).toBe(Math.max(...source.map((s) => s.v)));
    expect(row.max).toBe(row.moyenne);
  });
});
