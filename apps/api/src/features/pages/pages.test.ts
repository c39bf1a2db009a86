import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Page, PAGE_SLUGS } from '@limni/shared/contracts/pages';
import { ErrorBody } from '@limni/shared/contracts/common';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { seedDatabase } from '../../seed/seed';
import { PAGES_UPDATED_AT } from '../../seed/steps/pages';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const getPage = async (slug: string) => {
  const res = await ctx.request({ url: `/api/${slug}` });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toMatch(/^public/);
  return z.parse(Page, res.json());
};

describe('answers of the seeded pages', () => {
  // First, before the tests below edit pages. Recorded before the Markdown renderer moved to packages/shared (docs/decisions/079): byte for byte the same.
  it.each(PAGE_SLUGS)('GET /api/%s answers the recorded body', async (slug) => {
    const res = await ctx.request({ url: `/api/${slug}` });
    expect(res.statusCode).toBe(200);
    await expect(res.body).toMatchFileSnapshot(`./__snapshots__/${slug}.body.snap`);
  });
});

describe('content pages', () => {
  it.each(PAGE_SLUGS)('GET /api/%s answers the seeded page with server-rendered HTML', async (slug) => {
    const page = await getPage(slug);
    expect(page.slug).toBe(slug);
    expect(page.titre.length).toBeGreaterThan(5);
    expect(page.markdown.length).toBeGreaterThan(1500);
    expect(page.html).toMatch(/<h2[^>]*>/);
    expect(page.html).not.toMatch(/<script|<iframe|javascript:/i);
    expect(page.updated_at).toBe(Date.parse('2026-11-29T07:00:00Z'));
  });

  it('gives terms of use and a legal notice; this demonstration instance says it has no publisher', async () => {
    const page = await getPage('cgu');
    for (const heading of [
      'Mentions légales',
      'Éditeur et hébergement',
      'Données personnelles',
      'Cookies et stockage local',
    ]) {
      expect(page.markdown).toContain(heading);
    }
    expect(page.markdown).toContain("elle n'a ni éditeur ni hébergeur déclarés");
    expect(page.markdown).not.toMatch(/\{\{|COMPLÉTER/);
    expect(page.markdown).toContain("le service d'envoi des e-mails, et les services de notification");
    // The only cookie and every localStorage key the web app uses.
    for (const key of ['`csrftoken`', '`USER_TOKEN`', '`USER_INFOS`', '`favoris`', '`bassin`', '`langue`']) {
      expect(page.markdown).toContain(key);
    }
    expect(page.markdown).toMatch(/CNIL/);
    expect(page.html).toContain('<table>');
    expect(page.html).toContain('<a href="/contact">Contactez-nous</a>');
  });

  it('credits every data source with its licence', async () => {
    const { markdown } = await getPage('credits');
    for (const text of [
      "Hub'Eau",
      'Licence Ouverte 2.0',
      '© Vigicrues',
      'hackaviz-2025',
      'Apache-2.0',
      '« Source : OFEV / BAFU »',
      'Natural Earth',
      'Domaine public',
      'france-geojson',
      'Licence Ouverte / Etalab',
      'Open-Meteo',
      'CC BY 4.0',
      'MapLibre',
      'Fastify',
    ]) {
      expect(markdown).toContain(text);
    }
  });

  it('explains forecasts: the min–max band, forecast stations, lead time, the authorisation', async () => {
    const { markdown } = await getPage('infos-previsions');
    expect(markdown).toMatch(/bande d'incertitude/);
    expect(markdown).toMatch(/stations de prévision/i);
    expect(markdown).toMatch(/échéance/);
    expect(markdown).toMatch(/autorisation « Prévisions »/);
    // The chart draws the usual range in green and the forecast band in grey (lieu/donnees/SeriesChart.tsx); the
    // forecast's central line is Vigicrues' 50 % value, a median, whatever Vigicrues calls it.
    expect(markdown).toMatch(/plage habituelle\*\* \(verte/);
    expect(markdown).not.toMatch(/bleut/);
    expect(markdown).toMatch(/médiane \(50 %\)/);
    expect(markdown).not.toMatch(/valeur moyenne|la moyenne en pointillés/);
  });

  it('sells the account for what needs one: favourites are kept on the device, without an account', async () => {
    // The web keeps favourites in this browser's localStorage (web stores/favoris.ts, requirements R5.4).
    const fr = (await getPage('avantages-compte')).markdown;
    expect(fr).toMatch(/\*\*favoris\*\*, eux, n'ont pas besoin de compte/);
    expect(fr).toMatch(/sur cet appareil seulement/);
    const en = await ctx.request({ url: '/api/avantages-compte', headers: { 'accept-language': 'en' } });
    expect(en.body).toMatch(/Favorites\*\* need no account/);
    expect(en.body).toMatch(/on this device only/);
    // The answer says which language it is in, so that the page does not call English text French.
    expect((JSON.parse(en.body) as { langue?: string }).langue).toBe('en');
    expect((await getPage('avantages-compte')).langue).toBe('fr');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await ctx.request({ url: '/api/credits' });
    const second = await ctx.request({
      url: '/api/credits',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(second.statusCode).toBe(304);
  });

  it('brings the pages of a database seeded earlier up to date at start-up, not the ones edited since', async () => {
    const db = ctx.db.db;
    await db
      .updateTable('page')
      .set({ markdown: 'Ancienne version', updated_at: 1 })
      .where('slug', '=', 'cgu')
      .execute();
    const edited = { markdown: 'Édité par l’exploitant', updated_at: PAGES_UPDATED_AT + 1000 };
    await db.updateTable('page').set(edited).where('slug', '=', 'credits').execute();
    expect((await seedDatabase(ctx.db)).seeded).toBe(false);
    expect((await getPage('cgu')).markdown).toContain('## 1. Mentions légales');
    expect((await getPage('cgu')).updated_at).toBe(PAGES_UPDATED_AT);
    expect(await getPage('credits')).toMatchObject(edited);
  });

  it('answers the raw HTML and the unsafe links of an edited page as text (one policy, ADR 079)', async () => {
    const markdown =
      'Voir <script>alert(1)</script> et [ceci](javascript:alert(1)) ou [cela](https://www.vigicrues.gouv.fr).';
    await ctx.db.db
      .updateTable('page')
      .set({ markdown, updated_at: PAGES_UPDATED_AT + 2000 })
      .where('slug', '=', 'infos-previsions')
      .execute();
    const page = await getPage('infos-previsions');
    expect(page.html).toBe(
      '<p>Voir &lt;script&gt;alert(1)&lt;/script&gt; et ceci ou ' +
        '<a href="https://www.vigicrues.gouv.fr">cela</a>.</p>\n',
    );
  });

  it('answers a French 404 when a page is missing', async () => {
    await ctx.db.db.deleteFrom('page').where('slug', '=', 'avantages-compte').execute();
    const res = await ctx.request({ url: '/api/avantages-compte' });
    expect(res.statusCode).toBe(404);
    expect(z.parse(ErrorBody, res.json()).error).toEqual({
      code: 'not_found',
      message: "Cette page n'est pas encore disponible.",
    });
  });
});

describe('legal notice from the configuration', () => {
  it('names the publisher, director, host and e-mail provider, as plain text', async () => {
    const configured = await createTestApp({
      env: {
        EDITEUR: 'Association Limni (loi 1901), 12 rue des Saules, 31000 Toulouse, RNA W313000000',
        DIRECTEUR_PUBLICATION: 'Camille Martin',
        HEBERGEUR: 'Hébergeur SAS, 1 rue du Port, 59100 Roubaix, 01 23 45 67 89 — serveurs en France',
        PRESTATAIRE_EMAIL: '[Courriel](javascript:alert(1)) <b>Express</b>',
      },
    });
    try {
      const res = await configured.request({ url: '/api/cgu' });
      const page = z.parse(Page, res.json());
      expect(page.html).toContain('<h3>Éditeur du site</h3>');
      expect(page.html).toContain(
        '<li>Éditeur : Association Limni (loi 1901), 12 rue des Saules, 31000 Toulouse, RNA W313000000</li>',
      );
      expect(page.html).toContain('<li>Directeur ou directrice de la publication : Camille Martin</li>');
      expect(page.html).toContain('<h3>Hébergement</h3>');
      expect(page.html).toContain('Roubaix, 01 23 45 67 89 — serveurs en France</li>');
      // Configured text stays text: no link, no tag.
      expect(page.html).toContain(
        'le service d&#39;envoi des e-mails ([Courriel](javascript:alert(1)) &lt;b&gt;Express&lt;/b&gt;), et',
      );
      expect(page.html).not.toMatch(/href="javascript|<b>|déclarés/);
    } finally {
      await configured.close();
    }
  });
});
