/**
 * English content pages (docs/decisions/125): every French page of `seed-data/pages/` has an English
 * version in `seed-data/pages/en/` with the same links, placeholders and tables, and the API answers it to a request
 * asking English, with `Vary: Accept-Language`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Page, PAGE_SLUGS } from '@limni/shared/contracts/pages';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { readSeedText, seedDataDir } from '../../seed/files';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const mdFiles = (dir: string) =>
  readdirSync(join(seedDataDir(), dir))
    .filter((f) => f.endsWith('.md'))
    .sort();
/** Link targets (a licence's deed in the page's language aside), placeholders and table rows: what a faithful translation keeps. */
const skeleton = (md: string) => ({
  links: [...md.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]?.replace(/\/deed\.(fr|en)$/, '/')),
  placeholders: [...md.matchAll(/\{\{\w+\}\}/g)].map((m) => m[0]),
  tableRows: md.split('\n').filter((l) => l.startsWith('|')).length,
  headings: md.split('\n').filter((l) => l.startsWith('#')).length,
});

const ask = (ctxt: TestContext, slug: string, lang: string) =>
  ctxt.request({ url: `/api/${slug}`, headers: { 'accept-language': lang } });

describe('English content pages', () => {
  it('every French page has an English one, with the same links, placeholders, tables and headings', () => {
    const fr = mdFiles('pages');
    expect(fr.map((f) => f.replace(/\.md$/, '')).sort()).toEqual([...PAGE_SLUGS].sort());
    expect(mdFiles('pages/en')).toEqual(fr);
    for (const f of fr) {
      const en = readSeedText(`pages/en/${f}`);
      expect(skeleton(en), f).toEqual(skeleton(readSeedText(`pages/${f}`)));
      // No French sentence left (the attribution lines quoted “as their producers ask” aside): the typographic
      // French colon (a space before « : ») is a tell.
      expect(en.replace(/“[^”]*”/g, ''), f).not.toMatch(/\S :\s|«/);
    }
  });

  it.each(PAGE_SLUGS)('GET /api/%s answers English to an English request, French otherwise', async (slug) => {
    const en = await ask(ctx, slug, 'en-US,en;q=0.9');
    expect(en.statusCode, en.body).toBe(200);
    expect(en.headers.vary).toMatch(/accept-language/i);
    const page = z.parse(Page, en.json());
    expect(page.slug).toBe(slug);
    const shipped = readSeedText(`pages/en/${slug}.md`).trim();
    const firstLine = shipped.split('\n')[0] as string;
    expect(page.markdown.startsWith(firstLine)).toBe(true);
    expect(page.markdown).not.toMatch(/\{\{/);

    const fr = await ask(ctx, slug, 'fr-FR,fr;q=0.9');
    expect(fr.headers.vary).toMatch(/accept-language/i);
    const frPage = z.parse(Page, fr.json());
    expect(frPage.markdown.startsWith(readSeedText(`pages/${slug}.md`).split('\n')[0] as string)).toBe(true);
    expect(frPage.titre).not.toBe(page.titre);
  });

  it('the English legal notice carries the configured identity fields', async () => {
    const identity = {
      EDITEUR: 'Association Limni (loi 1901), 12 rue des Saules, 31000 Toulouse, RNA W313000000',
      DIRECTEUR_PUBLICATION: 'Camille Martin',
      HEBERGEUR: 'Hébergeur SAS, 1 rue du Port, 59100 Roubaix',
      PRESTATAIRE_EMAIL: 'Courriel Express',
    };
    const configured = await createTestApp({ env: identity });
    try {
      const page = z.parse(Page, (await ask(configured, 'cgu', 'en')).json());
      expect(page.html).toContain('<h3>Publisher of the site</h3>');
      expect(page.html).toContain(`<li>Publisher: ${identity.EDITEUR}</li>`);
      expect(page.html).toContain(`<li>Publication director: ${identity.DIRECTEUR_PUBLICATION}</li>`);
      expect(page.html).toContain(`<li>Host: ${identity.HEBERGEUR}</li>`);
      expect(page.markdown).toContain(`sending service (${identity.PRESTATAIRE_EMAIL}), and`);
    } finally {
      await configured.close();
    }
  });

  it('a demonstration instance says in English that it has no publisher', async () => {
    const page = z.parse(Page, (await ask(ctx, 'cgu', 'en')).json());
    expect(page.markdown).toContain('### Publisher and hosting');
    expect(page.markdown).toContain('it has no declared');
  });
});
