/**
 * The history API against the embedded history file: every expected number is computed here from the CSV
 * (test-support/history-csv.ts), never copied from the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@limni/shared/contracts/common';
import { EntiteLieux, LieuDonnees } from '@limni/shared/contracts/hydro';
import { NormalesLieu } from '@limni/shared/contracts/historique';
import { MAX_POINTS } from '@limni/shared/domain/lttb';
import {
  stationDays,
  textbookBand,
  textbookMax,
  textbookMin,
  textbookYears,
  type CsvDay,
} from '../../../../../test-support/history-csv';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { entiteIdByNom, lieuIdByCode } from '../../../test/referentiel';

let ctx: TestContext;
/** Le Loing à Épisy, F439000101: daily flows 1999–2018 (airGRdatasets), the June 2016 flood. */
let EPISY: number;
/** Le bras inférieur de la Garonne à Toulouse (St-Michel): one month of water levels, no archive. */
let ST_MICHEL: number;
let loing: CsvDay[];
beforeAll(async () => {
  ctx = await createTestApp();
  EPISY = await lieuIdByCode(ctx, 'F439000101');
  ST_MICHEL = await lieuIdByCode(ctx, 'O200008001');
  loing = stationDays('F439000101');
});
afterAll(async () => ctx.close());

const get = (url: string, headers?: Record<string, string>) => ctx.request({ url, headers });
const valueOn = (days: CsvDay[], jour: string) => days.find((d) => d.jour === jour)?.moyenne ?? null;

/** The class by its definitions (very low under P10 … very high over P90), written out against the band. */
function expectedClass(v: number, b: { p10: number; p25: number; p75: number; p90: number }): string {
  if (v < b.p10) return 'tres-basses';
  if (v < b.p25) return 'basses';
  if (v > b.p90) return 'tres-hautes';
  if (v > b.p75) return 'hautes';
  return 'normales';
}

describe('GET /api/hydro/lieu/:id/normales/:date', () => {
  it('the Loing at Épisy on 2 June 2016: record 447 m³/s that day, « très hautes », band 1999–2018 from the CSV', async () => {
    const res = await get(`/api/hydro/lieu/${EPISY}/normales/2016-06-02`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    expect(res.headers.etag).toBeTruthy();
    const body = NormalesLieu.parse(res.json());
    const years = textbookYears(loing);
    expect(body.periode).toEqual({ debut: years[0], fin: years[years.length - 1], nb_annees: years.length });
    expect(body.raison).toBeNull();
    expect(body.records.max).toEqual(textbookMax(loing));
    expect(body.records.max).toEqual({ valeur: 447, jour: '2016-06-02' });
    expect(body.records.min).toEqual(textbookMin(loing));
    expect(body.bande).toHaveLength(366);

    const exp = textbookBand(loing, '06-02');
    for (const k of ['p10', 'p25', 'p50', 'p75', 'p90'] as const) {
      expect(body.jour.bande?.[k]).toBeCloseTo(exp[k], 9);
    }
    const v = valueOn(loing, '2016-06-02') as number;
    expect(body.jour.valeur).toBe(v);
    expect(body.jour.classe).toBe(expectedClass(v, exp));
    expect(body.jour.classe).toBe('tres-hautes');
    const sameDay = loing.filter(
      (d) => d.jour.endsWith('-06-02') && years.includes(Number(d.jour.slice(0, 4))),
    );
    expect(body.jour.nb_valeurs_jour).toBe(sameDay.length);
    expect(body.jour.rang).toBe(
      Math.round((100 * sameDay.filter((d) => d.moyenne < v).length) / sameDay.length),
    );
    expect(body.an_dernier).toEqual({ jour: '2015-06-02', valeur: valueOn(loing, '2015-06-02') });
    expect(body.origine).toContain('airGRdatasets');

    const again = await get(`/api/hydro/lieu/${EPISY}/normales/2016-06-02`, {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('a day in the middle of the summer and one at the year’s end match the CSV too', async () => {
    for (const date of ['2003-08-15', '2010-12-31']) {
      const body = NormalesLieu.parse((await get(`/api/hydro/lieu/${EPISY}/normales/${date}`)).json());
      const exp = textbookBand(loing, date.slice(5));
      for (const k of ['p10', 'p50', 'p90'] as const) expect(body.jour.bande?.[k]).toBeCloseTo(exp[k], 9);
      const v = valueOn(loing, date) as number;
      expect(body.jour.classe).toBe(expectedClass(v, exp));
    }
  });

  it('every airGR place and the Cance at Sarras has a band', async () => {
    const codes = [...new Set(['V352401001', 'E645651001', 'Y862000101', 'X031001001', 'V123521001'])];
    for (const code of codes) {
      const id = await lieuIdByCode(ctx, code);
      const body = NormalesLieu.parse((await get(`/api/hydro/lieu/${id}/normales/2012-03-01`)).json());
      const years = textbookYears(stationDays(code));
      expect(body.periode?.nb_annees).toBe(years.length);
      expect(body.bande.length).toBe(366);
    }
  });

  it('a place with one month of data says why it has no band', async () => {
    const body = NormalesLieu.parse((await get(`/api/hydro/lieu/${ST_MICHEL}/normales/2022-01-31`)).json());
    expect(body.periode).toBeNull();
    expect(body.bande).toEqual([]);
    expect(body.jour.classe).toBeNull();
    expect(body.raison).toMatch(/au moins 5 années complètes.*janvier 2022/);
  });

  it('refuses a bad date, an unknown place', async () => {
    const bad = await get(`/api/hydro/lieu/${EPISY}/normales/2016-13-02`);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(ErrorBody.parse(bad.json()).error)).toContain('AAAA-MM-JJ');
    const missing = await get('/api/hydro/lieu/999999/normales/2016-06-02');
    expect(missing.statusCode).toBe(404);
    expect(JSON.stringify(ErrorBody.parse(missing.json()).error)).toContain('Aucun lieu');
  });
});

describe('GET /api/hydro/lieu/:id/archive/:date/:annees', () => {
  it('« tout »: every archived day, downsampled with LTTB to the usual number of points', async () => {
    const res = await get(`/api/hydro/lieu/${EPISY}/archive/2018-12-31/tout`);
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const body = LieuDonnees.parse(res.json());
    const serie = body.series[0];
    expect(serie?.nb_brut).toBe(loing.length);
    expect(serie?.sous_echantillonne).toBe(true);
    expect(serie?.nb_renvoye).toBe(MAX_POINTS);
    // LTTB keeps the flood peak.
    expect(Math.max(...(serie?.valeur ?? []))).toBe(textbookMax(loing).valeur);
  });

  it('« 1 »: the 365 or 366 days ending at the date, every value as in the CSV', async () => {
    const body = LieuDonnees.parse((await get(`/api/hydro/lieu/${EPISY}/archive/2016-12-31/1`)).json());
    const expected = loing.filter((d) => d.jour > '2015-12-31' && d.jour <= '2016-12-31');
    expect(body.series[0]?.valeur).toEqual(expected.map((d) => d.moyenne));
    expect(body.series[0]?.ts).toEqual(expected.map((d) => Date.parse(`${d.jour}T12:00:00Z`)));
  });

  it('refuses an unknown period with a French message', async () => {
    const res = await get(`/api/hydro/lieu/${EPISY}/archive/2016-12-31/3`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(ErrorBody.parse(res.json()).error)).toContain('La période doit être');
  });
});

describe('class in the list of an entity’s places', () => {
  it('the Loing’s daily-flow sensor at Épisy carries the class of its last value for its date', async () => {
    const entite = await entiteIdByNom(ctx, 'Le Loing');
    const body = EntiteLieux.parse((await get(`/api/hydro/entite/${entite}/lieux`)).json());
    const episy = body.lieux.find((l) => l.id === EPISY);
    const q = episy?.capteurs.find((c) => c.grandeur === 'Q');
    const last = loing[loing.length - 1] as CsvDay;
    expect(q?.valeur).toBe(last.moyenne);
    expect(q?.classe).toBe(expectedClass(last.moyenne, textbookBand(loing, last.jour.slice(5))));
  });
});
