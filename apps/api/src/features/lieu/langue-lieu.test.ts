/**
 * The place's sentences in the asked language (issue 16, ADR 125): with `Accept-Language: en-US`, the verdict, the
 * thresholds' labels and texts, the usual-range sentence and the practical information carry no French word; without
 * it they stay French. Answers say `Vary: Accept-Language` and the two languages get different ETags (a cache keeps
 * both). Expectations come from the answers' own data (values, dates), not from the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { VerdictLieu } from '@limni/shared/contracts/activites';
import { GraphOptions, LieuDetail } from '@limni/shared/contracts/hydro';
import { NormalesLieu } from '@limni/shared/contracts/historique';
import { parisDay } from '@limni/shared/domain/time';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { frenchWords } from '../../../test/french-words';
import { activiteIdBySlug, lieuIdByCode } from '../../../test/referentiel';

let ctx: TestContext;
/** La Garonne à Toulouse (Pont-Neuf), O200004001: 15-min water levels, no 5-year archive. */
let TOULOUSE: number;
let PECHE: number;
beforeAll(async () => {
  ctx = await createTestApp();
  TOULOUSE = await lieuIdByCode(ctx, 'O200004001');
  PECHE = await activiteIdBySlug(ctx, 'peche');
});
afterAll(async () => ctx.close());

const EN = { 'accept-language': 'en-US,en;q=0.9' };
const FR = { 'accept-language': 'fr-FR,fr;q=0.9' };

async function both(url: string) {
  const [en, fr] = await Promise.all([ctx.request({ url, headers: EN }), ctx.request({ url, headers: FR })]);
  for (const r of [en, fr]) {
    expect(r.statusCode, url).toBe(200);
    expect(String(r.headers.vary), url).toMatch(/accept-language/i);
  }
  expect(en.headers.etag, url).not.toBe(fr.headers.etag);
  return { en: en.json<unknown>(), fr: fr.json<unknown>() };
}

const num = (v: number, locale: string, decimals: number) =>
  v.toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });

describe('the place in English', () => {
  it('the verdict: its sentence names the reading in each language, with no French in English', async () => {
    const { en, fr } = await both(`/api/activites/type-${PECHE}/lieu-${TOULOUSE}`);
    const e = z.parse(VerdictLieu, en);
    const f = z.parse(VerdictLieu, fr);
    expect(e.verdict).toBe(f.verdict);
    expect(e.mesure).toEqual(f.mesure);
    const valeur = f.mesure?.valeur;
    expect(valeur).toBeTypeOf('number');
    expect(e.raison).toContain(`${num(valeur as number, 'en-US', 2)} m`);
    expect(f.raison).toContain(`${num(valeur as number, 'fr-FR', 2)} m`);
    expect(frenchWords(`${e.raison} ${e.avertissement}`)).toEqual([]);
    expect(frenchWords(f.raison).length).toBeGreaterThan(0);
  });

  it('the thresholds of the chart: label and text in English, values the same', async () => {
    const date = parisDay(Date.parse('2022-02-01T00:00:00Z'));
    const { en, fr } = await both(`/api/hydro/lieu/${TOULOUSE}/g-options/${date}/7?activite=${PECHE}`);
    const e = z.parse(GraphOptions, en);
    const f = z.parse(GraphOptions, fr);
    expect(e.seuils.length).toBeGreaterThan(0);
    expect(e.seuils.map((s) => s.valeur)).toEqual(f.seuils.map((s) => s.valeur));
    for (const [i, s] of e.seuils.entries()) {
      expect(s.libelle).toContain(`${s.valeur.toLocaleString('en-US', { maximumFractionDigits: 3 })} m`);
      expect(frenchWords(`${s.libelle} ${s.texte ?? ''}`), s.libelle).toEqual([]);
      const sf = f.seuils[i];
      expect(sf?.libelle).toContain(`${s.valeur.toLocaleString('fr-FR', { maximumFractionDigits: 3 })} m`);
      expect(frenchWords(`${sf?.libelle} ${sf?.texte ?? ''}`).length).toBeGreaterThan(0);
    }
  });

  it('the usual-range sentence names the span of the readings in each language', async () => {
    const detail = z.parse(LieuDetail, (await ctx.request({ url: `/api/hydro/lieu/${TOULOUSE}` })).json());
    const h = detail.capteurs.find((c) => c.grandeur === 'H');
    expect(h?.premier_ts).toBeTypeOf('number');
    const { en, fr } = await both(`/api/hydro/lieu/${TOULOUSE}/normales/2022-01-31`);
    const e = z.parse(NormalesLieu, en);
    const f = z.parse(NormalesLieu, fr);
    const long = (locale: string) =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Paris',
      }).format(h?.premier_ts ?? 0);
    expect(e.raison).toContain(long('en-US'));
    expect(f.raison).toContain(long('fr-FR'));
    expect(frenchWords(e.raison ?? '')).toEqual([]);
  });

  it('the practical information: each line in English, none left in French', async () => {
    const { en, fr } = await both(`/api/hydro/lieu/${TOULOUSE}`);
    const e = z.parse(LieuDetail, en);
    const f = z.parse(LieuDetail, fr);
    expect(f.infos_pratiques).not.toBeNull();
    expect(e.infos_pratiques?.split('\n').length).toBe(f.infos_pratiques?.split('\n').length);
    expect(frenchWords(e.infos_pratiques ?? '').filter((w) => w !== "Hub'Eau")).toEqual([]);
    expect(frenchWords(f.infos_pratiques ?? '').length).toBeGreaterThan(0);
    // Everything else is the same data.
    expect({ ...e, infos_pratiques: null }).toEqual({ ...f, infos_pratiques: null });
  });
});
