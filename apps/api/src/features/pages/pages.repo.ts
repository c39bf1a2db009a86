/** The content pages stored in table `page` (Markdown written for Limni, seeded by seed/steps/pages.ts). */
import type { Kysely } from 'kysely';
import type { PageSlug } from '@limni/shared/contracts/pages';
import type { Database } from '../../db/schema';

/** A page by its key: its slug (French) or `<slug>.en` (its English version, docs/decisions/125). */
export async function getPage(db: Kysely<Database>, slug: PageSlug | `${PageSlug}.en`) {
  return db
    .selectFrom('page')
    .select(['slug', 'titre', 'markdown', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}
