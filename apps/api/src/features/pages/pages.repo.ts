/** The content pages stored in table `page` (Markdown written for Limni, seeded by seed/steps/pages.ts). */
import type { Kysely } from 'kysely';
import type { PageSlug } from '@limni/shared/contracts/pages';
import type { Database } from '../../db/schema';

export async function getPage(db: Kysely<Database>, slug: PageSlug) {
  return db
    .selectFrom('page')
    .select(['slug', 'titre', 'markdown', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}
