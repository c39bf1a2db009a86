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
