/**
 * Alert notifications in the account's language (docs/decisions/125): the same crossing notifies an
 * account registered in English in US English (in-app line, e-mail through a real SMTP server, Web Push) and an
 * account registered in French in French.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addRegles,
  alertsFor,
  feed,
  lieuOfStation,
  PONT_NEUF_CODE,
  quarterly,
  registerBrowser,
  type StationLieu,
} from '../../../test/alerts';
import { freshIp, json, linkIn, login, mailsTo, PASSWORD } from '../../../test/accounts';
import { FRENCH, textPart, withoutName } from '../../../test/english-text';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { decryptPush, startPushService, type LocalPushService } from '../../../test/push-service';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { createMailer } from '../../notify/mail';

let ctx: TestContext;
let service: LocalPushService;
let smtp: TestSmtpServer;
let PONT_NEUF: StationLieu;
beforeAll(async () => {
  ctx = await createTestApp();
  service = await startPushService();
  smtp = await startSmtpServer();
  PONT_NEUF = await lieuOfStation(ctx, PONT_NEUF_CODE);
});
afterAll(async () => {
  await ctx.close();
  await service.close();
  await smtp.close();
});

/** The key of the verification link mailed to `email` (in either language). */
function verificationKeyOf(email: string): string {
  const mail = mailsTo(ctx, email).find((m) => /Confirm/.test(m.subject));
  if (!mail) throw new Error(`No verification e-mail for ${email}`);
  return decodeURIComponent(linkIn(mail, '/user/register/').pathname.split('/').pop() ?? '');
}

/** Signs up (registration asked in `acceptLanguage`), verifies and signs in. */
async function account(username: string, acceptLanguage: string) {
  const email = `${username.toLowerCase()}@example.org`;
  const reg = await ctx.request({
    method: 'POST',
    url: '/api/registration/rest/',
    payload: { username, email, password1: PASSWORD, password2: PASSWORD },
    headers: { 'accept-language': acceptLanguage },
    remoteAddress: freshIp(),
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const verify = await ctx.request({
    method: 'POST',
    url: '/api/registration/rest/verify-email/',
    payload: { key: verificationKeyOf(email) },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  const res = await login(ctx, username, PASSWORD);
  expect(res.statusCode, res.body).toBe(200);
  return { email, token: json<{ token: string }>(res).token };
}

const withoutLieu = (s: string) => withoutName(s, PONT_NEUF.libelle);

describe('alert texts follow the account language', () => {
  it('an English account gets English mail and push, a French account French ones, for the same crossing', async () => {
    const en = await account('Heron', 'en-US,en;q=0.9');
    const fr = await account('Heronniere', 'fr-FR,fr;q=0.9');
    const rise = [2.8, 2.9, 2.97, 3.02, 3.1, 3.2];
    const crossing = rise.find((v) => v > 3) as number;
    for (const a of [en, fr]) {
      await addRegles(ctx, a.token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 3 }]);
    }
    const subEn = await registerBrowser(ctx, en.token, service, '/push/heron');
    const subFr = await registerBrowser(ctx, fr.token, service, '/push/heronniere');
    const mailer = createMailer({ ...ctx.deps.env, SMTP_URL: smtp.url });
    const { events, alerts } = alertsFor(ctx, { mailer });
    await feed(ctx, events, PONT_NEUF.code, quarterly(rise, 400));
    await alerts.delivery.deliverDue();

    const mailOf = (email: string) => {
      const list = smtp.messages.filter((m) => m.envelope.to.includes(email));
      expect(list).toHaveLength(1);
      return list[0] as (typeof list)[number];
    };
    const pushOf = (path: string, sub: typeof subEn) => {
      const list = service.requests.filter((r) => r.path === path);
      expect(list).toHaveLength(1);
      return JSON.parse(decryptPush(list[0]?.body as Buffer, sub)) as { title: string; body: string };
    };

    const enValue = `${crossing.toFixed(2)} m`;
    const mailEn = mailOf(en.email);
    expect(mailEn.subject).toBe(`Limni alert — ${PONT_NEUF.libelle}: ${enValue}, above 3.00 m`);
    const textEn = textPart(mailEn.raw);
    expect(textEn).toContain(`Hello Heron,`);
    expect(textEn).toContain(`Level of ${enValue} on `);
    expect(textEn).toContain('above your threshold of 3.00 m.');
    expect(textEn).toMatch(/Trend: rising( fast)? \(\+[\d.]+ cm\/h\)\./);
    expect(textEn).toContain('Your alert: Water level above 3.00 m.');
    expect(mailEn.raw).toMatch(/<html lang="en">/);
    expect(withoutLieu(`${mailEn.subject}\n${textEn}`)).not.toMatch(FRENCH);
    const pushEn = pushOf('/push/heron', subEn);
    expect(pushEn.title).toBe(`${PONT_NEUF.libelle}: ${enValue}, above 3.00 m`);
    expect(withoutLieu(`${pushEn.title}\n${pushEn.body}`)).not.toMatch(FRENCH);

    const frValue = `${crossing.toFixed(2).replace('.', ',')} m`;
    const mailFr = mailOf(fr.email);
    expect(mailFr.subject).toBe(`Alerte Limni — ${PONT_NEUF.libelle}\u00a0: ${frValue}, au-dessus de 3,00 m`);
    const textFr = textPart(mailFr.raw);
    expect(textFr).toContain('Bonjour Heronniere,');
    expect(textFr).toContain(`Hauteur de ${frValue} le `);
    expect(textFr).toContain('Votre alerte\u00a0: Hauteur au-dessus de 3,00 m.');
    expect(mailFr.raw).toMatch(/<html lang="fr">/);
    const pushFr = pushOf('/push/heronniere', subFr);
    expect(pushFr.title).toBe(`${PONT_NEUF.libelle}\u00a0: ${frValue}, au-dessus de 3,00 m`);
    expect(pushFr.body).toMatch(/Tendance\u00a0: /);
    await alerts.stop();
  });
});
