/** Rows that API tests insert directly when the HTTP path is not what they test (accounts with authorisations, activities). */
import type { TestContext } from './helpers';

/** A user holding (or not) authorisation 1, signed in: returns its bearer token. */
export async function userToken(
  ctx: TestContext,
  name: string,
  autorisations: number[] = [],
): Promise<string> {
  const now = Date.now();
  const user = await ctx.db.db
    .insertInto('user')
    .values({
      username: name,
      email: `${name}@limni.example`,
      password_hash: 'x',
      first_name: '',
      last_name: '',
      is_active: 1,
      email_verified: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const a of autorisations) {
    await ctx.db.db
      .insertInto('user_autorisation')
      .values({ user_id: user.id, autorisation_id: a, created_at: now })
      .execute();
  }
  return (await ctx.app.auth.signIn({ id: user.id, username: name })).token;
}

/** A test activity (the activities seed may or may not have run). */
export async function insertActivite(ctx: TestContext, slug: string): Promise<number> {
  const row = await ctx.db.db
    .insertInto('activite')
    .values({ nom: `Essai ${slug}`, slug, icone: 'essai', description: 'Activité de test' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
