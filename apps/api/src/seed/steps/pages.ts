/**
 * Seed step: the content pages (terms of use and legal notice, credits, forecasts explained, account benefits),
 * written for Limni in Markdown under `seed-data/pages/` (docs/decisions/017).
 */
import type { PageSlug } from '@limni/shared/contracts/pages';
import { readSeedText } from '../files';
import type { SeedStep } from '../seed';

/** Date of the current wording of the pages (shown as "mis à jour le …"). */
export const PAGES_UPDATED_AT = Date.parse('2026-11-21T12:00:00+01:00');

export const PAGES: ReadonlyArray<{ slug: PageSlug; titre: string }> = [
  { slug: 'cgu', titre: 'Conditions générales d’utilisation et mentions légales' },
  { slug: 'credits', titre: 'Crédits et partenaires' },
  { slug: 'infos-previsions', titre: 'Comprendre les prévisions de crues' },
  { slug: 'avantages-compte', titre: 'Les avantages d’un compte Limni' },
];

export const seedPages: SeedStep = async (trx, { log }) => {
  await trx
    .insertInto('page')
    .values(
      PAGES.map((p) => ({
        ...p,
        markdown: readSeedText(`pages/${p.slug}.md`).trim(),
        updated_at: PAGES_UPDATED_AT,
      })),
    )
    .execute();
  log(`${PAGES.length} pages de contenu`);
};
