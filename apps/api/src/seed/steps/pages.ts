/**
 * Seed step: the content pages (terms of use and legal notice, credits, forecasts explained, account benefits),
 * written for Limni in Markdown under `seed-data/pages/` (docs/decisions/017).
 */
import type { Kysely } from 'kysely';
import type { PageSlug } from '@limni/shared/contracts/pages';
import type { Database } from '../../db/schema';
import { readSeedText } from '../files';
import { insertRows, pageVersions, writePage } from '../seed.repo';
import type { SeedStep } from '../step';

/** Date of the current wording of the pages (shown as "mis à jour le …"). */
export const PAGES_UPDATED_AT = Date.parse('2026-11-24T08:00:00+01:00');

export const PAGES: ReadonlyArray<{ slug: PageSlug; titre: string }> = [
  { slug: 'cgu', titre: 'Conditions générales d’utilisation et mentions légales' },
  { slug: 'credits', titre: 'Crédits et partenaires' },
  { slug: 'infos-previsions', titre: 'Comprendre les prévisions de crues' },
  { slug: 'avantages-compte', titre: 'Les avantages d’un compte Limni' },
];

/** A page as shipped with the code: its Markdown from `seed-data/pages/`, at the current wording's date. */
const shippedPage = (p: (typeof PAGES)[number]) => ({
  ...p,
  markdown: readSeedText(`pages/${p.slug}.md`).trim(),
  updated_at: PAGES_UPDATED_AT,
});

export const seedPages: SeedStep = async (trx, { log }) => {
  await insertRows(trx, 'page', PAGES.map(shippedPage));
  log(`${PAGES.length} pages de contenu`);
};

/**
 * On a database seeded earlier, pages whose stored version is older than the wording shipped with the code are
 * brought up to date (a page edited in the database since, with a newer `updated_at`, is left alone).
 */
export async function refreshPages(db: Kysely<Database>): Promise<number> {
  const stored = await pageVersions(db);
  let changed = 0;
  for (const p of PAGES) {
    const at = stored.get(p.slug);
    if (at !== undefined && at >= PAGES_UPDATED_AT) continue;
    await writePage(db, shippedPage(p), at !== undefined);
    changed++;
  }
  return changed;
}
