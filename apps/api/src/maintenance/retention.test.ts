import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedUpUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/helpers';
import { runAdmin } from '../admin/admin';
import { CONTACT_RETENTION_MS, purgeExpired, startRetention } from './retention';

let ctx: TestContext;
let camille: { token: string; email: string };
beforeAll(async () => {
  ctx = await createTestApp();
  camille = await signedUpUser(ctx, 'Camille');
});
afterAll(async () => ctx.close());

const DAY = 24 * 3600 * 1000;

/** One row of each kind just past its retention and one just inside it, at `now`. */
async function seedRows(now: number) {
  const db = ctx.db.db;
  const user = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', camille.email)
    .executeTakeFirstOrThrow();
  const contact = (nom: string, created_at: number) => ({
    nom,
    email: 'lectrice@exemple.fr',
    sujet: 'Une question',
    message: 'Bonjour',
    ip: '10.0.0.1',
    created_at,
    sent_at: created_at,
    error: null,
  });
  await db
    .insertInto('contact_message')
    .values([
      contact('ancien', now - CONTACT_RETENTION_MS - 1),
      contact('récent', now - CONTACT_RETENTION_MS + DAY),
    ])
    .execute();
  await db
    .insertInto('session')
    .values([
      {
        id: 'purge-expiree',
        user_id: user.id,
        created_at: now - 8 * DAY,
        expires_at: now - DAY,
        revoked_at: null,
      },
      {
        id: 'purge-valide',
        user_id: user.id,
        created_at: now - DAY,
        expires_at: now + 6 * DAY,
        revoked_at: null,
      },
    ])
    .execute();
  await db
    .insertInto('email_verification')
    .values([
      {
        key_hash: 'purge-v1',
        user_id: user.id,
        email: camille.email,
        created_at: now - 3 * DAY,
        expires_at: now - 2 * DAY,
        used_at: null,
      },
      {
        key_hash: 'purge-v2',
        user_id: user.id,
        email: camille.email,
        created_at: now - 1000,
        expires_at: now + DAY,
        used_at: null,
      },
    ])
    .execute();
  await db
    .insertInto('password_reset')
    .values([
      {
        token_hash: 'purge-r1',
        user_id: user.id,
        created_at: now - 2 * DAY,
        expires_at: now - DAY,
        used_at: now - 2 * DAY,
      },
      {
        token_hash: 'purge-r2',
        user_id: user.id,
        created_at: now - 1000,
        expires_at: now + DAY,
        used_at: null,
      },
    ])
    .execute();
}

async function remaining() {
  const db = ctx.db.db;
  return {
    contact: (await db.selectFrom('contact_message').select('nom').execute()).map((r) => r.nom),
    sessions: (await db.selectFrom('session').select('id').where('id', 'like', 'purge-%').execute()).map(
      (r) => r.id,
    ),
    verifications: (
      await db
        .selectFrom('email_verification')
        .select('key_hash')
        .where('key_hash', 'like', 'purge-%')
        .execute()
    ).map((r) => r.key_hash),
    reinitialisations: (
      await db
        .selectFrom('password_reset')
        .select('token_hash')
        .where('token_hash', 'like', 'purge-%')
        .execute()
    ).map((r) => r.token_hash),
  };
}

describe('retention purge', () => {
  it('erases exactly the rows past their retention, keeps the rest and the signed-in session working', async () => {
    const now = Date.now();
    await seedRows(now);
    const counts = await purgeExpired(ctx.db.db, now);
    expect(counts).toEqual({
      messagesContact: 1,
      sessions: 1,
      verificationsEmail: 1,
      reinitialisations: 1,
    });
    expect(await remaining()).toEqual({
      contact: ['récent'],
      sessions: ['purge-valide'],
      verifications: ['purge-v2'],
      reinitialisations: ['purge-r2'],
    });
    // Camille's own sign-in is recent: her token still works.
    expect((await ctx.request({ url: '/api/auth/rest/user/', token: camille.token })).statusCode).toBe(200);
    // A second pass has nothing left to do.
    expect(Object.values(await purgeExpired(ctx.db.db, now))).toEqual([0, 0, 0, 0]);
  });

  it('runs at start-up in the server loop and through `npm run admin -- purge`', async () => {
    const later = Date.now() + 400 * DAY;
    const logged: object[] = [];
    const runtime = startRetention({
      db: ctx.db.db,
      now: () => later,
      log: { info: (obj) => logged.push(obj), error: (obj) => logged.push(obj) },
    });
    await runtime.idle();
    await runtime.stop();
    // 400 days on, every row above and Camille's own session have gone; the log says what went.
    expect(await remaining()).toEqual({
      contact: [],
      sessions: [],
      verifications: [],
      reinitialisations: [],
    });
    expect(logged[0]).toMatchObject({
      purge: { messagesContact: 1, sessions: expect.any(Number) as number },
    });
    expect((await ctx.request({ url: '/api/auth/rest/user/', token: camille.token })).statusCode).toBe(401);

    await seedRows(Date.now());
    const out: string[] = [];
    const code = await runAdmin(['purge'], ctx.db.db, { out: (l) => out.push(l), err: (l) => out.push(l) });
    expect(code).toBe(0);
    expect(out.join('\n')).toContain('Messages de contact de plus de 12 mois : 1');
    expect(out.join('\n')).toContain('Sessions expirées : 1');
  });
});
