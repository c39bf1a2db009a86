/**
 * Migration 017 on accounts that exist before it (docs/decisions/160): the column and its index are taken away
 * from this file's copy of the database, rows are written as an older Limni wrote them, and the migration runs.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { migration017 } from './017_pseudo_squelette';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

it('gives existing accounts their squelette; of two look-alikes the older keeps it, the later gets null', async () => {
  const db = ctx.db.db;
  await db.schema.dropIndex('user_username_squelette_idx').execute();
  await db.schema.alterTable('user').dropColumn('username_squelette').execute();
  const t0 = Date.UTC(2024, 0, 1);
  // Inserted out of order: « ancien1 » is the older account. Cyrillic а (0430 → 0061) and 1 (0031 → 006C) in
  // confusables.txt make « ancienl », « аncien1 » and « ancien1 » one skeleton.
  const accounts = [
    { username: 'ancienl', created_at: t0 + 2000 },
    { username: 'аncien1', created_at: t0 + 3000 },
    { username: 'ancien1', created_at: t0 + 1000 },
    { username: 'Élodie', created_at: t0 + 4000 },
  ];
  for (const [i, a] of accounts.entries()) {
    await db
      .insertInto('user')
      .values({
        ...a,
        username_key: a.username.normalize('NFKC').toLowerCase(),
        email: `ancien${i}@exemple.fr`,
        password_hash: 'x',
        first_name: '',
        last_name: '',
        is_active: 1,
        email_verified: 1,
        updated_at: a.created_at,
      })
      .execute();
  }
  await migration017().up(db as unknown as Kysely<unknown>);

  const rows = await db
    .selectFrom('user')
    .select(['username', 'username_squelette'])
    .where('email', 'like', 'ancien%')
    .execute();
  const squelettes = Object.fromEntries(rows.map((r) => [r.username, r.username_squelette]));
  expect(squelettes).toEqual({ ancien1: 'ancienl', ancienl: null, аncien1: null, Élodie: 'e\u0301lodie' });
  // The unique index is back: a third look-alike cannot be written.
  await expect(
    db.updateTable('user').set({ username_squelette: 'ancienl' }).where('username', '=', 'Élodie').execute(),
  ).rejects.toThrow(/unique|duplicate key/i);
});
