/**
 * Account helpers for API tests: register through the real path, follow the mailed links read from the outbox,
 * sign in. Every step goes through HTTP like the web app does.
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { readOutbox, type OutboxMail, type TestContext } from './helpers';

/** A password that passes every rule (long, not common, unrelated to the test accounts). */
export const PASSWORD = 'Truite-Vague-42-Saumon';
export const NEW_PASSWORD = 'Heron-Cendre-17-Berge';

let ipCounter = 0;
/** A distinct client address, so that per-IP limits of one test do not leak into the next. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export const json = <T>(res: LightMyRequestResponse) => res.json() as T;

/** Mails to `to`, oldest first. */
export function mailsTo(ctx: TestContext, to: string): OutboxMail[] {
  return readOutbox(ctx.dataDir).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
}

/** Waits for a mail (some are sent after the answer), newest first among those matching. */
export async function waitForMail(
  ctx: TestContext,
  predicate: (m: OutboxMail) => boolean,
  timeoutMs = 5000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(ctx.dataDir).filter(predicate).pop();
    if (found) return found;
    if (Date.now() > deadline) throw new Error('E-mail attendu introuvable dans la boîte d’envoi');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The first link of the mail's text part whose path starts with `pathPrefix`. */
export function linkIn(mail: { raw: string }, pathPrefix: string): URL {
  const match = mail.raw
    .match(/https?:\/\/[^\s"<>]+/g)
    ?.map((u) => new URL(u))
    .find((u) => u.pathname.startsWith(pathPrefix));
  if (!match) throw new Error(`Aucun lien ${pathPrefix} dans l'e-mail « ${mail.raw.slice(0, 200)} »`);
  return match;
}

export function register(
  ctx: TestContext,
  body: Record<string, unknown>,
  ip = freshIp(),
): Promise<LightMyRequestResponse> {
  return ctx.request({ method: 'POST', url: '/api/registration/rest/', payload: body, remoteAddress: ip });
}

export function login(
  ctx: TestContext,
  username: string,
  password: string,
  ip = freshIp(),
): Promise<LightMyRequestResponse> {
  return ctx.request({
    method: 'POST',
    url: '/api/auth/rest/login/',
    payload: { username, password },
    remoteAddress: ip,
  });
}

/** The key of the newest verification link mailed to `email`. */
export function verificationKey(ctx: TestContext, email: string): string {
  const mail = mailsTo(ctx, email)
    .filter((m) => /Confirmez/.test(m.subject))
    .pop();
  if (!mail) throw new Error(`Pas d'e-mail de vérification pour ${email}`);
  return decodeURIComponent(linkIn(mail, '/user/register/').pathname.split('/').pop() ?? '');
}

/** Registers, verifies through the mailed key, signs in: the account's token. */
export async function signedUpUser(
  ctx: TestContext,
  username: string,
  password = PASSWORD,
): Promise<{ token: string; email: string; id: number }> {
  const email = `${username.toLowerCase()}@exemple.fr`;
  const reg = await register(ctx, { username, email, password1: password, password2: password });
  expect(reg.statusCode, reg.body).toBe(201);
  const verify = await ctx.request({
    method: 'POST',
    url: '/api/registration/rest/verify-email/',
    payload: { key: verificationKey(ctx, email) },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const res = await login(ctx, username, password);
  expect(res.statusCode, res.body).toBe(200);
  const body = json<{ token: string; user: { id: number } }>(res);
  return { token: body.token, email, id: body.user.id };
}
