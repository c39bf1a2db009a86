/**
 * The language of an account (docs/decisions/125): `fr` or `en`, taken from the registration request's
 * `Accept-Language` (the web app sends the language the person chose); its e-mails are written in it. Existing
 * accounts are French.
 */
import type { Kysely } from 'kysely';

export function migration012() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('user')
        .addColumn('langue', 'text', (c) => c.notNull().defaultTo('fr'))
        .execute();
    },
  };
}
