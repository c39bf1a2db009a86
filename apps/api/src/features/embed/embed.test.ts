/**
 * The embeddable widget and oEmbed (docs/decisions/123) on the real app and the seeded database: expected values are
 * read from the database rows (latest observation, thresholds, stored band) and formatted here, never taken from the
 * widget's code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { OEmbedResponse } from '@limni/shared/contracts/embed';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { embedMessages, formatRate, formatValeur } from './embed-messages';
import {
  activiteIdBySlug,
  capteurIdOf,
  entiteIdByNom,
  lieuIdByCode,
  lieuIdByLibelle,
} from '../../../test/referentiel';

let ctx: TestContext;
let TOULOUSE: number;
let EPISY: number;
let GARONNE: number;
const PUBLIC = 'http://localhost:8080';
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestApp();
  TOULOUSE = await lieuIdByCode(ctx, 'O200004001');
  GARONNE = await entiteIdByNom(ctx, 'La Garonne');
  const episy = await ctx.db.db
    .selectFrom('lieu')
    .select('id')
    .where('libelle', 'like', 'Le Loing à Épisy%')
    .executeTakeFirstOrThrow();
  EPISY = episy.id;
});
afterAll(async () => ctx.close());

const get = (url: string, headers?: Record<string, string>) => ctx.request({ url, headers });

/** The latest observation of a sensor, read from the table. */
async function latest(capteurId: number) {
  return ctx.db.db
    .selectFrom('observation')
    .select(['ts', 'valeur'])
    .where('capteur_id', '=', capteurId)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
}

/** The main dataset's demo clock: its latest reading (outside episodes) rounded up to the hour (ADR 094). */
async function mainClock(): Promise<number> {
  const r = await ctx.db.db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select((eb) => eb.fn.max('capteur.dernier_ts').as('t'))
    .where('lieu.episode', 'is', null)
    .executeTakeFirstOrThrow();
  return Math.ceil(Number(r.t) / HOUR) * HOUR;
}

const text = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\n]+/g, ' ');

/** « 0,70 » / « 0.70 »: two decimals in the given locale. */
const two = (v: number, locale = 'fr-FR') =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);

const paris = (ms: number) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );

describe('GET /embed/lieu/{id}', () => {
  it('shows the latest height in French with its age on the data clock, its date and source', async () => {
    const obs = await latest(await capteurIdOf(ctx, TOULOUSE, 'H'));
    const clock = await mainClock();
    const res = await get(`/embed/lieu/${TOULOUSE}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const t = text(res.body);
    expect(t).toContain('La Garonne à Toulouse (Pont-Neuf)');
    expect(t).toContain('Rivière · La Garonne');
    expect(t).toContain(`${two(obs.valeur)}\u00a0m`);
    const minutes = Math.round((clock - obs.ts) / 60_000);
    expect(minutes).toBeLessThan(60);
    expect(t).toContain(`il y a ${minutes}\u00a0min`);
    const p = paris(obs.ts);
    expect(t).toContain(`${p.hour}\u00a0h\u00a0${p.minute}`);
    expect(t).toContain(`${Number(p.day) === 1 ? '1er' : p.day} `);
    expect(t).toContain(String(p.year));
    expect(t).toContain('Source : Hub’Eau');
    // The demo clock is named, since the ages count from it.
    const c = paris(clock);
    expect(t).toMatch(/Démonstration : âges comptés depuis l’horloge des données/);
    expect(t).toContain(`${c.hour}\u00a0h\u00a0${c.minute}`);
    // The link back opens Limni in a new tab.
    expect(res.body).toContain(
      `<a href="${PUBLIC}/lieu/${TOULOUSE}/a-1" target="_blank" rel="noopener">La Garonne à Toulouse (Pont-Neuf)</a>`,
    );
    // No script at all.
    expect(res.body).not.toMatch(/<script/i);
  });

  it('speaks English with lang=en (« 0.70 m »), in the dark theme with theme=sombre', async () => {
    const obs = await latest(await capteurIdOf(ctx, TOULOUSE, 'H'));
    const res = await get(`/embed/lieu/${TOULOUSE}?lang=en&theme=sombre`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="en" class="sombre">/);
    const t = text(res.body);
    expect(t).toContain(`${two(obs.valeur, 'en-US')}\u00a0m`);
    expect(t).toContain('River · La Garonne');
    expect(t).toMatch(/min\. ago/);
    expect(t).toContain('See on Limni');
    // English punctuation: no space before a colon.
    expect(t).toContain('Source: Hub’Eau');
    expect(t).not.toMatch(/\s:/);
  });

  it('gives the verdict of the chosen activity from the place’s thresholds and its latest height', async () => {
    const canoe = await activiteIdBySlug(ctx, 'canoe-kayak');
    const obs = await latest(await capteurIdOf(ctx, TOULOUSE, 'H'));
    const seuil = await ctx.db.db
      .selectFrom('activite_lieu')
      .select(['seuil_bas', 'seuil_haut'])
      .where('activite_id', '=', canoe)
      .where('lieu_id', '=', TOULOUSE)
      .where('grandeur', '=', 'H')
      .executeTakeFirstOrThrow();
    const expected =
      seuil.seuil_bas !== null && obs.valeur < seuil.seuil_bas
        ? 'trop bas'
        : seuil.seuil_haut !== null && obs.valeur > seuil.seuil_haut
          ? 'trop haut'
          : 'praticable';
    const res = await get(`/embed/lieu/${TOULOUSE}?activite=a-${canoe}`);
    expect(res.statusCode).toBe(200);
    expect(text(res.body)).toContain(`Canoë-kayak : ${expected}`);
    expect(res.body).toContain(`href="${PUBLIC}/lieu/${TOULOUSE}/a-${canoe}"`);
  });

  it('says « pas d’avis » where the place page has no opinion, never « inconnu »', async () => {
    const baignade = await activiteIdBySlug(ctx, 'baignade');
    const lucerne = await lieuIdByLibelle(ctx, 'Lac des Quatre-Cantons à Lucerne');
    // The place page's verdict: thresholds without ten years of history behind them.
    const page = (await get(`/api/activites/type-${baignade}/lieu-${lucerne}`)).json() as {
      fondement: { kind: string } | null;
    };
    expect(page.fondement?.kind).toBe('historique_insuffisant');
    const fr = text((await get(`/embed/lieu/${lucerne}?activite=a-${baignade}`)).body);
    expect(fr).toContain('Baignade : pas d’avis');
    expect(fr).not.toContain('inconnu');
    const en = text((await get(`/embed/lieu/${lucerne}?activite=a-${baignade}&lang=en`)).body);
    expect(en).toContain('Swimming: no opinion');
  });

  it('classes a value against the stored band of its calendar day', async () => {
    const capteur = await capteurIdOf(ctx, EPISY, 'Q');
    const obs = await latest(capteur);
    const mmjj = `${paris(obs.ts).month?.padStart(2, '0')}-${paris(obs.ts).day}`;
    const band = await ctx.db.db
      .selectFrom('climatologie')
      .select(['p10', 'p25', 'p75', 'p90'])
      .where('capteur_id', '=', capteur)
      .where('mmjj', '=', mmjj)
      .executeTakeFirstOrThrow();
    const v = obs.valeur;
    const classe =
      v < band.p10
        ? 'très basses'
        : v < band.p25
          ? 'basses'
          : v <= band.p75
            ? 'normales'
            : v <= band.p90
              ? 'hautes'
              : 'très hautes';
    const res = await get(`/embed/lieu/${EPISY}`);
    const t = text(res.body);
    expect(t).toContain(`Eaux ${classe} pour un `);
    const fmt = (x: number) =>
      `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x)}\u00a0m³/s`;
    expect(t).toContain(`D’habitude entre ${fmt(band.p25)} et ${fmt(band.p75)}`);
    // A reading years before the data clock says its age in words (« 3 a » would read as nothing) and that it is old.
    const years = Math.round(((await mainClock()) - obs.ts) / (365.25 * 24 * HOUR));
    expect(years).toBeGreaterThan(1);
    expect(t).toMatch(new RegExp(`il y a ${years}\\s+ans `));
    expect(t).toContain('Donnée ancienne');
    // A daily mean says its day, not a time of day.
    const p = paris(obs.ts);
    expect(t).toContain(`moyenne du ${Number(p.day)} `);
    expect(t).not.toContain(`${p.year} à `);
  });

  it('is framable by any site, cacheable with an ETag, and answers 304 to a matching If-None-Match', async () => {
    const res = await get(`/embed/lieu/${TOULOUSE}`);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'none'/);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(res.headers['set-cookie']).toBeUndefined();
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await get(`/embed/lieu/${TOULOUSE}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });

  it('escapes every data string', async () => {
    const id = await lieuIdByCode(ctx, 'O200001001');
    await ctx.db.db
      .updateTable('lieu')
      .set({ libelle: 'Portet <img src=x onerror=alert(1)> "q" & \'a\'' })
      .where('id', '=', id)
      .execute();
    const res = await get(`/embed/lieu/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('Portet &lt;img src=x onerror=alert(1)&gt; &quot;q&quot; &amp; &#39;a&#39;');
  });

  it('answers unknown and malformed ids and options with HTML 404 and 400 pages in the same style', async () => {
    const max = await ctx.db.db
      .selectFrom('lieu')
      .select((eb) => eb.fn.max('id').as('m'))
      .executeTakeFirstOrThrow();
    const cases: Array<[string, number, RegExp]> = [
      [`/embed/lieu/${Number(max.m) + 1}`, 404, /Aucun lieu ne porte l'identifiant/],
      ['/embed/lieu/abc', 400, /L'identifiant doit être un nombre entier positif/],
      ['/embed/lieu/99999999999', 400, /identifiant/],
      [`/embed/lieu/${TOULOUSE}?theme=rose`, 400, /Le thème doit être « clair » ou « sombre »/],
      [`/embed/lieu/${TOULOUSE}?lang=de`, 400, /La langue doit être « fr » ou « en »/],
      [`/embed/lieu/${TOULOUSE}?activite=kayak`, 400, /L’activité doit s’écrire a-<numéro>/],
      [`/embed/lieu/${TOULOUSE}?activite=a-999`, 404, /Aucune activité ne porte l'identifiant 999/],
      ['/embed/entite/0', 400, /identifiant/],
      [`/embed/entite/${GARONNE * 1000 + 7777}`, 404, /Aucun lac ni rivière/],
    ];
    for (const [url, status, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(text(res.body), url).toMatch(message);
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors \*/);
    }
  });
});

describe('numbers of the widget', () => {
  it('writes negative values and rates with the same minus sign, U+2212, in both languages', () => {
    // Intl writes a hyphen-minus; French and English typography want the minus sign, as the rate always had.
    for (const lang of ['fr', 'en'] as const) {
      const m = embedMessages(lang);
      const value = formatValeur(m, -0.04, 'm');
      const rate = formatRate(m, -0.017, 'm');
      expect(value).toBe(`\u2212${two(0.04, m.locale)}\u00a0m`);
      expect(rate.startsWith('\u2212')).toBe(true);
      expect(value + rate).not.toContain('-');
    }
  });
});

describe('GET /embed/entite/{id}', () => {
  it('lists the river’s places with their latest value', async () => {
    const lieux = await ctx.db.db
      .selectFrom('lieu')
      .select(['id', 'nom'])
      .where('entite_id', '=', GARONNE)
      .execute();
    const res = await get(`/embed/entite/${GARONNE}`);
    expect(res.statusCode).toBe(200);
    const t = text(res.body);
    expect(t).toContain(`Lieux : ${lieux.length}`);
    for (const l of lieux) expect(res.body).toContain(`href="${PUBLIC}/lieu/${l.id}/a-1"`);
    const obs = await latest(await capteurIdOf(ctx, TOULOUSE, 'H'));
    expect(t).toContain(`Toulouse (Pont-Neuf) ${two(obs.valeur)}\u00a0m`);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
  });

  it('gives a daily mean of the list with its day, in French and English', async () => {
    const loing = await entiteIdByNom(ctx, 'Le Loing');
    const obs = await latest(await capteurIdOf(ctx, EPISY, 'Q'));
    const day = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Europe/Paris' }).format(obs.ts);
    const years = Math.round(((await mainClock()) - obs.ts) / (365.25 * 24 * HOUR));
    const fr = text((await get(`/embed/entite/${loing}`)).body);
    expect(fr).toMatch(new RegExp(`Épisy [^—]*il y a ${years}\\s+ans — moyenne du ${day('fr-FR')}`));
    const en = text((await get(`/embed/entite/${loing}?lang=en`)).body);
    expect(en).toMatch(new RegExp(`Épisy [^—]*${years}\\s+years ago — daily mean of ${day('en-US')}`));
  });
});

describe('other routes stay unframable', () => {
  it('keeps frame-ancestors none and X-Frame-Options DENY on the app, the API and the place page', async () => {
    for (const url of ['/', `/lieu/${TOULOUSE}/a-1`, '/api/hydro/bassins', '/api/oembed?url=x']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});

describe('GET /api/oembed', () => {
  it('gives the rich iframe of a place address, within maxwidth × maxheight', async () => {
    const canoe = await activiteIdBySlug(ctx, 'canoe-kayak');
    const url = encodeURIComponent(`${PUBLIC}/lieu/${TOULOUSE}/a-${canoe}/donnees`);
    const res = await get(`/api/oembed?url=${url}&format=json`);
    expect(res.statusCode).toBe(200);
    const body = z.parse(OEmbedResponse, res.json());
    expect(body).toMatchObject({
      type: 'rich',
      version: '1.0',
      provider_name: 'Limni',
      title: 'La Garonne à Toulouse (Pont-Neuf)',
      width: 400,
      height: 220,
    });
    expect(body.html).toBe(
      `<iframe src="${PUBLIC}/embed/lieu/${TOULOUSE}?activite=a-${canoe}" width="400" height="220" title="La Garonne à Toulouse (Pont-Neuf) — Limni" style="border:0" loading="lazy"></iframe>`,
    );
    expect(res.headers['cache-control']).toMatch(/^public/);
    const small = z.parse(
      OEmbedResponse,
      (await get(`/api/oembed?url=${url}&maxwidth=300&maxheight=150`)).json(),
    );
    expect([small.width, small.height]).toEqual([300, 150]);
    const river = z.parse(
      OEmbedResponse,
      (
        await get(`/api/oembed?url=${encodeURIComponent(`${PUBLIC}/entite/${GARONNE}/liste/activite/1`)}`)
      ).json(),
    );
    expect(river.html).toContain(`src="${PUBLIC}/embed/entite/${GARONNE}"`);
    expect(river.title).toBe('La Garonne');
  });

  it('refuses other addresses (400), unknown places (404) and the xml format (501) with a French message', async () => {
    const cases: Array<[string, number, string, RegExp]> = [
      ['url=pas-une-adresse', 400, 'validation', /n’est pas une page de lieu ou de rivière de Limni/],
      [
        `url=${encodeURIComponent(`https://example.org/lieu/${TOULOUSE}/a-1`)}`,
        400,
        'validation',
        /n’est pas une page de lieu/,
      ],
      [`url=${encodeURIComponent(`${PUBLIC}/alertes`)}`, 400, 'validation', /n’est pas une page de lieu/],
      ['', 400, 'validation', /url/],
      [`url=${encodeURIComponent(`${PUBLIC}/lieu/${TOULOUSE}`)}&maxwidth=-3`, 400, 'validation', /dimension/],
      [`url=${encodeURIComponent(`${PUBLIC}/lieu/2000000000/a-1`)}`, 404, 'not_found', /Aucun lieu/],
      [`url=${encodeURIComponent(`${PUBLIC}/lieu/${TOULOUSE}`)}&format=xml`, 501, 'not_implemented', /json/],
      [`url=${encodeURIComponent(`${PUBLIC}/lieu/${TOULOUSE}`)}&format=yaml`, 400, 'validation', /format/],
    ];
    for (const [qs, status, code, message] of cases) {
      const res = await get(`/api/oembed?${qs}`);
      expect(res.statusCode, qs).toBe(status);
      const body = z.parse(ErrorBody, res.json());
      expect(body.error.code, qs).toBe(code);
      expect(body.error.message, qs).toMatch(message);
    }
  });
});
