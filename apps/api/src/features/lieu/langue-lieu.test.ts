/**
 * The place's sentences in the asked language (ADR 125): with `Accept-Language: en-US`, the verdict, the
 * thresholds' labels and texts, the usual-range sentence and the practical information carry no French word; without
 * it they stay French. Answers say `Vary: Accept-Language` and the two languages get different ETags (a cache keeps
 * both). Expectations come from the answers' own data (values, dates), not from the code under test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { VerdictLieu } from '@limni/shared/contracts/activites';
import { EntiteDetail, GraphOptions, LieuDetail } from '@limni/shared/contracts/hydro';
import { NormalesLieu } from '@limni/shared/contracts/historique';
import { parisDay } from '@limni/shared/domain/time';
import { refreshGrownClimatologies } from '../../data/climatologie';
import { areaKm2, type AreaGeometry } from '../../seed/geo';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { frenchWords } from '../../../test/french-words';
import { activiteIdBySlug, entiteIdByNom, lieuIdByCode } from '../../../test/referentiel';

let ctx: TestContext;
/** La Garonne à Toulouse (Pont-Neuf), O200004001: 15-min water levels, daily maxima since 1857. */
let TOULOUSE: number;
/** Le bras inférieur de la Garonne à Toulouse (St-Michel), O200008001: 15-min water levels, no archive. */
let ST_MICHEL: number;
let PECHE: number;
beforeAll(async () => {
  ctx = await createTestApp();
  TOULOUSE = await lieuIdByCode(ctx, 'O200004001');
  ST_MICHEL = await lieuIdByCode(ctx, 'O200008001');
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
    const detail = z.parse(LieuDetail, (await ctx.request({ url: `/api/hydro/lieu/${ST_MICHEL}` })).json());
    const h = detail.capteurs.find((c) => c.grandeur === 'H');
    expect(h?.premier_ts).toBeTypeOf('number');
    const { en, fr } = await both(`/api/hydro/lieu/${ST_MICHEL}/normales/2022-01-31`);
    const e = z.parse(NormalesLieu, en);
    const f = z.parse(NormalesLieu, fr);
    // French writes the first of a month as an ordinal (« 1er janvier 2022 »).
    const long = (locale: string) => {
      const text = new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Europe/Paris',
      }).format(h?.premier_ts ?? 0);
      return locale === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
    };
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

  it('the origin of the archive behind the usual range: the same sources, named in English', async () => {
    const code = 'F439000101';
    const lieu = await lieuIdByCode(ctx, code);
    const stored = await ctx.db.db
      .selectFrom('climatologie_capteur')
      .innerJoin('capteur', 'capteur.id', 'climatologie_capteur.capteur_id')
      .select('climatologie_capteur.origine')
      .where('capteur.code_station', '=', code)
      .executeTakeFirstOrThrow();
    const { en, fr } = await both(`/api/hydro/lieu/${lieu}/normales/2018-12-31`);
    const e = z.parse(NormalesLieu, en);
    const f = z.parse(NormalesLieu, fr);
    expect(f.origine).toBe(stored.origine);
    expect(frenchWords(f.origine ?? '').length).toBeGreaterThan(0);
    // The names of the sources (words with a capital or a digit) stay; the French around them goes.
    const names = (t: string) => t.match(/[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)*/g) ?? [];
    expect(names(e.origine ?? '')).toEqual(names(f.origine ?? ''));
    expect(frenchWords(e.origine ?? '')).toEqual([]);
    expect({ ...e, origine: null }).toEqual({ ...f, origine: null });

    // The indicative thresholds computed over that archive name it too (their text, on the chart).
    const canoe = await activiteIdBySlug(ctx, 'canoe-kayak');
    const g = await both(`/api/hydro/lieu/${lieu}/g-options/2018-12-31/7?activite=${canoe}`);
    const ge = z.parse(GraphOptions, g.en);
    const gf = z.parse(GraphOptions, g.fr);
    expect(gf.seuils.some((s) => (s.texte ?? '').includes(f.origine ?? '?'))).toBe(true);
    expect(ge.seuils.some((s) => (s.texte ?? '').includes(e.origine ?? '?'))).toBe(true);
    for (const s of ge.seuils) expect(frenchWords(s.texte ?? ''), s.texte ?? '').toEqual([]);
  });

  it("a lake's area, on its page and in its place's practical information, in each language", async () => {
    const id = await entiteIdByNom(ctx, "Lac d'Annecy");
    const row = await ctx.db.db
      .selectFrom('entite')
      .innerJoin('lieu', 'lieu.entite_id', 'entite.id')
      .select(['entite.geometry', 'lieu.id as lieu'])
      .where('entite.id', '=', id)
      .where('lieu.code_station', 'is', null)
      .executeTakeFirstOrThrow();
    // The area of the Natural Earth outline the seed stores, in whole km².
    const km2 = Math.round(areaKm2(JSON.parse(row.geometry ?? 'null') as AreaGeometry));
    expect(km2).toBeGreaterThan(0);

    const entite = await both(`/api/hydro/entite/${id}`);
    const e = z.parse(EntiteDetail, entite.en);
    const f = z.parse(EntiteDetail, entite.fr);
    expect(e.description).toContain(`${km2.toLocaleString('en-US')} km²`);
    expect(f.description).toContain(`${km2.toLocaleString('fr-FR')} km²`);
    expect(frenchWords(e.description ?? '')).toEqual([]);
    expect(frenchWords(f.description ?? '').length).toBeGreaterThan(0);
    expect({ ...e, description: null }).toEqual({ ...f, description: null });

    const lieu = await both(`/api/hydro/lieu/${row.lieu}`);
    const pe = z.parse(LieuDetail, lieu.en).infos_pratiques?.split('\n') ?? [];
    const pf = z.parse(LieuDetail, lieu.fr).infos_pratiques?.split('\n') ?? [];
    expect(pe).toHaveLength(pf.length);
    // The first line is the lake's name and départements (proper nouns), the same in both languages.
    expect(pe[0]).toBe(pf[0]);
    expect(pe).toContain(`- ${e.description}`);
    expect(pf).toContain(`- ${f.description}`);
    expect(frenchWords(pe.slice(1).join('\n'))).toEqual([]);
  });

  // Last: it shortens a sensor's archive (the other tests read La Garonne à Toulouse, not this place).
  it('an archive too short for a usual range: the stored reason, with its count of complete years, in each language', async () => {
    const code = 'F439000101';
    const lieu = await lieuIdByCode(ctx, code);
    const { id } = await ctx.db.db
      .selectFrom('capteur')
      .innerJoin('climatologie_capteur', 'climatologie_capteur.capteur_id', 'capteur.id')
      .select('capteur.id')
      .where('capteur.code_station', '=', code)
      .executeTakeFirstOrThrow();
    // Calendar years the archive holds day by day, then the last three of them in a row: the rest is taken out.
    const days = await ctx.db.db
      .selectFrom('archive_jour')
      .select('jour')
      .where('capteur_id', '=', id)
      .execute();
    const perYear = new Map<number, number>();
    for (const d of days) {
      perYear.set(Number(d.jour.slice(0, 4)), (perYear.get(Number(d.jour.slice(0, 4))) ?? 0) + 1);
    }
    const whole = [...perYear]
      .filter(([y, n]) => n === (new Date(Date.UTC(y, 1, 29)).getUTCDate() === 29 ? 366 : 365))
      .map(([y]) => y)
      .sort((a, b) => a - b);
    const last = whole[whole.length - 1] as number;
    const kept = [last - 2, last - 1, last];
    expect(kept.every((y) => whole.includes(y))).toBe(true);
    await ctx.db.db
      .deleteFrom('archive_jour')
      .where('capteur_id', '=', id)
      .where((eb) => eb.or([eb('jour', '<', `${kept[0]}-01-01`), eb('jour', '>', `${last}-12-31`)]))
      .execute();
    // As the nightly job does when an archive changes: the climatology is recomputed and the cached bodies dropped.
    expect(await refreshGrownClimatologies(ctx.db.db, Date.now(), [id])).toEqual({
      refreshed: 1,
      recomputed: 1,
    });

    const { en, fr } = await both(`/api/hydro/lieu/${lieu}/normales/${last}-06-15`);
    const e = z.parse(NormalesLieu, en);
    const f = z.parse(NormalesLieu, fr);
    expect(e.periode).toBeNull();
    expect(e.bande).toEqual([]);
    expect(e.archive).toEqual(f.archive);
    expect(e.raison).toContain(`has ${kept.length} complete years`);
    expect(f.raison).toContain(`en a ${kept.length} années complètes`);
    expect(frenchWords(e.raison ?? '')).toEqual([]);
    expect(frenchWords(f.raison ?? '').length).toBeGreaterThan(0);
  });
});
