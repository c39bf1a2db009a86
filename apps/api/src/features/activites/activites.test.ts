import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  ActiviteDetail,
  ActivitesResponse,
  VerdictEntite,
  VerdictLieu,
  VerdictLieu7j,
} from '@limni/shared/contracts/activites';
import { ErrorBody } from '@limni/shared/contracts/common';
import { parisDayRange } from '@limni/shared/domain/time';
import {
  AVERTISSEMENT_SEUILS_INDICATIFS,
  AVERTISSEMENT_SEUILS_INDICATIFS_EN,
} from '@limni/shared/domain/verdict';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { activiteIdBySlug, entiteIdByNom, lieuIdByCode, lieuIdByLibelle } from '../../../test/referentiel';
import {
  archiveThreshold,
  historyCsv,
  stationDays,
  textbookQuantile,
  textbookYears,
  toulouseDays,
} from '../../../../../test-support/history-csv';
import { parseCsv, readSeedText } from '../../seed/files';

let ctx: TestContext;
/** La Garonne à Toulouse (Pont-Neuf), O200004001, tronçon MP6: daily maxima since 1857 (docs/decisions/140). */
let TOULOUSE: number;
/** Le bras inférieur de la Garonne à Toulouse (St-Michel), O200008001: one month of levels, no archive. */
let ST_MICHEL: number;
/** Lac des Quatre-Cantons à Lucerne. */
let LUCERNE: number;
let GARONNE: number;
let CANOE: number;
let BAIGNADE: number;
let PECHE: number;
beforeAll(async () => {
  ctx = await createTestApp();
  TOULOUSE = await lieuIdByCode(ctx, 'O200004001');
  ST_MICHEL = await lieuIdByCode(ctx, 'O200008001');
  LUCERNE = await lieuIdByLibelle(ctx, 'Lac des Quatre-Cantons à Lucerne');
  GARONNE = await entiteIdByNom(ctx, 'La Garonne');
  CANOE = await activiteIdBySlug(ctx, 'canoe-kayak');
  BAIGNADE = await activiteIdBySlug(ctx, 'baignade');
  PECHE = await activiteIdBySlug(ctx, 'peche');
});

/** A URL of the table below with the looked-up ids in place of {canoe}, {toulouse} and {garonne}. */
const withIds = (url: string) =>
  url
    .replace('{canoe}', String(CANOE))
    .replace('{toulouse}', String(TOULOUSE))
    .replace('{garonne}', String(GARONNE));
afterAll(async () => ctx.close());

const get = (url: string, headers?: Record<string, string>) => ctx.request({ url, headers });
const verdictLieu = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return z.parse(VerdictLieu, res.json());
};

/** Canoe-kayak's indicative thresholds at Toulouse: 10th and 90th percentiles of its daily maxima since 1857. */
const toulouseCanoe = () => ({
  bas: archiveThreshold(toulouseDays(), 0.1),
  haut: archiveThreshold(toulouseDays(), 0.9),
});
const fr2 = (v: number) => v.toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** First and last complete year of Toulouse's daily maxima: the period its thresholds are said to come from. */
const toulousePeriode = () => {
  const years = textbookYears(toulouseDays());
  return { debut: years[0] as number, fin: years[years.length - 1] as number };
};
/** « Pas assez d’historique pour un avis » with the rule: what a place with too little history answers (ADR 141). */
const SANS_HISTORIQUE = /^Pas assez d’historique pour un avis : il faut à Limni au moins 10 années complètes/;

/** The canoe-kayak verdict of a level at Toulouse, by the thresholds above (without vigilance). */
function toulouseVerdict(valeur: number): string {
  const { bas, haut } = toulouseCanoe();
  return valeur < bas ? 'trop bas' : valeur > haut ? 'trop haut' : 'praticable';
}

/** Toulouse Pont-Neuf's last reading of a Paris day, from the demo's source file (m). */
function lastObservationOf(day: string): number {
  const { start, end } = parisDayRange(day);
  const rows = parseCsv(readSeedText('garonne_H_2022-01_native.csv'))
    .filter((r) => r['code_station'] === 'O200004001')
    .map((r) => ({ ts: Date.parse(r['date_obs'] ?? ''), v: Number(r['resultat_obs_mm']) / 1000 }))
    .filter((r) => r.ts >= start && r.ts < end)
    .sort((a, b) => a.ts - b.ts);
  return (rows[rows.length - 1] as { v: number }).v;
}

/** Water levels recorded at a place, sorted. */
async function levels(lieuId: number): Promise<number[]> {
  const rows = await ctx.db.db
    .selectFrom('observation')
    .innerJoin('capteur', 'capteur.id', 'observation.capteur_id')
    .select('observation.valeur')
    .where('capteur.lieu_id', '=', lieuId)
    .where('capteur.grandeur', '=', 'H')
    .execute();
  return rows.map((r) => r.valeur).sort((a, b) => a - b);
}

describe('GET /api/activites/all', () => {
  it('lists the six activities in order, with where they are practised', async () => {
    const res = await get('/api/activites/all');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/public/);
    const list = z.parse(ActivitesResponse, res.json());
    expect(list.map((a) => [a.id, a.slug, a.nom])).toEqual([
      [1, 'baignade', 'Baignade'],
      [2, 'peche', 'Pêche'],
      [3, 'canoe-kayak', 'Canoë-kayak'],
      [4, 'voile', 'Voile'],
      [5, 'aviron', 'Aviron'],
      [6, 'stand-up-paddle', 'Stand-up paddle'],
    ]);
    expect(list.every((a) => a.icone.length > 0 && a.description.endsWith('.'))).toBe(true);
    // 22 river stations + 4 Swiss lakes with recorded levels, plus every river station of the long archive (one
    // per station code of the history file); bathing and sailing on lakes only; rowing and paddle on lakes, the
    // 6 level stations of large rivers (catchment ≥ 3,000 km²) and, of the archive, Le Loing à Épisy (3,900 km²).
    const archived = new Set(historyCsv().map((r) => r.code)).size;
    const nb = Object.fromEntries(list.map((a) => [a.slug, a.nb_lieux]));
    expect(nb).toEqual({
      baignade: 4,
      peche: 26 + archived,
      'canoe-kayak': 26 + archived,
      voile: 4,
      aviron: 10 + 1,
      'stand-up-paddle': 10 + 1,
    });
  });
});

describe('GET /api/activites/type-:ida', () => {
  it('gives the entities, tronçons and places of the activity with indicative thresholds', async () => {
    const res = await get(`/api/activites/type-${CANOE}`);
    expect(res.statusCode).toBe(200);
    const a = z.parse(ActiviteDetail, res.json());
    expect(a).toMatchObject({ id: CANOE, slug: 'canoe-kayak', indicatif: true });
    expect(a.avertissement).toBe(AVERTISSEMENT_SEUILS_INDICATIFS);
    // In English for an English reader, and kept apart by caches.
    const en = await ctx.request({
      url: `/api/activites/type-${CANOE}`,
      headers: { 'accept-language': 'en' },
    });
    expect(z.parse(ActiviteDetail, en.json()).avertissement).toBe(AVERTISSEMENT_SEUILS_INDICATIFS_EN);
    expect(en.headers.vary).toMatch(/Accept-Language/i);
    expect(a.entites.map((e) => e.nom)).toEqual(
      expect.arrayContaining(['La Garonne', "L'Ariège", 'La Lèze', 'Lac des Quatre-Cantons']),
    );
    const garonne = a.entites.find((e) => e.nom === 'La Garonne');
    expect(garonne?.lieux).toContain(TOULOUSE);
    const mp6 = a.troncons.find((t) => t.code === 'MP6');
    expect(mp6).toMatchObject({ nom: 'Garonne toulousaine' });
    expect(mp6?.lieux).toContain(TOULOUSE);
    // Every place listed under an entity or a tronçon is in the place list, with thresholds.
    const ids = new Set(a.lieux.map((l) => l.id));
    expect(a.entites.flatMap((e) => e.lieux).every((id) => ids.has(id))).toBe(true);
    expect(a.lieux.every((l) => l.seuils.length > 0 && l.seuils.every((s) => s.indicatif))).toBe(true);
  });

  it('gives no bounds where a place has only one month of readings: not enough history for an opinion', async () => {
    const a = z.parse(ActiviteDetail, (await get(`/api/activites/type-${CANOE}`)).json());
    const seuil = a.lieux.find((l) => l.id === ST_MICHEL)?.seuils[0];
    const sorted = await levels(ST_MICHEL);
    expect(sorted).toHaveLength(2976);
    expect(seuil).toMatchObject({
      grandeur: 'H',
      indicatif: true,
      seuil_bas: null,
      seuil_haut: null,
      fondement: { kind: 'historique_insuffisant', annee_debut: null, annee_fin: null },
    });
    const span = await ctx.db.db
      .selectFrom('observation')
      .innerJoin('capteur', 'capteur.id', 'observation.capteur_id')
      .select((eb) => [eb.fn.min('observation.ts').as('premier'), eb.fn.max('observation.ts').as('dernier')])
      .where('capteur.lieu_id', '=', ST_MICHEL)
      .where('capteur.grandeur', '=', 'H')
      .executeTakeFirstOrThrow();
    const jourParis = (ms: number) => new Date(ms).toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
    expect(seuil?.texte).toBe(
      `Pas assez d’historique pour un avis : Limni n’a ici que les 2\u202f976 hauteurs relevées du ${jourParis(
        Number(span.premier),
      )} au ${jourParis(Number(span.dernier))} ; il lui faut au moins 10 années complètes de valeurs journalières.`,
    );
    // No sentence about shallows, beaches or pontoons in any threshold text: they say what the bounds are.
    for (const act of await Promise.all(
      [CANOE, BAIGNADE, PECHE].map((id) => get(`/api/activites/type-${id}`)),
    )) {
      const textes = z
        .parse(ActiviteDetail, act.json())
        .lieux.flatMap((l) => l.seuils.map((x) => x.texte ?? ''));
      expect(textes.join(' ')).not.toMatch(/hauts-fonds|inond|berges|pontons|racle|embâcles|trouble/);
    }
    // Its verdict, on a day of its readings, is that neutral state, never a percentile of that month.
    const v = await verdictLieu(`/api/activites/type-${CANOE}/lieu-${ST_MICHEL}/2022-01-10`);
    expect(v).toMatchObject({ verdict: 'inconnu', fondement: { kind: 'historique_insuffisant' } });
    expect(v.raison).toMatch(SANS_HISTORIQUE);
    // The reading is still given (the last of that day), without an opinion on it.
    expect(v.mesure).toMatchObject({ grandeur: 'H', fraicheur: 'a_jour' });
  });

  it('says in English that there is not enough history for an opinion', async () => {
    const res = await get(`/api/activites/type-${CANOE}/lieu-${ST_MICHEL}/2022-01-10`, {
      'accept-language': 'en',
    });
    const v = z.parse(VerdictLieu, res.json());
    expect(v.raison).toMatch(/^Not enough history for an opinion: Limni needs at least 10 complete years/);
  });

  it('at Toulouse, from its daily maxima since 1857 rather than from one month', async () => {
    const a = z.parse(ActiviteDetail, (await get(`/api/activites/type-${CANOE}`)).json());
    const seuil = a.lieux.find((l) => l.id === TOULOUSE)?.seuils[0];
    const { bas, haut } = toulouseCanoe();
    expect(seuil).toMatchObject({ grandeur: 'H', indicatif: true, seuil_bas: bas, seuil_haut: haut });
    const { debut, fin } = toulousePeriode();
    expect(seuil?.texte).toContain(
      `10e et 90e centiles des ${new Intl.NumberFormat('fr-FR').format(
        toulouseDays().filter((d) => Number(d.jour.slice(0, 4)) >= debut && Number(d.jour.slice(0, 4)) <= fin)
          .length,
      )} hauteurs maximales journalières de ${debut} à ${fin}`,
    );
    expect(seuil?.texte).toMatch(
      /Sous le seuil bas, la valeur est plus basse que 90\u00a0% de ces jours ; au-dessus du seuil haut, plus haute que 90\u00a0% d’entre eux\.$/u,
    );
    expect(seuil?.fondement).toEqual({
      kind: 'archive',
      annee_debut: debut,
      annee_fin: fin,
      statistique: 'max',
      centile_bas: 10,
      centile_haut: 90,
    });
  });

  it('derives them from the long archive where one exists: Le Loing à Épisy, 20 years of daily flows', async () => {
    // Expected from the embedded CSV: the complete years, then the textbook quantiles of their daily means.
    const days = stationDays('F439000101');
    const years = textbookYears(days);
    const debut = years[0] as number;
    const fin = years[years.length - 1] as number;
    const values = days.filter((d) => {
      const y = Number(d.jour.slice(0, 4));
      return y >= debut && y <= fin;
    });
    const q = (p: number) =>
      Math.round(
        textbookQuantile(
          values.map((d) => d.moyenne),
          p,
        ) * 100,
      ) / 100;
    const episy = await lieuIdByCode(ctx, 'F439000101');
    const a = z.parse(ActiviteDetail, (await get(`/api/activites/type-${CANOE}`)).json());
    const seuil = a.lieux.find((l) => l.id === episy)?.seuils[0];
    expect(seuil).toMatchObject({
      grandeur: 'Q',
      indicatif: true,
      seuil_bas: q(0.1),
      seuil_haut: q(0.9),
      fondement: { kind: 'archive', annee_debut: debut, annee_fin: fin, statistique: 'moyenne' },
    });
    // At least 10 complete years: the rule of ADR 141 holds for this archive.
    expect(years.length).toBeGreaterThanOrEqual(10);
    const n = new Intl.NumberFormat('fr-FR').format(values.length);
    expect(seuil?.texte).toContain(
      `10e et 90e centiles des ${n} débits moyens journaliers de ${debut} à ${fin}`,
    );

    // 2 June 2016, the flood: the day's mean flow is above the 90th percentile, so canoe-kayak is « trop haut ».
    const flood = days.find((d) => d.jour === '2016-06-02')?.moyenne as number;
    expect(flood).toBeGreaterThan(q(0.9));
    const v = await verdictLieu(`/api/activites/type-${CANOE}/lieu-${episy}/2016-06-02`);
    expect(v.verdict).toBe('trop haut');
    // Flows to the sensor's precision: 2 decimals under 10 m³/s, 1 under 100, none above.
    const fr = (x: number) => {
      const d = x < 10 ? 2 : x < 100 ? 1 : 0;
      return x.toLocaleString('fr-FR', { maximumFractionDigits: d, minimumFractionDigits: d });
    };
    expect(v.raison).toBe(
      `Débit de ${fr(flood)} m³/s, plus haut que 90\u00a0% des débits moyens journaliers de ${debut} à ${fin} ` +
        `(seuil haut indicatif : ${fr(q(0.9))} m³/s).`,
    );
  });

  it('offers bathing on lakes only', async () => {
    const a = z.parse(ActiviteDetail, (await get(`/api/activites/type-${BAIGNADE}`)).json());
    expect(a.entites.length).toBe(4);
    expect(a.entites.every((e) => e.type === 'L')).toBe(true);
    expect(a.troncons).toEqual([]);
  });
});

describe('GET /api/activites/type-:ida/lieu-:idl/:date', () => {
  it.each(['2022-01-10', '2022-01-20', '2022-01-30'])(
    'judges canoe-kayak at Toulouse on %s at the end of the day by its last reading',
    async (day) => {
      const v = await verdictLieu(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}/${day}`);
      const { end } = parisDayRange(day);
      const valeur = lastObservationOf(day);
      const { bas, haut } = toulouseCanoe();
      const verdict = toulouseVerdict(valeur);
      expect(v).toMatchObject({
        date: day,
        instant: end - 1,
        verdict,
        indicatif: true,
        avertissement: AVERTISSEMENT_SEUILS_INDICATIFS,
        activite: { id: CANOE, slug: 'canoe-kayak' },
        lieu: { id: TOULOUSE, libelle: 'La Garonne à Toulouse (Pont-Neuf)' },
      });
      const h = `Hauteur de ${fr2(valeur)} m`;
      const { debut, fin } = toulousePeriode();
      const jours = `des hauteurs maximales journalières de ${debut} à ${fin}`;
      expect(v.raison).toBe(
        verdict === 'trop haut'
          ? `${h}, plus haut que 90\u00a0% ${jours} (seuil haut indicatif : ${fr2(haut)} m).`
          : verdict === 'trop bas'
            ? `${h}, plus bas que 90\u00a0% ${jours} (seuil bas indicatif : ${fr2(bas)} m).`
            : `${h}, entre le 10e centile (${fr2(bas)} m) et le 90e centile (${fr2(haut)} m) ${jours}.`,
      );
      // The observation used: the last one of the Paris day (15-min station: 23:45 Paris = 22:45 UTC).
      expect(v.mesure).toMatchObject({ grandeur: 'H', unite: 'm', valeur, fraicheur: 'a_jour' });
      expect(v.mesure?.ts).toBe(end - 15 * 60_000);
      // Its step says it is an instant, not a day: the 15 minutes between two readings of this station.
      expect(v.mesure?.pas_min).toBe(15);
      expect(v.seuils).toEqual([expect.objectContaining({ seuil_bas: bas, seuil_haut: haut })]);
      // The tronçon's level is the one recorded in 2021, still the latest known: green, dated.
      expect(v.vigilance).toMatchObject({ code: 'MP6', niveau: 1, ts: Date.parse('2021-01-24T07:16:03Z') });
    },
  );

  it('judges the flood of 10 January « trop haut »', async () => {
    expect(toulouseVerdict(lastObservationOf('2022-01-10'))).toBe('trop haut');
  });

  it('uses the data "now" when no date is given', async () => {
    const v = await verdictLieu(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}`);
    // The latest observation of the dataset is 2022-01-31 23:55 UTC (1 February 00:55 in Paris); the demo clock
    // rounds it up to the next full hour (ADR 094).
    expect(v.instant).toBe(Date.parse('2022-02-01T00:00:00Z'));
    expect(v.date).toBe('2022-02-01');
    expect(v.mesure).toMatchObject({
      valeur: 0.695,
      ts: Date.parse('2022-01-31T23:45:00Z'),
      fraicheur: 'a_jour',
    });
    expect(v.verdict).toBe(toulouseVerdict(0.695));
  });

  it('gives no opinion on a Swiss lake with one month of readings, even during its flood', async () => {
    for (const url of [
      `/api/activites/type-${BAIGNADE}/lieu-${LUCERNE}/2021-07-16`,
      `/api/activites/type-${BAIGNADE}/lieu-${LUCERNE}`,
    ]) {
      const v = await verdictLieu(url);
      expect(v).toMatchObject({ verdict: 'inconnu', fondement: { kind: 'historique_insuffisant' } });
      expect(v.raison).toMatch(SANS_HISTORIQUE);
      expect(v.seuils).toEqual([expect.objectContaining({ seuil_bas: null, seuil_haut: null })]);
    }
  });

  it('says "inconnu" without thresholds, before the data and after them', async () => {
    const none = await verdictLieu(`/api/activites/type-${BAIGNADE}/lieu-${TOULOUSE}/2022-01-20`);
    expect(none).toMatchObject({ verdict: 'inconnu', seuils: [] });
    expect(none.raison).toBe("Aucun seuil n'est défini pour cette activité à ce lieu.");
    const before = await verdictLieu(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}/2021-12-15`);
    expect(before).toMatchObject({ verdict: 'inconnu', mesure: null });
    const future = await verdictLieu(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}/2022-03-01`);
    expect(future.verdict).toBe('inconnu');
    expect(future.raison).toMatch(/trop ancienne pour juger/);
  });
});

describe('GET /api/activites/type-:ida/lieu-:idl/7j/:date', () => {
  it('gives one verdict per day for the 7 days ending at the date, each as the single-day answer', async () => {
    const res = await get(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}/7j/2022-01-12`);
    expect(res.statusCode).toBe(200);
    const v = z.parse(VerdictLieu7j, res.json());
    expect(v.jours.map((j) => j.date)).toEqual([
      '2022-01-06',
      '2022-01-07',
      '2022-01-08',
      '2022-01-09',
      '2022-01-10',
      '2022-01-11',
      '2022-01-12',
    ]);
    expect(v.jours.map((j) => j.verdict)).toEqual(
      v.jours.map((j) => toulouseVerdict(lastObservationOf(j.date))),
    );
    expect(v).toMatchObject({ indicatif: true, lieu: { id: TOULOUSE }, activite: { id: CANOE } });
    for (const jour of v.jours) {
      const one = await verdictLieu(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}/${jour.date}`);
      const { activite: _a, lieu: _l, seuils: _s, indicatif: _i, avertissement: _w, ...single } = one;
      expect(jour).toEqual(single);
    }
  });

  it('spans the change to summer time (a 23-hour day)', async () => {
    const v = z.parse(
      VerdictLieu7j,
      (await get(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}/7j/2022-03-30`)).json(),
    );
    const sunday = v.jours.find((j) => j.date === '2022-03-27');
    expect(sunday?.instant).toBe(Date.parse('2022-03-27T21:59:59.999Z'));
  });
});

describe('GET /api/activites/type-:ida/entite-:id/:date', () => {
  it('gives the verdict of every place of the entity, upstream to downstream', async () => {
    const res = await get(`/api/activites/type-${CANOE}/entite-${GARONNE}/2022-01-10`);
    expect(res.statusCode).toBe(200);
    const v = z.parse(VerdictEntite, res.json());
    const count = await ctx.db.db
      .selectFrom('lieu')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('entite_id', '=', GARONNE)
      .executeTakeFirstOrThrow();
    expect(v.lieux.length).toBe(Number(count.n));
    expect(v).toMatchObject({
      entite: { id: GARONNE, nom: 'La Garonne', type: 'R' },
      date: '2022-01-10',
      indicatif: true,
    });
    const names = v.lieux.map((l) => l.lieu.nom);
    expect(names.indexOf('Bossost')).toBeLessThan(names.indexOf('Toulouse (Pont-Neuf)'));
    const toulouse = v.lieux.find((l) => l.lieu.id === TOULOUSE);
    const single = await verdictLieu(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}/2022-01-10`);
    expect(toulouse).toMatchObject({ verdict: single.verdict, raison: single.raison, mesure: single.mesure });
    // Places without a recorded series have no thresholds: "inconnu".
    const sansSeuil = v.lieux.filter((l) => l.seuils.length === 0);
    expect(sansSeuil.length).toBeGreaterThan(0);
    expect(sansSeuil.every((l) => l.verdict === 'inconnu')).toBe(true);
    // Only places with ≥ 10 complete years of daily values get an opinion; the others with the activity say why not.
    const sansHistorique = v.lieux.filter((l) => l.fondement?.kind === 'historique_insuffisant');
    expect(sansHistorique.length).toBeGreaterThan(5);
    expect(sansHistorique.every((l) => l.verdict === 'inconnu' && SANS_HISTORIQUE.test(l.raison))).toBe(true);
    // During the flood, Toulouse, judged against its daily maxima since 1857, is too high for canoe-kayak.
    expect(toulouse?.verdict).toBe('trop haut');
  });

  it('uses the data "now" without a date', async () => {
    const v = z.parse(VerdictEntite, (await get(`/api/activites/type-${CANOE}/entite-${GARONNE}`)).json());
    expect(v.date).toBe('2022-02-01');
  });

  it('gives Épisy on the Loing no verdict at the data "now": its last daily mean is years old, and dated', async () => {
    const loing = await entiteIdByNom(ctx, 'Le Loing');
    const episy = await lieuIdByCode(ctx, 'F439000101');
    const days = stationDays('F439000101');
    const last = days[days.length - 1] as { jour: string; moyenne: number };
    const v = z.parse(VerdictEntite, (await get(`/api/activites/type-${CANOE}/entite-${loing}`)).json());
    expect(v.date).toBe('2022-02-01');
    const row = v.lieux.find((l) => l.lieu.id === episy);
    expect(row?.verdict).toBe('inconnu');
    expect(row?.mesure).toMatchObject({ valeur: last.moyenne, fraicheur: 'aucune_donnee' });
    expect(row?.raison).toBe(
      `Dernière valeur de débit, moyenne journalière du ${last.jour.split('-').reverse().join('/')} : trop ancienne pour juger.`,
    );
  });
});

describe('vigilance orange or red on the tronçon', () => {
  it('makes the activity "déconseillé" on the days it is in force, and only then', async () => {
    const mp6 = await ctx.db.db
      .selectFrom('troncon')
      .select(['id', 'nom'])
      .where('code', '=', 'MP6')
      .executeTakeFirstOrThrow();
    const debut = Date.parse('2022-01-20T09:00:00Z');
    const { id } = await ctx.db.db
      .insertInto('alerte')
      .values({
        scope: 'troncon',
        scope_id: mp6.id,
        source: 'vigicrues',
        niveau: 3,
        titre: 'Vigilance orange crues — Garonne toulousaine',
        message: 'Test',
        debut,
        fin: Date.parse('2022-01-20T15:00:00Z'),
        created_at: debut,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const v = await verdictLieu(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}/2022-01-20`);
      expect(v.verdict).toBe('déconseillé');
      expect(v.raison).toBe(
        'Vigilance orange crues sur le tronçon « Garonne toulousaine » : activité déconseillée.',
      );
      expect(v.vigilance).toEqual({ troncon_id: mp6.id, code: 'MP6', nom: mp6.nom, niveau: 3, ts: debut });
      expect(v.mesure?.valeur).toBe(0.896);

      const week = z.parse(
        VerdictLieu7j,
        (await get(`/api/activites/type-${CANOE}/lieu-${TOULOUSE}/7j/2022-01-22`)).json(),
      );
      expect(week.jours.map((j) => [j.date, j.verdict])).toEqual(
        [
          '2022-01-16',
          '2022-01-17',
          '2022-01-18',
          '2022-01-19',
          '2022-01-20',
          '2022-01-21',
          '2022-01-22',
        ].map((d) => [d, d === '2022-01-20' ? 'déconseillé' : toulouseVerdict(lastObservationOf(d))]),
      );
      const entite = z.parse(
        VerdictEntite,
        (await get(`/api/activites/type-${PECHE}/entite-${GARONNE}/2022-01-20`)).json(),
      );
      const onMp6 = entite.lieux.filter((l) => l.lieu.troncon_id === mp6.id);
      expect(onMp6.length).toBeGreaterThan(1);
      expect(onMp6.every((l) => l.verdict === 'déconseillé')).toBe(true);
      expect(
        entite.lieux.filter((l) => l.lieu.troncon_id !== mp6.id).some((l) => l.verdict === 'déconseillé'),
      ).toBe(false);
    } finally {
      await ctx.db.db.deleteFrom('alerte').where('id', '=', id).execute();
    }
  });
});

describe('errors', () => {
  it.each([
    ['/api/activites/type-99', "Aucune activité ne porte l'identifiant 99."],
    ['/api/activites/type-99/lieu-{toulouse}/2022-01-20', "Aucune activité ne porte l'identifiant 99."],
    ['/api/activites/type-{canoe}/lieu-999999', "Aucun lieu ne porte l'identifiant 999999."],
    ['/api/activites/type-{canoe}/lieu-999999/7j/2022-01-20', "Aucun lieu ne porte l'identifiant 999999."],
    [
      '/api/activites/type-{canoe}/entite-999999/2022-01-20',
      "Aucun lac ni rivière ne porte l'identifiant 999999.",
    ],
  ])('answers 404 in French for %s', async (url, message) => {
    const res = await get(withIds(url));
    expect(res.statusCode).toBe(404);
    expect(z.parse(ErrorBody, res.json()).error).toEqual({ code: 'not_found', message });
  });

  it.each([
    ['/api/activites/type-abc', /identifiant/],
    ['/api/activites/type-0', /identifiant/],
    ['/api/activites/type-{canoe}/lieu-1.5', /identifiant/],
    ['/api/activites/type-{canoe}/lieu-{toulouse}/2022-13-45', /AAAA-MM-JJ/],
    ['/api/activites/type-{canoe}/lieu-{toulouse}/x', /AAAA-MM-JJ/],
    ['/api/activites/type-{canoe}/lieu-{toulouse}/7j/2022-02-30', /AAAA-MM-JJ/],
    ['/api/activites/type-{canoe}/entite-{garonne}/31-01-2022', /AAAA-MM-JJ/],
    ['/api/activites/type-{canoe}/entite-x/2022-01-20', /identifiant/],
  ])('answers 400 in French for %s', async (url, message) => {
    const res = await get(withIds(url));
    expect(res.statusCode).toBe(400);
    const body = z.parse(ErrorBody, res.json());
    expect(body.error.code).toBe('validation');
    expect(body.error.message).toMatch(message);
  });
});

describe('HTTP caching', () => {
  it('answers 304 to a matching If-None-Match', async () => {
    const url = `/api/activites/type-${CANOE}/lieu-${TOULOUSE}/2022-01-20`;
    const first = await get(url);
    expect(first.headers['cache-control']).toMatch(/public/);
    const second = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(second.statusCode).toBe(304);
  });
});
