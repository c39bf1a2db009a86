import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { VapidPublicKeyResponse } from '@limni/shared/contracts/profile';
import { signedUpUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/helpers';
import {
  browserRegistration,
  decryptPush,
  startPushService,
  verifyVapid,
  type LocalPushService,
} from '../../test/push-service';
import { createPushService, MAX_PUSH_PAYLOAD_BYTES, pushFor, pushPayload, vapidSubject } from './push';

let ctx: TestContext;
let service: LocalPushService;
beforeAll(async () => {
  ctx = await createTestApp();
  service = await startPushService();
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});

const editPush = (token: string, registrationId: unknown) =>
  ctx.request({
    method: 'POST',
    url: '/api/user/edit-push',
    payload: { type: 'web', registrationId },
    token,
  });

describe('Web Push through a local push service', () => {
  it('delivers an encrypted message (aes128gcm) with a valid VAPID header to every subscription', async () => {
    const { token, id } = await signedUpUser(ctx, 'Pousse');
    const phone = browserRegistration();
    const laptop = browserRegistration();
    expect(
      (await editPush(token, JSON.stringify(phone.json(`${service.origin}/push/telephone`)))).statusCode,
    ).toBe(200);
    expect((await editPush(token, laptop.json(`${service.origin}/push/portable`))).statusCode).toBe(200);

    const message = {
      title: 'La Garonne à Toulouse',
      body: 'Le niveau monte : 3,12 m ↗',
      url: '/lieu/1/a-0',
      tag: 'lieu-1',
    };
    const result = await ctx.deps.push?.sendToUser(id, message);
    expect(result).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(service.requests.map((r) => r.path).sort()).toEqual(['/push/portable', '/push/telephone']);

    const publicKey = z.parse(
      VapidPublicKeyResponse,
      (await ctx.request({ url: '/api/push/vapid-public-key' })).json(),
    ).publicKey;
    for (const [path, sub] of [
      ['/push/telephone', phone],
      ['/push/portable', laptop],
    ] as const) {
      const req = service.requests.find((r) => r.path === path);
      expect(req?.headers['content-encoding']).toBe('aes128gcm');
      expect(req?.headers['content-type']).toBe('application/octet-stream');
      expect(Number(req?.headers.ttl)).toBe(24 * 3600);
      // A Web Push record is at most 4096 bytes.
      expect(req?.body.length).toBeGreaterThan(86);
      expect(req?.body.length).toBeLessThanOrEqual(4096);
      const { payload, k } = await verifyVapid(req?.headers.authorization, publicKey);
      expect(k).toBe(publicKey);
      expect(payload.aud).toBe(service.origin);
      expect(payload.sub).toBe('mailto:ne-pas-repondre@limni.example');
      expect(Number(payload.exp)).toBeGreaterThan(Date.now() / 1000);
      expect(Number(payload.exp)).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 3600);
      expect(JSON.parse(decryptPush(req?.body as Buffer, sub))).toEqual(message);
    }
    // Another service on the same database signs with the same stored key pair.
    const other = createPushService({ db: ctx.db.db, mailFrom: 'x@y.fr' });
    expect(await other.publicKey()).toBe(publicKey);
  });

  it('removes the subscriptions the push service declares gone (404, 410) and keeps the others', async () => {
    const { token, id } = await signedUpUser(ctx, 'Partie');
    service.statusFor.set('/push/expiree', 410);
    service.statusFor.set('/push/inconnue', 404);
    service.statusFor.set('/push/surchargee', 503);
    for (const path of ['/push/expiree', '/push/inconnue', '/push/surchargee', '/push/active']) {
      expect((await editPush(token, browserRegistration().json(`${service.origin}${path}`))).statusCode).toBe(
        200,
      );
    }
    const result = await ctx.deps.push?.sendToUser(id, { title: 'Essai', body: 'Essai' });
    expect(result).toEqual({ sent: 1, removed: 2, failed: 1 });
    const left = await ctx.db.db
      .selectFrom('push_registration')
      .select('registration_id')
      .where('user_id', '=', id)
      .execute();
    expect(left.map((r) => (JSON.parse(r.registration_id) as { endpoint: string }).endpoint).sort()).toEqual([
      `${service.origin}/push/active`,
      `${service.origin}/push/surchargee`,
    ]);
    expect(await ctx.deps.push?.sendToUser(999_999, { title: 'x', body: 'y' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
  });
});

describe('VAPID keys and push policy', () => {
  it('keeps one key pair in the database (secret table), served at /api/push/vapid-public-key', async () => {
    const res = await ctx.request({ url: '/api/push/vapid-public-key' });
    expect(res.statusCode).toBe(200);
    const { publicKey } = z.parse(VapidPublicKeyResponse, res.json());
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const rows = await ctx.db.db
      .selectFrom('secret')
      .select(['name', 'value'])
      .where('name', '=', 'vapid')
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]?.value ?? '{}')).toMatchObject({ publicKey });
    const fresh = createPushService({ db: ctx.db.db, mailFrom: 'Limni <a@b.fr>' });
    expect(await fresh.publicKey()).toBe(publicKey);
    expect(await pushFor({ db: ctx.db, env: ctx.deps.env }).publicKey()).toBe(publicKey);
  });

  it('sends only to the browsers’ push services over https', () => {
    const prod = createPushService({ db: ctx.db.db, mailFrom: 'a@b.fr' });
    expect(prod.isAllowedEndpoint('https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
    expect(prod.isAllowedEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc')).toBe(true);
    expect(prod.isAllowedEndpoint('https://web.push.apple.com/QGx')).toBe(true);
    expect(prod.isAllowedEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x')).toBe(true);
    expect(prod.isAllowedEndpoint('http://fcm.googleapis.com/fcm/send/abc')).toBe(false);
    expect(prod.isAllowedEndpoint('https://fcm.googleapis.com.evil.example/x')).toBe(false);
    expect(prod.isAllowedEndpoint('https://evilfcm.googleapis.com.example/x')).toBe(false);
    expect(prod.isAllowedEndpoint('https://fcm.googleapis.com:8443/x')).toBe(false);
    expect(prod.isAllowedEndpoint('https://user:pw@fcm.googleapis.com/x')).toBe(false);
    expect(prod.isAllowedEndpoint(`${service.origin}/push/x`)).toBe(false);
    expect(prod.isAllowedEndpoint('pas une url')).toBe(false);
  });

  it('builds the VAPID subject from MAIL_FROM and keeps payloads within a push record', () => {
    expect(vapidSubject('Limni <alertes@limni.fr>')).toBe('mailto:alertes@limni.fr');
    expect(vapidSubject('alertes@limni.fr')).toBe('mailto:alertes@limni.fr');
    const long = pushPayload({ title: 'Titre', body: 'é'.repeat(10_000) });
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    expect((JSON.parse(long) as { body: string }).body.endsWith('…')).toBe(true);
  });
});
