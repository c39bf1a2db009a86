/**
 * Honest registration (docs/decisions/108, issue D10): when the verification e-mail cannot be written (the outbox
 * cannot be created: a full or read-only disk), the answer says so, no dead link is kept, and signing in sends a
 * new one at once once the outbox works again; a short failure is retried before anything is said.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { RegistrationResponse } from '@limni/shared/contracts/account';
import { ErrorBody } from '@limni/shared/contracts/common';
import { login, mailsTo, PASSWORD, register } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { outboxDir } from '../../notify/mail';
import { ACCOUNT } from './account.messages';
import { MAIL_RETRY_DELAYS_MS } from './account.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

/** A file where the outbox directory should be: every mail fails as on a broken disk. */
function breakOutbox(): void {
  fs.rmSync(outboxDir(ctx.dataDir), { recursive: true, force: true });
  fs.writeFileSync(outboxDir(ctx.dataDir), 'pas un dossier');
}
const repairOutbox = () => fs.rmSync(outboxDir(ctx.dataDir), { force: true });

const body = (name: string) => ({
  username: name,
  email: `${name.toLowerCase()}@exemple.fr`,
  password1: PASSWORD,
  password2: PASSWORD,
});

describe('the verification e-mail cannot be written', () => {
  it('answers that the account exists but the mail did not leave, and keeps no dead link', async () => {
    breakOutbox();
    const res = await register(ctx, body('Sinistree'));
    expect(res.statusCode).toBe(201);
    expect(z.parse(RegistrationResponse, res.json())).toEqual({
      detail: ACCOUNT.registeredMailFailed.fr,
      email_envoye: false,
    });
    expect(ACCOUNT.registeredMailFailed.fr).not.toMatch(/vient de vous être envoyé/);
    const user = await ctx.db.db
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'Sinistree')
      .executeTakeFirstOrThrow();
    const keys = await ctx.db.db
      .selectFrom('email_verification')
      .select('key_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(keys).toHaveLength(0);

    // Still broken: signing in says the new link could not be sent either.
    const still = await login(ctx, 'sinistree', PASSWORD);
    expect(still.statusCode).toBe(400);
    expect(z.parse(ErrorBody, still.json()).error.message).toBe(ACCOUNT.notVerifiedMailFailed.fr);

    // Repaired: the next sign-in sends a link at once (no 10-minute wait for a link that never left).
    repairOutbox();
    const again = await login(ctx, 'sinistree', PASSWORD);
    expect(z.parse(ErrorBody, again.json()).error.message).toBe(ACCOUNT.notVerified.fr);
    expect(mailsTo(ctx, 'sinistree@exemple.fr').map((m) => m.subject)).toEqual([
      'Confirmez votre adresse e-mail – Limni',
    ]);
  });

  // 32 argon2id computations, 16 registrations at once (four times libuv's default 4 threads that hash): a loaded
  // 2-core machine may need more than the default 30 s.
  it(
    '16 registrations at once on a broken disk: 16 honest answers, then every account gets its link',
    { timeout: 120_000 },
    async () => {
      breakOutbox();
      const names = Array.from({ length: 16 }, (_v, i) => `Disque${i}`);
      const answers = await Promise.all(names.map((n) => register(ctx, body(n))));
      for (const a of answers) {
        expect(a.statusCode).toBe(201);
        expect(z.parse(RegistrationResponse, a.json()).email_envoye).toBe(false);
      }
      repairOutbox();
      for (const n of names) await login(ctx, n.toLowerCase(), PASSWORD);
      for (const n of names) expect(mailsTo(ctx, `${n.toLowerCase()}@exemple.fr`)).toHaveLength(1);
    },
  );
});

describe('a short failure', () => {
  it('is retried: the mail leaves and the answer is the usual one', async () => {
    breakOutbox();
    // Repaired before the second attempt.
    setTimeout(repairOutbox, (MAIL_RETRY_DELAYS_MS[0] ?? 0) / 2);
    const res = await register(ctx, body('Patiente'));
    expect(z.parse(RegistrationResponse, res.json())).toEqual({
      detail: ACCOUNT.registered.fr,
      email_envoye: true,
    });
    expect(mailsTo(ctx, 'patiente@exemple.fr')).toHaveLength(1);
  });
});
