/**
 * Whether the ids a web app path names exist (places, lakes and rivers, tronçons, activities): the server answers
 * 404 with the app's not-found page for a path whose ids name nothing (`http/web.ts`, shared route table in
 * `@limni/shared/domain/web-routes`).
 */
import type { Kysely } from 'kysely';
import type { WebIdKind, WebIdRef } from '@limni/shared/domain/web-routes';
import type { Database } from '../db/schema';

const TABLES = {
  lieu: 'lieu',
  entite: 'entite',
  troncon: 'troncon',
  activite: 'activite',
} as const satisfies Record<WebIdKind, keyof Database>;

/** True when every id exists (one primary-key lookup each). */
export async function webIdsExist(db: Kysely<Database>, refs: readonly WebIdRef[]): Promise<boolean> {
  const found = await Promise.all(
    refs.map(
      async ({ kind, id }) =>
        (await db.selectFrom(TABLES[kind]).select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
    ),
  );
  return found.every(Boolean);
}
