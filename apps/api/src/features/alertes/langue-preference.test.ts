/**
 * The account's language is a stored preference that follows the person's choice (docs/decisions/146): an account
 * registered from a French page that chooses English afterwards (`POST /api/user/profile { langue }`, what the web
 * app sends when the language is switched) gets the threshold alert of the January 2022 replay in English — in the
 * in-app list, by Web Push (real push service) and by e-mail (real SMTP server), whose stop link opens an English
 * page. Expectations come from the rule and the recorded readings (seed CSV).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { NotificationsResponse } from '@limni/shared/contracts/alertes';
import { Profile } from '@limni/shared/contracts/profile';
import { parisDayRange } from '@limni/shared/domain/time';
import {
  addRegles,
  alertsFor,
  lieuOfStation,
  PONT_NEUF_CODE,
  registerBrowser,
  type StationLieu,
} from '../../../test/alerts';
import { json, signedUpUser } from '../../../test/accounts';
import { FRENCH, textPart, withoutName } from '../../../test/english-text';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { decryptPush, startPushService, type LocalPushService } from '../../../test/push-service';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp';
import { createMailer } from '../../notify/mail';
import { runReplay } from '../../replay/replay';
import { parseCsv, readSeedText } from '../../seed/files';

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

/** The replayed day: 10 January 2022 in Paris, when the Garonne at Toulouse rose past 3 m. */
const DAY = parisDayRange('2022-01-10');
const THRESHOLD = 3;

/** The first recorded reading of the day above the threshold after one at or below it (the seed CSV, in metres). */
function firstCrossing(): { ts: number; mm: number } {
  const rows = parseCsv(readSeedText('garonne_H_2022-01_native.csv'))
    .filter((r) => r['code_station'] === PONT_NEUF_CODE)
    .map((r) => ({ ts: Date.parse(r['date_obs'] ?? ''), mm: Number(r['resultat_obs_mm']) }))
    .filter((r) => r.ts >= DAY.start && r.ts < DAY.end)
    .sort((a, b) => a.ts - b.ts);
  const limit = THRESHOLD * 1000;
  const i = rows.findIndex((r, k) => k > 0 && r.mm > limit && (rows[k - 1]?.mm ?? 0) <= limit);
  const hit = rows[i];
  if (!hit) throw new Error('No crossing of 3 m on 10 January 2022 in the recorded series');
  return hit;
}

/** US English, to the centimetre from the recorded millimetres: « 3.02 m » for 3015 mm. */
const metresEn = (mm: number) => `${(Math.round(mm / 10) / 100).toFixed(2)} m`;

const withoutLieu = (s: string) => withoutName(s, PONT_NEUF.libelle);

describe('an account that chooses English after registering', () => {
  it('gets the replay’s threshold alert in English in the app, by push and by e-mail, and an English stop page', async () => {
    const { token, email } = await signedUpUser(ctx, 'Bergeronnette');
    const profile = (body?: object) =>
      ctx.request({
        method: body ? 'POST' : 'GET',
        url: '/api/user/profile',
        token,
        payload: body,
        headers: { 'accept-language': 'en' },
      });
    expect(z.parse(Profile, json(await profile())).langue).toBe('fr');
    const chosen = await profile({ langue: 'en' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(z.parse(Profile, json(chosen)).langue).toBe('en');
    expect(z.parse(Profile, json(await profile())).langue).toBe('en');

    await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: THRESHOLD }]);
    const sub = await registerBrowser(ctx, token, service, '/push/bergeronnette');
    const rt = alertsFor(ctx, { mailer: createMailer({ ...ctx.deps.env, SMTP_URL: smtp.url }) });
    const result = await runReplay({
      db: ctx.db,
      events: rt.events,
      from: DAY.start,
      to: DAY.end,
      speed: 1e9,
      rewind: (ids) => rt.alerts.evaluator.rewind(ids),
      afterStep: () => rt.alerts.delivery.deliverDue().then(() => undefined),
      log: { info: () => {}, warn: () => {}, error: () => {} },
      sleep: async () => {},
    });
    await rt.alerts.delivery.deliverDue();
    await rt.alerts.stop();
    expect(result.statut).toBe('termine');

    const crossing = firstCrossing();
    const value = metresEn(crossing.mm);
    const when = `on ${new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', dateStyle: 'medium' }).format(crossing.ts)} at ${new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeStyle: 'short' }).format(crossing.ts)} (Paris time)`;
    const title = `${PONT_NEUF.libelle}: ${value}, above 3.00 m`;

    // In the app, whatever language the list is asked in: the line was written in the account's language.
    const list = z.parse(
      NotificationsResponse,
      json(
        await ctx.request({
          url: '/api/user/notifications',
          token,
          headers: { 'accept-language': 'fr' },
        }),
      ),
    );
    expect(list.notifications.map((n) => [n.type, n.ts, n.titre])).toEqual([
      ['au_dessus', crossing.ts, title],
    ]);
    const inApp = list.notifications[0];
    expect(inApp?.message).toContain(`Level of ${value} ${when}, above your threshold of 3.00 m.`);
    expect(inApp?.message).toMatch(/Trend: (rising|rising fast|steady|falling|falling fast) \(/);
    expect(withoutLieu(`${inApp?.titre}\n${inApp?.message}`)).not.toMatch(FRENCH);

    // Web Push: the same title and body.
    const pushes = service.requests.filter((r) => r.path === '/push/bergeronnette');
    expect(pushes).toHaveLength(1);
    const push = JSON.parse(decryptPush(pushes[0]?.body as Buffer, sub)) as { title: string; body: string };
    expect(push).toMatchObject({ title, body: inApp?.message });

    // E-mail: subject, text, HTML.
    const mails = smtp.messages.filter((m) => m.envelope.to.includes(email));
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.subject).toBe(`Limni alert — ${title}`);
    const text = textPart(mail.raw);
    expect(text).toContain('Hello Bergeronnette,');
    expect(text).toContain('Your alert: Water level above 3.00 m.');
    expect(mail.raw).toMatch(/<html lang="en">/);
    expect(withoutLieu(`${mail.subject}\n${text}`)).not.toMatch(FRENCH);

    // The one-click stop link of the e-mail opens an English page, and its confirmation answers in English.
    const stopUrl = new URL(/Stop this alert \(one click\): (\S+)/.exec(text)?.[1] ?? 'http://x/none');
    const confirm = await ctx.request({ url: stopUrl.pathname, headers: { 'accept-language': 'fr' } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toMatch(/<html lang="en">/);
    expect(confirm.body).toContain('Stop this alert?');
    expect(confirm.body).toContain('“Water level above 3.00 m”');
    expect(withoutLieu(confirm.body.split('<body')[1] ?? '')).not.toMatch(FRENCH);
    const stopped = await ctx.request({ method: 'POST', url: stopUrl.pathname });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.body).toContain('Done: you will no longer get the alert “Water level above 3.00 m”');
    expect(withoutLieu(stopped.body.split('<body')[1] ?? '')).not.toMatch(FRENCH);
  }, 120_000);
});
