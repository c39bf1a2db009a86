/** The verification e-mail travels through a real SMTP server (SMTP_URL) and its link activates the account. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DetailResponse, LoginResponse } from '@limni/shared/contracts/account';
import { linkIn, login, PASSWORD, register } from '../../../test/accounts';
import { createTestApp, readOutbox, type TestContext } from '../../../test/helpers';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';

let smtp: TestSmtpServer;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://limni.example',
      MAIL_FROM: 'Limni <ne-pas-repondre@limni.example>',
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('registration with SMTP_URL', () => {
  it('sends the verification mail to the SMTP server; following its link activates the account', async () => {
    expect(ctx.deps.mailer.mode).toBe('smtp');
    const res = await register(ctx, {
      username: 'Marin',
      email: 'marin@exemple.fr',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(readOutbox(ctx.dataDir)).toHaveLength(0);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0] as (typeof smtp.messages)[number];
    expect(mail.envelope).toEqual({ from: 'ne-pas-repondre@limni.example', to: ['marin@exemple.fr'] });
    expect(mail.subject).toBe('Confirmez votre adresse e-mail – Limni');
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(mail.raw).toContain('Bonjour Marin,');

    const link = linkIn(mail, '/user/register/');
    expect(link.origin).toBe('https://limni.example');
    const key = decodeURIComponent(link.pathname.split('/').pop() ?? '');
    expect((await login(ctx, 'marin', PASSWORD)).statusCode).toBe(400);
    const verified = await ctx.request({
      method: 'POST',
      url: '/api/registration/rest/verify-email/',
      payload: { key },
    });
    expect(verified.statusCode).toBe(200);
    z.parse(DetailResponse, verified.json());
    const signedIn = await login(ctx, 'marin', PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(z.parse(LoginResponse, signedIn.json()).user.email).toBe('marin@exemple.fr');
  });
});

describe('an account registered in English', () => {
  it('gets its e-mails in English, whatever the language of a later request', async () => {
    const before = smtp.messages.length;
    const res = await ctx.request({
      method: 'POST',
      url: '/api/registration/rest/',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { username: 'Rower', email: 'rower@exemple.fr', password1: PASSWORD, password2: PASSWORD },
      remoteAddress: '203.0.113.61',
    });
    expect(res.statusCode).toBe(201);
    const mail = smtp.messages[before] as (typeof smtp.messages)[number];
    expect(mail.subject).toBe('Confirm your e-mail address – Limni');
    expect(mail.raw).toContain('Hello Rower,');
    expect(mail.raw).toContain('<html lang="en">');
    expect(mail.raw).toContain('Limni · lakes and rivers of France');
    expect(mail.raw).not.toMatch(/Bonjour|votre|rivières/);
    expect(linkIn(mail, '/user/register/').origin).toBe('https://limni.example');

    // A password reset asked from a French page: the mail follows the account, not the request.
    const reset = await ctx.request({
      method: 'POST',
      url: '/api/auth/rest/password/reset/',
      headers: { 'accept-language': 'fr-FR' },
      payload: { email: 'rower@exemple.fr' },
      remoteAddress: '203.0.113.62',
    });
    expect(reset.statusCode).toBe(200);
    await expect.poll(() => smtp.messages.length).toBe(before + 2);
    const resetMail = smtp.messages[before + 1] as (typeof smtp.messages)[number];
    expect(resetMail.subject).toBe('Reset your password – Limni');
    expect(resetMail.raw).toContain('Choose a new password');
    expect(resetMail.raw).not.toMatch(/Bonjour|votre|mot de passe/);
  });

  it('an account registered without English gets French', async () => {
    const before = smtp.messages.length;
    const res = await register(ctx, {
      username: 'Pecheur',
      email: 'pecheur@exemple.fr',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const mail = smtp.messages[before] as (typeof smtp.messages)[number];
    expect(mail.subject).toBe('Confirmez votre adresse e-mail – Limni');
    expect(mail.raw).toContain('<html lang="fr">');
    expect(mail.raw).toContain('Limni · lacs et rivières de France');
  });
});
