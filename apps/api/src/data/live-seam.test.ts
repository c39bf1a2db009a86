/**
 * The seam between a place's archive and its live readings (docs/decisions/138): the demo's January 2022 readings of
 * Toulouse St-Michel, then live readings of today stored as live ingestion stores them. The place's range and its
 * « no usual range » sentence name the break; a break shorter than a week is not one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DateRange } from '@limni/shared/contracts/hydro';
import { NormalesLieu } from '@limni/shared/contracts/historique';
import { parisDay } from '@limni/shared/domain/time';
import { ObservationStore } from '../ingest/observation-store';
import { parseCsv, readSeedText } from '../seed/files';
import { createTestApp, type TestContext } from '../../test/helpers';
import { lieuIdByCode } from '../../test/referentiel';
import { recordServiceMode } from './service-mode';

/** Le bras inférieur de la Garonne à Toulouse (St-Michel): one water-level sensor, its demo readings only. */
const CODE = 'O200008001';
const MIN = 60_000;
const DAY = 86_400_000;
/** The mode cache of a database handle (data/service-mode.ts). */
const MODE_CACHE_MS = 2_000;

let ctx: TestContext;
let lieu: number;
beforeAll(async () => {
  ctx = await createTestApp({ env: { INGEST: 'auto' } });
  lieu = await lieuIdByCode(ctx, CODE);
});
afterAll(async () => ctx.close());

const seedTimes = () =>
  parseCsv(readSeedText('garonne_H_2022-01_native.csv'))
    .filter((r) => r['code_station'] === CODE)
    .map((r) => Date.parse(r['date_obs'] ?? ''));

const range = async () =>
  z.parse(DateRange, (await ctx.request({ url: `/api/hydro/lieu/${lieu}/daterange` })).json());

const reason = async (date: string, lang: string) =>
  z.parse(
    NormalesLieu,
    (
      await ctx.request({
        url: `/api/hydro/lieu/${lieu}/normales/${date}`,
        headers: { 'accept-language': lang },
      })
    ).json(),
  ).raison;

/** A day as a reader writes it: « 1er février 2022 » in French, « February 1, 2022 » in English. */
const longDate = (locale: string, ts: number) => {
  const text = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Paris',
  }).format(ts);
  return locale === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
};

const store = (ts: number[]) =>
  new ObservationStore(ctx.db.db, 'hubeau', undefined, { live: true }).write(
    ts.map((t) => ({ codeStation: CODE, grandeur: 'H', ts: t, valeur: 0.7, statut: null, qualification: null })),
  );

describe('the seam between archive and live readings', () => {
  it('demo: one range, no break', async () => {
    expect((await range()).interruption).toBeUndefined();
  });

  it('live: the range and the reason name the years without a reading', async () => {
    const now = Date.now();
    const live = [3, 2, 1].map((k) => Math.floor(now / (15 * MIN)) * 15 * MIN - k * 15 * MIN);
    await recordServiceMode(ctx.db.db, { mode: 'live', raison: null, depuis: now - 60 * MIN, prochainEssai: null });
    expect(await store(live)).toMatchObject({ nouvelles: 3 });
    await new Promise((r) => setTimeout(r, MODE_CACHE_MS + 100));

    const seed = seedTimes();
    const du = Math.max(...seed);
    const au = Math.min(...live);
    expect(await range()).toEqual({
      debut: Math.min(...seed),
      fin: Math.max(...live),
      jour_debut: parisDay(Math.min(...seed)),
      jour_fin: parisDay(Math.max(...live)),
      interruption: { du, au },
    });
    const today = parisDay(now);
    expect(await reason(today, 'fr-FR')).toContain(
      `que les mesures du ${longDate('fr-FR', Math.min(...seed))} au ${longDate('fr-FR', du)}, puis du ${longDate('fr-FR', au)} au ${longDate('fr-FR', Math.max(...live))}.`,
    );
    expect(await reason(today, 'en-US')).toContain(
      `readings from ${longDate('en-US', Math.min(...seed))} to ${longDate('en-US', du)}, then from ${longDate('en-US', au)} to ${longDate('en-US', Math.max(...live))}.`,
    );
  });

  it('readings less than a week apart across the seam are no break', async () => {
    const seam = (await range()).interruption?.au ?? 0;
    const depuis = Date.now() - 60 * MIN;
    const edge = depuis - 30 * DAY;
    expect(seam).toBeGreaterThan(edge);
    expect(await store([edge - 3 * DAY, edge + 3 * DAY])).toMatchObject({ nouvelles: 2 });
    await new Promise((r) => setTimeout(r, MODE_CACHE_MS + 100));
    expect((await range()).interruption).toBeUndefined();
  });
});
