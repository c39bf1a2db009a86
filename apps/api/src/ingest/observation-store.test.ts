/**
 * ObservationStore on the real database (SQLite and PostgreSQL): the bulk statement of full 200-row chunks, order
 * breaks and repeated instants in a batch, observations of unknown stations, "stored observations win" mode, and the
 * sensor's cached state that never moves backwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { ObservationStore, type ObservationToStore } from './observation-store';

let ctx: TestContext;
let code = '';
let capteurId = 0;
const T0 = Date.parse('2026-10-01T00:00:00Z');
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestApp();
  const c = await ctx.db.db
    .selectFrom('capteur')
    .select(['id', 'code_station'])
    .where('grandeur', '=', 'H')
    .where('source', '=', 'hubeau')
    .where('dernier_ts', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  code = c.code_station as string;
  capteurId = c.id;
});
afterAll(async () => ctx.close());

const observation = (ts: number, valeur: number): ObservationToStore => ({
  codeStation: code,
  grandeur: 'H',
  ts,
  valeur,
  statut: 4,
  qualification: 16,
});
const rows = (from: number, to: number) =>
  ctx.db.db
    .selectFrom('observation')
    .select(['ts', 'valeur'])
    .where('capteur_id', '=', capteurId)
    .where('ts', '>=', from)
    .where('ts', '<=', to)
    .orderBy('ts')
    .execute();
const capteur = () =>
  ctx.db.db.selectFrom('capteur').selectAll().where('id', '=', capteurId).executeTakeFirstOrThrow();

describe('ObservationStore.write', () => {
  it('writes 2,550 observations of one page (full 200-row statements and the rest) and sets the sensor state', async () => {
    const store = new ObservationStore(ctx.db.db, 'hubeau');
    const version = (await capteur()).donnees_version;
    // Descending, as Hub'Eau sorts by default.
    const batch = Array.from({ length: 2550 }, (_, i) => observation(T0 + (2549 - i) * 5 * MIN, i / 1000));
    const w = await store.write(batch);
    expect(w).toMatchObject({ nouvelles: 2550, modifiees: 0, inchangees: 0, doublons: 0, inconnues: 0 });
    const stored = await rows(T0, T0 + 2550 * 5 * MIN);
    expect(stored).toHaveLength(2550);
    expect(stored[0]).toEqual({ ts: T0, valeur: 2.549 });
    expect(stored[2549]).toEqual({ ts: T0 + 2549 * 5 * MIN, valeur: 0 });
    const s = await capteur();
    expect(s).toMatchObject({
      premier_ts: T0,
      dernier_ts: T0 + 2549 * 5 * MIN,
      derniere_valeur: 0,
      pas_min: 5,
    });
    expect(s.donnees_version).toBe(version + 1);
    expect(store.summary.sensors).toEqual([
      {
        capteurId,
        lieuId: s.lieu_id,
        grandeur: 'H',
        codeStation: code,
        nouvelles: 2550,
        modifiees: 0,
        from: T0,
        to: T0 + 2549 * 5 * MIN,
      },
    ]);
  });

  it('keeps the last of a repeated instant, whatever the order, and counts unknown stations', async () => {
    const store = new ObservationStore(ctx.db.db, 'hubeau');
    const t = T0 + 30 * 24 * 60 * MIN;
    const batch = [
      observation(t, 1),
      observation(t + 10 * MIN, 2),
      observation(t + 5 * MIN, 3),
      observation(t + 10 * MIN, 4),
      { ...observation(t, 9), codeStation: 'Z000000000' },
    ];
    const w = await store.write(batch);
    expect(w).toMatchObject({ nouvelles: 3, doublons: 1, inconnues: 1 });
    expect((await rows(t, t + 10 * MIN)).map((r) => r.valeur)).toEqual([1, 3, 4]);
    expect(await capteur()).toMatchObject({ dernier_ts: t + 10 * MIN, derniere_valeur: 4 });
  });

  it('an unknown station between two observations of a known one loses neither of them', async () => {
    const store = new ObservationStore(ctx.db.db, 'hubeau');
    const t = T0 + 40 * 24 * 60 * MIN;
    const w = await store.write([
      observation(t, 5),
      { ...observation(t + 5 * MIN, 6), codeStation: 'Z000000000' },
      observation(t + 10 * MIN, 7),
    ]);
    expect(w).toMatchObject({ nouvelles: 2, inconnues: 1 });
    expect((await rows(t, t + 10 * MIN)).map((r) => [r.ts, r.valeur])).toEqual([
      [t, 5],
      [t + 10 * MIN, 7],
    ]);
  });

  it('an older observation arriving late does not move the latest value back; "ignore" never overwrites', async () => {
    const store = new ObservationStore(ctx.db.db, 'vigicrues');
    const before = await capteur();
    const late = T0 - 60 * MIN;
    const w = await store.write([observation(late, 7), observation(T0, 99)], { onConflict: 'ignore' });
    expect(w).toMatchObject({ nouvelles: 1, inchangees: 1 });
    expect((await rows(late, T0)).map((r) => r.valeur)).toEqual([7, 2.549]);
    const after = await capteur();
    expect(after).toMatchObject({
      premier_ts: late,
      dernier_ts: before.dernier_ts,
      derniere_valeur: before.derniere_valeur,
    });
  });
});
