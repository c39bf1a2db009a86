import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, readSeedText } from '../seed/files';
import { createTestApp, type TestContext } from '../../test/helpers';
import { lieuIdByCode } from '../../test/referentiel';
import { expectedTrendH } from '../../test/trend';
import { capteurStatesAt, dataNow, dataNowOfLieu } from './observations';
import { recordServiceMode, ServiceModeReader } from './service-mode';

let ctx: TestContext;
/** La Garonne à Toulouse (Pont-Neuf). */
const CODE = 'O200004001';
let pontNeuf: number;
beforeAll(async () => {
  ctx = await createTestApp();
  pontNeuf = await lieuIdByCode(ctx, CODE);
});
afterAll(async () => ctx.close());

/** The station's water levels in the seed's source file (mm → m), ascending. */
const source = () =>
  parseCsv(readSeedText('garonne_H_2022-01_native.csv'))
    .filter((r) => r['code_station'] === CODE)
    .map((r) => ({ ts: Date.parse(r['date_obs'] ?? ''), valeur: Number(r['resultat_obs_mm']) / 1000 }))
    .sort((a, b) => a.ts - b.ts);

const HOUR = 3_600_000;

/** Every observation time of the Garonne seed file (the latest reading of the demo dataset is among them). */
const seedTimes = () => parseCsv(readSeedText('garonne_H_2022-01_native.csv')).map((r) => Date.parse(r['date_obs'] ?? ''));

describe('observations', () => {
  it('the data "now" is the latest observation rounded up to the hour when ingestion is off (ADR 094)', async () => {
    const now = await dataNow(ctx.db.db, new ServiceModeReader(ctx.db.db, 'off'), () => 0);
    const latest = seedTimes().reduce((a, b) => Math.max(a, b), 0);
    expect(now).toBe(Math.ceil(latest / HOUR) * HOUR);
    expect(new Date(now).toISOString()).toBe('2022-02-01T00:00:00.000Z');
    expect(await dataNow(ctx.db.db, new ServiceModeReader(ctx.db.db, 'live'), () => 42)).toBe(42);
  });

  it('in auto mode the clock follows the mode the leader recorded: demo until live, then the real clock (ADR 134)', async () => {
    const latest = seedTimes().reduce((a, b) => Math.max(a, b), 0);
    const demoClock = Math.ceil(latest / HOUR) * HOUR;
    // Nothing recorded yet (the probe runs): the demo clock.
    expect(await dataNow(ctx.db.db, new ServiceModeReader(ctx.db.db, 'auto'), () => 42)).toBe(demoClock);
    await recordServiceMode(ctx.db.db, { mode: 'demo', raison: 'x', depuis: 1, prochainEssai: 2 });
    expect(await dataNow(ctx.db.db, new ServiceModeReader(ctx.db.db, 'auto'), () => 42)).toBe(demoClock);
    await recordServiceMode(ctx.db.db, { mode: 'live', raison: null, depuis: 3, prochainEssai: null });
    const live = new ServiceModeReader(ctx.db.db, 'auto');
    expect(await dataNow(ctx.db.db, live, () => 42)).toBe(42);
    // A place of a recorded episode keeps its episode's clock, live or not: its readings stopped in December 2024.
    const digoin = await lieuIdByCode(ctx, 'K118001010');
    const episodeLatest = await ctx.db.db
      .selectFrom('capteur')
      .select((eb) => eb.fn.max('dernier_ts').as('t'))
      .where('lieu_id', '=', digoin)
      .executeTakeFirstOrThrow();
    expect(await dataNowOfLieu(ctx.db.db, live, () => 42, digoin)).toBe(
      Math.ceil(Number(episodeLatest.t) / HOUR) * HOUR,
    );
    await ctx.db.db.deleteFrom('meta').where('key', '=', 'mode_service').execute();
  });

  it('gives Toulouse Pont-Neuf at the flood peak with the trend of the source values, and fresh', async () => {
    const rows = source();
    const peak = rows.reduce((best, r) => (r.valeur > best.valeur ? r : best));
    expect(peak.valeur).toBe(4.306);
    const expected = expectedTrendH(rows, peak.ts);
    expect(expected.n).toBe(13); // 15-min steps: 3 h and the peak itself
    const [h] = await capteurStatesAt(ctx.db.db, [pontNeuf], peak.ts);
    expect(h).toMatchObject({
      lieu_id: pontNeuf,
      grandeur: 'H',
      unite: 'm',
      valeur: 4.306,
      ts: peak.ts,
      fraicheur: 'a_jour',
      tendance: expected.tendance,
    });
    expect(h?.variation_h).toBeCloseTo(expected.variation_h, 9);

    const before = peak.ts - 6 * HOUR;
    const rising = expectedTrendH(rows, before);
    expect(rising.tendance).toMatch(/^hausse/);
    const [r] = await capteurStatesAt(ctx.db.db, [pontNeuf], before);
    expect(r).toMatchObject({ tendance: rising.tendance, ts: before });
    expect(r?.variation_h).toBeCloseTo(rising.variation_h, 9);
  });

  it('between two observations, takes the latest one before the instant and its window', async () => {
    const rows = source();
    const at = Date.parse('2022-01-20T10:07:00Z');
    const last = rows.filter((r) => r.ts <= at).at(-1) as { ts: number; valeur: number };
    expect(last.ts).toBe(Date.parse('2022-01-20T10:00:00Z'));
    const [h] = await capteurStatesAt(ctx.db.db, [pontNeuf], at);
    const expected = expectedTrendH(rows, last.ts);
    expect(h).toMatchObject({ valeur: last.valeur, ts: last.ts, tendance: expected.tendance });
    expect(h?.variation_h).toBeCloseTo(expected.variation_h, 9);
  });

  it('says when a sensor has no data or is late', async () => {
    const empty = await ctx.db.db
      .selectFrom('capteur')
      .select('lieu_id')
      .where('dernier_ts', 'is', null)
      .orderBy('lieu_id')
      .executeTakeFirstOrThrow();
    const t = Date.parse('2022-01-31T23:55:00Z');
    const states = await capteurStatesAt(ctx.db.db, [pontNeuf, empty.lieu_id], t + 5 * HOUR, t + 5 * HOUR);
    expect(states.find((s) => s.lieu_id === pontNeuf)?.fraicheur).toBe('en_retard');
    expect(states.find((s) => s.lieu_id === empty.lieu_id)).toMatchObject({
      valeur: null,
      tendance: null,
      fraicheur: 'aucune_donnee',
    });
    expect(await capteurStatesAt(ctx.db.db, [], t)).toEqual([]);
  });
});
