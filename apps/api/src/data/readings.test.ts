import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { dataNow, sensorStatesAt } from './readings';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('readings', () => {
  it('the data "now" is the latest reading when ingestion is off', async () => {
    const now = await dataNow(ctx.db.db, { INGEST: 'off' }, () => 0);
    expect(new Date(now).toISOString()).toBe('2022-01-31T23:55:00.000Z');
    expect(await dataNow(ctx.db.db, { INGEST: 'live' }, () => 42)).toBe(42);
  });

  it('gives Toulouse Pont-Neuf at the flood peak with a trend and freshness', async () => {
    // Place 1 is La Garonne à Toulouse (Pont-Neuf); its January 2022 maximum is 4,306 mm.
    const peak = await ctx.db.db
      .selectFrom('observation')
      .innerJoin('capteur', 'capteur.id', 'observation.capteur_id')
      .select(['observation.ts', 'observation.valeur'])
      .where('capteur.lieu_id', '=', 1)
      .orderBy('observation.valeur', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(peak.valeur).toBe(4.306);
    const [h] = await sensorStatesAt(ctx.db.db, [1], peak.ts);
    expect(h).toMatchObject({ lieu_id: 1, grandeur: 'H', unite: 'm', valeur: 4.306, ts: peak.ts, fraicheur: 'a_jour' });
    expect(['stable', 'hausse', 'baisse']).toContain(h?.tendance);

    const rising = await sensorStatesAt(ctx.db.db, [1], peak.ts - 6 * 3600_000);
    expect(rising[0]?.tendance).toMatch(/^hausse/);
    expect(rising[0]?.variation_h).toBeGreaterThan(0);
  });

  it('says when a sensor has no data or is late', async () => {
    const t = Date.parse('2022-01-31T23:55:00Z');
    const states = await sensorStatesAt(ctx.db.db, [1, 30], t + 5 * 3600_000, t + 5 * 3600_000);
    expect(states.find((s) => s.lieu_id === 1)?.fraicheur).toBe('en_retard');
    expect(states.find((s) => s.lieu_id === 30)).toMatchObject({ valeur: null, tendance: null, fraicheur: 'aucune_donnee' });
  });
});
