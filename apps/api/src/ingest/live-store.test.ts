/**
 * What a store of live readings does beyond writing them (docs/decisions/136), on the real database (SQLite and
 * PostgreSQL): implausible readings kept apart and shown as such on the place, never its value; a plausible value
 * received later for the same instant replacing the set-aside one; a lasting shift accepted after six hours; a flow far
 * beyond a long history set aside; a daily-mean sensor made instantaneous with its days moved to the archive; a place
 * of a recorded episode made live.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { LieuDetail } from '@limni/shared/contracts/hydro';
import { parisDay } from '@limni/shared/domain/time';
import { parseCsv, readSeedText } from '../seed/files';
import { createTestApp, type TestContext } from '../../test/helpers';
import { lieuIdByCode } from '../../test/referentiel';
import { ObservationStore, type ObservationToStore } from './observation-store';

const T = Date.parse('2026-11-28T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;
const TOULOUSE = 'O200004001';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => T, env: { INGEST: 'live' } });
});
afterAll(async () => ctx.close());

const live = () => new ObservationStore(ctx.db.db, 'hubeau', undefined, { live: true });
const observation = (code: string, grandeur: 'H' | 'Q', ts: number, valeur: number): ObservationToStore => ({
  codeStation: code,
  grandeur,
  ts,
  valeur,
  statut: 4,
  qualification: 16,
});
const capteurOf = (lieuId: number, grandeur: 'H' | 'Q') =>
  ctx.db.db
    .selectFrom('capteur')
    .selectAll()
    .where('lieu_id', '=', lieuId)
    .where('grandeur', '=', grandeur)
    .executeTakeFirstOrThrow();
const stored = (capteurId: number, from: number) =>
  ctx.db.db
    .selectFrom('observation')
    .select(['ts', 'valeur'])
    .where('capteur_id', '=', capteurId)
    .where('ts', '>=', from)
    .orderBy('ts')
    .execute();
const setAsideOf = (capteurId: number) =>
  ctx.db.db
    .selectFrom('valeur_ecartee')
    .select(['ts', 'valeur', 'raison'])
    .where('capteur_id', '=', capteurId)
    .orderBy('ts')
    .execute();

describe('implausible readings', () => {
  it('a jump of 6 m in 10 minutes and a 100 m height are kept apart: not stored, not the value, shown on the place', async () => {
    const lieu = await lieuIdByCode(ctx, TOULOUSE);
    const h = await capteurOf(lieu, 'H');
    const store = live();
    const w = await store.write([
      observation(TOULOUSE, 'H', T - 30 * MIN, 3.0),
      observation(TOULOUSE, 'H', T - 20 * MIN, 3.05),
      observation(TOULOUSE, 'H', T - 10 * MIN, 9.05),
      observation(TOULOUSE, 'H', T, 100),
    ]);
    expect(w).toMatchObject({ nouvelles: 2, ecartees: 2 });
    expect(await stored(h.id, T - HOUR)).toEqual([
      { ts: T - 30 * MIN, valeur: 3.0 },
      { ts: T - 20 * MIN, valeur: 3.05 },
    ]);
    // A height may move 1 m + 6 m an hour: 2 m in 10 minutes; heights lie between −30 and 60 m (ADR 136).
    expect((await setAsideOf(h.id)).map((x) => ({ ...x, raison: JSON.parse(x.raison) as unknown }))).toEqual([
      { ts: T - 10 * MIN, valeur: 9.05, raison: { code: 'saut', reference: 3.05, minutes: 10 } },
      { ts: T, valeur: 100, raison: { code: 'bornes', min: -30, max: 60 } },
    ]);
    expect(await capteurOf(lieu, 'H')).toMatchObject({ derniere_valeur: 3.05, dernier_ts: T - 20 * MIN });
    // What the alerts hear of: the plausible readings only.
    expect(store.summary.sensors).toEqual([
      expect.objectContaining({ capteurId: h.id, nouvelles: 2, to: T - 20 * MIN }),
    ]);

    const res = await ctx.request({ url: `/api/hydro/lieu/${lieu}` });
    const detail = z.parse(LieuDetail, res.json());
    expect(detail.valeurs_ecartees).toEqual([
      expect.objectContaining({
        ts: T,
        valeur: 100,
        grandeur: 'H',
        unite: 'm',
        raison: { code: 'bornes', min: -30, max: 60 },
      }),
      expect.objectContaining({
        ts: T - 10 * MIN,
        valeur: 9.05,
        raison: { code: 'saut', reference: 3.05, minutes: 10 },
      }),
    ]);
  });

  it('a plausible value received later for the same instant replaces the set-aside one', async () => {
    const lieu = await lieuIdByCode(ctx, TOULOUSE);
    const h = await capteurOf(lieu, 'H');
    const w = await live().write([observation(TOULOUSE, 'H', T - 10 * MIN, 3.1)]);
    expect(w).toMatchObject({ nouvelles: 1, ecartees: 0 });
    expect((await setAsideOf(h.id)).map((x) => x.ts)).toEqual([T]);
    expect(await stored(h.id, T - 15 * MIN)).toEqual([{ ts: T - 10 * MIN, valeur: 3.1 }]);
  });

  it('a lasting shift is accepted once the previous plausible reading is more than six hours old', async () => {
    const lieu = await lieuIdByCode(ctx, TOULOUSE);
    const h = await capteurOf(lieu, 'H');
    const w = await live().write([observation(TOULOUSE, 'H', T - 10 * MIN + 7 * HOUR, 9.1)]);
    expect(w).toMatchObject({ nouvelles: 1, ecartees: 0 });
    expect((await capteurOf(lieu, 'H')).derniere_valeur).toBe(9.1);
    expect((await stored(h.id, T + HOUR)).map((x) => x.valeur)).toEqual([9.1]);
  });

  it('a flow far beyond a long history is set aside; a flood twice the record daily mean is not', async () => {
    // Le Loing à Épisy: 20 years of daily means (airGRdatasets), its climatology's records.
    const code = 'F439000101';
    const lieu = await lieuIdByCode(ctx, code);
    const q = await capteurOf(lieu, 'Q');
    const clim = await ctx.db.db
      .selectFrom('climatologie_capteur')
      .select(['record_max', 'nb_annees'])
      .where('capteur_id', '=', q.id)
      .executeTakeFirstOrThrow();
    expect(clim.nb_annees).toBeGreaterThanOrEqual(3);
    const max = clim.record_max as number;
    const w = await live().write([
      observation(code, 'Q', T - 2 * HOUR, 2 * max),
      observation(code, 'Q', T - HOUR, 10 * max + 101),
    ]);
    expect(w).toMatchObject({ nouvelles: 1, ecartees: 1 });
    const [s] = await setAsideOf(q.id);
    expect(JSON.parse(s?.raison ?? '{}')).toMatchObject({ code: 'historique', max: 10 * max + 100 });
  });
});

describe('sensors of their own step', () => {
  it('a daily-mean flow sensor receiving its first instantaneous reading moves its days to the archive', async () => {
    // A Garonne station whose January 2022 daily flows (QmnJ) the demo stores as observations.
    const days = parseCsv(readSeedText('garonne_QmnJ_5crues_1905-2022.csv')).filter(
      (r) => r['code_crue'] === '2022' && (r['date_obs_elab'] ?? '') < '2022-02-01',
    );
    const code = 'O200001001';
    const expected = days
      .filter((r) => r['code_station'] === code)
      .map((r) => ({
        jour: r['date_obs_elab'] as string,
        moyenne: Number(r['resultat_obs_elab_l_s']) / 1000,
      }))
      .sort((a, b) => a.jour.localeCompare(b.jour));
    expect(expected.length).toBe(31);
    const lieu = await lieuIdByCode(ctx, code);
    const before = await capteurOf(lieu, 'Q');
    expect(before.pas_min).toBe(1440);

    const w = await live().write([observation(code, 'Q', T - HOUR, 120), observation(code, 'Q', T, 121)]);
    expect(w.nouvelles).toBe(2);
    const after = await capteurOf(lieu, 'Q');
    expect(after.id).toBe(before.id);
    expect(after).toMatchObject({
      libelle: 'Débit',
      source: 'hubeau',
      derniere_valeur: 121,
      dernier_ts: T,
      premier_ts: T - HOUR,
    });
    expect(await stored(after.id, 0)).toEqual([
      { ts: T - HOUR, valeur: 120 },
      { ts: T, valeur: 121 },
    ]);
    const archive = await ctx.db.db
      .selectFrom('archive_jour')
      .select(['jour', 'moyenne', 'source'])
      .where('capteur_id', '=', after.id)
      .where('jour', '<', '2022-02-01')
      .where('jour', '>=', '2022-01-01')
      .orderBy('jour')
      .execute();
    expect(archive).toEqual(expected.map((d) => ({ ...d, source: 'demo' })));
    // The place's usual range no longer spans the demo month and today as « readings ».
    expect(parisDay(after.premier_ts as number)).toBe('2026-11-28');
  });

  it('a place of a recorded episode that gets a live reading leaves the episode; the episode keeps its period', async () => {
    const period = async () =>
      z.parse(HealthResponse, (await ctx.request({ url: '/api/health' })).json()).episodes?.[0];
    const episode = await period();
    expect(episode?.debut).not.toBeNull();
    const code = 'K118001010';
    const lieu = await lieuIdByCode(ctx, code);
    await live().write([observation(code, 'H', T - HOUR, 1.2)]);
    const row = await ctx.db.db
      .selectFrom('lieu')
      .select('episode')
      .where('id', '=', lieu)
      .executeTakeFirstOrThrow();
    expect(row.episode).toBeNull();
    expect((await capteurOf(lieu, 'Q')).libelle).toBe('Débit');
    expect(await period()).toEqual(episode);
  });
});
