/**
 * Seed step: the content pages (terms of use and legal notice, credits, forecasts explained, account benefits),
 * written for Limni in Markdown under `seed-data/pages/` (docs/decisions/017), and their US English versions under
 * `seed-data/pages/en/`, stored as `<slug>.en` (docs/decisions/125).
 */
import type { Kysely } from 'kysely';
import type { PageSlug } from '@limni/shared/contracts/pages';
import type { Database } from '../../db/schema';
import { readSeedText } from '../files';
import { insertRows, pageVersions, writePage } from '../seed.repo';
import type { SeedStep } from '../step';

/** Date of the current wording of the pages (shown as "mis à jour le …"). */
export const PAGES_UPDATED_AT = Date.parse('2026-11-29T08:00:00+01:00');

export const PAGES: ReadonlyArray<{ slug: PageSlug; titre: string }> = [
  { slug: 'cgu', titre: 'Conditions générales d’utilisation et mentions légales' },
  { slug: 'credits', titre: 'Crédits et partenaires' },
  { slug: 'infos-previsions', titre: 'Comprendre les prévisions de crues' },
  { slug: 'avantages-compte', titre: 'Les avantages d’un compte Limni' },
];

/** Titles of the English versions. */
export const TITRES_EN: Record<PageSlug, string> = {
  cgu: 'Terms of use and legal notice',
  credits: 'Credits and partners',
  'infos-previsions': 'Understanding flood forecasts',
  'avantages-compte': 'What a Limni account gives you',
};

/** The key of a page's English version in table `page`. */
export const englishKey = (slug: PageSlug) => `${slug}.en`;

/** The pages as shipped with the code: French from `seed-data/pages/`, English from `seed-data/pages/en/`. */
const shippedPages = () =>
  PAGES.flatMap((p) => [
    { ...p, markdown: readSeedText(`pages/${p.slug}.md`).trim(), updated_at: PAGES_UPDATED_AT },
    {
      slug: englishKey(p.slug),
      titre: TITRES_EN[p.slug],
      markdown: readSeedText(`pages/en/${p.slug}.md`).trim(),
      updated_at: PAGES_UPDATED_AT,
    },
  ]);

export const seedPages: SeedStep = async (trx, { log }) => {
  await insertRows(trx, 'page', shippedPages());
  log(`${PAGES.length} pages de contenu (et leur version anglaise)`);
};

/**
 * On a database seeded earlier, pages whose stored version is older than the wording shipped with the code are
 * brought up to date (a page edited in the database since, with a newer `updated_at`, is left alone).
 */
export async function refreshPages(db: Kysely<Database>): Promise<number> {
  const stored = await pageVersions(db);
  let changed = 0;
  for (const p of shippedPages()) {
    const at = stored.get(p.slug);
    if (at !== undefined && at >= PAGES_UPDATED_AT) continue;
    await writePage(db, p, at !== undefined);
    changed++;
  }
  return changed;
}
