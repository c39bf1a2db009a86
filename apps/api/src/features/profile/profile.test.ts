import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { StatusResponse } from '@limni/shared/contracts/account';
import { ErrorBody } from '@limni/shared/contracts/common';
import { AvatarResponse, Profile, ToggleListeSibResponse } from '@limni/shared/contracts/profile';
import { signedUpUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { bigJpegLike, exifHasGps, formData, imageOf, jpegWithGps } from '../../../test/uploads';
import { parisDay } from '@limni/shared/domain/time';
import { uploadsDir } from '../../data/uploads';

let ctx: TestContext;
let token: string;
let userId: number;
let other: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const riveraine = await signedUpUser(ctx, 'Riveraine');
  token = riveraine.token;
  userId = riveraine.id;
  other = (await signedUpUser(ctx, 'Voisin')).token;
});
afterAll(async () => ctx.close());

const errorOf = (res: { json: () => unknown }) => z.parse(ErrorBody, res.json()).error;
/** `t` null: without a token. */
const post = (url: string, payload: Record<string, unknown>, t: string | null = token) =>
  ctx.request({ method: 'POST', url, payload, token: t ?? undefined });
const getProfile = async (t = token) => {
  const res = await ctx.request({ url: '/api/user/profile', token: t });
  expect(res.statusCode).toBe(200);
  return z.parse(Profile, res.json());
};
const putAvatar = (
  file: { data: Buffer; contentType: string; filename?: string; field?: string },
  t = token,
) => {
  const form = formData({}, [
    {
      field: file.field ?? 'avatar',
      filename: file.filename ?? 'photo',
      contentType: file.contentType,
      data: file.data,
    },
  ]);
  return ctx.request({ method: 'PUT', url: '/api/user/avatar', token: t, ...form });
};

describe('GET, POST /api/user/profile', () => {
  it('needs a signed-in user', async () => {
    expect((await ctx.request({ url: '/api/user/profile' })).statusCode).toBe(401);
    expect((await post('/api/user/profile', {}, null)).statusCode).toBe(401);
  });

  it('gives the defaults of a new account, with every mailing list and no authorisation', async () => {
    const p = await getProfile();
    expect(p).toMatchObject({
      lieux: [],
      autorisations: [],
      avatar: null,
      date_naissance: null,
      acceptPrevisionAlert: false,
      notifications: { email: true, push: true },
      nb_push: 0,
      langue: 'fr',
    });
    expect(p.listes_sib.length).toBeGreaterThanOrEqual(1);
    expect(p.listes_sib.every((l) => !l.inscrit && l.nom.length > 0)).toBe(true);
    expect((await ctx.request({ url: '/api/user/profile', token })).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it('refuses the forecast-alert flag without the forecast authorisation, writing nothing', async () => {
    const before = await getProfile();
    const res = await post('/api/user/profile', { date_naissance: '1984-07-14', acceptPrevisionAlert: true });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({
      code: 'forbidden',
      message:
        'Les alertes de prévision sont réservées aux comptes autorisés à consulter les prévisions (autorisation « Prévisions »).',
    });
    expect(await getProfile()).toEqual(before);
    // Turning it off is always allowed.
    expect((await post('/api/user/profile', { acceptPrevisionAlert: false })).statusCode).toBe(200);
  });

  it('saves a past date of birth, the forecast-alert flag and notification preferences', async () => {
    await ctx.db.db
      .insertInto('user_autorisation')
      .values({ user_id: userId, autorisation_id: 1, created_at: 0 })
      .execute();
    const res = await post('/api/user/profile', {
      date_naissance: '1984-07-14',
      acceptPrevisionAlert: true,
      notifications: { email: false },
    });
    expect(res.statusCode).toBe(200);
    expect(z.parse(Profile, res.json())).toMatchObject({
      date_naissance: '1984-07-14',
      acceptPrevisionAlert: true,
      notifications: { email: false, push: true },
    });
    const again = z.parse(
      Profile,
      (await post('/api/user/profile', { notifications: { push: false } })).json(),
    );
    expect(again.notifications).toEqual({ email: false, push: false });
    expect(again.date_naissance).toBe('1984-07-14');
    const cleared = z.parse(Profile, (await post('/api/user/profile', { date_naissance: null })).json());
    expect(cleared.date_naissance).toBeNull();
  });

  it.each([
    ['a date in the future', '2099-01-01', /doit être passée/],
    ['today (in Paris)', parisDay(Date.now()), /doit être passée/],
    ['a date before 1900', '1899-12-31', /doit être passée/],
    ['a day that does not exist', '2001-02-29', /date réelle/],
    ['another format', '14/07/1984', /date réelle/],
  ])('refuses %s as date of birth (400, French)', async (_label, day, message) => {
    const res = await post('/api/user/profile', { date_naissance: day });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('validation');
    expect(errorOf(res).message).toMatch(message);
    expect(errorOf(res).fields?.date_naissance?.[0]).toMatch(message);
  });

  it('refuses wrongly typed values', async () => {
    const res = await post('/api/user/profile', { acceptPrevisionAlert: 'oui' });
    expect(res.statusCode).toBe(400);
    const { code, message, fields } = errorOf(res);
    expect(code).toBe('validation');
    expect(message).toMatch(/^Requête invalide \(contenu : acceptPrevisionAlert\) : Entrée invalide : \S/);
    // Only the wrong field is named, with the reason the message gives.
    expect(fields).toEqual({
      acceptPrevisionAlert: [message.replace('Requête invalide (contenu : acceptPrevisionAlert) : ', '')],
    });
    expect((await getProfile()).acceptPrevisionAlert).toBe(true);
  });
});

describe('PUT /api/user/avatar', () => {
  it('re-encodes a JPEG to a square WebP without metadata, served with nosniff', async () => {
    const jpeg = await jpegWithGps();
    expect(exifHasGps((await sharp(jpeg).metadata()).exif)).toBe(true);
    const res = await putAvatar({ data: jpeg, contentType: 'image/jpeg', filename: 'IMG_0042.JPG' });
    expect(res.statusCode).toBe(200);
    const { avatar } = z.parse(AvatarResponse, res.json());
    expect(avatar).toMatch(/^\/api\/uploads\/avatars\/[A-Za-z0-9_-]{32}\.webp$/);
    expect(avatar).not.toContain('IMG_0042');
    expect((await getProfile()).avatar).toBe(avatar);

    const served = await ctx.request({ url: avatar });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it.each(['png', 'webp', 'avif'] as const)('accepts %s', async (format) => {
    const res = await putAvatar({ data: await imageOf(format), contentType: `image/${format}` });
    expect(res.statusCode).toBe(200);
    const served = await ctx.request({ url: z.parse(AvatarResponse, res.json()).avatar });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 512,
    });
  });

  it('removes the previous file when a new avatar replaces it, and on DELETE', async () => {
    const first = z.parse(
      AvatarResponse,
      (await putAvatar({ data: await imageOf('png'), contentType: 'image/png' })).json(),
    );
    const file = (url: string) => path.join(uploadsDir(ctx.dataDir, 'avatars'), url.split('/').pop() ?? '');
    expect(fs.existsSync(file(first.avatar))).toBe(true);
    const second = z.parse(
      AvatarResponse,
      (await putAvatar({ data: await imageOf('webp'), contentType: 'image/webp' })).json(),
    );
    expect(fs.existsSync(file(first.avatar))).toBe(false);
    expect((await ctx.request({ url: first.avatar })).statusCode).toBe(404);
    const del = await ctx.request({ method: 'DELETE', url: '/api/user/avatar', token });
    expect(z.parse(StatusResponse, del.json())).toEqual({ status: 200 });
    expect(fs.existsSync(file(second.avatar))).toBe(false);
    expect((await getProfile()).avatar).toBeNull();
  });

  it('answers 400 to a text file, even named and typed as an image', async () => {
    const res = await putAvatar({
      data: Buffer.from('Bonjour, je ne suis pas une image.\n'),
      contentType: 'image/jpeg',
      filename: 'avatar.jpg',
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'validation',
      message: "Ce fichier n'est pas une image acceptée : envoyez une photo JPEG, PNG, WebP ou AVIF.",
    });
    const svg = await putAvatar({
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      contentType: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(400);
    const gif = await putAvatar({
      data: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
      contentType: 'image/gif',
    });
    expect(gif.statusCode).toBe(400);
  });

  it('answers 400 to a damaged image (right magic number, broken content)', async () => {
    const jpeg = await jpegWithGps();
    const res = await putAvatar({ data: jpeg.subarray(0, 200), contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/n'a pas pu être lue/);
  });

  it('answers 413 beyond 5 MB, in French', async () => {
    const res = await putAvatar({ data: bigJpegLike(5 * 1024 * 1024 + 1), contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({
      code: 'payload_too_large',
      message: "L'avatar dépasse la taille maximale de 5 Mo.",
    });
  });

  it('answers 415 without multipart, 400 without the file or with another field, 401 without a user', async () => {
    const json = await ctx.request({
      method: 'PUT',
      url: '/api/user/avatar',
      token,
      payload: { avatar: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(errorOf(json).code).toBe('unsupported_media_type');
    const empty = await ctx.request({
      method: 'PUT',
      url: '/api/user/avatar',
      token,
      ...formData({ x: '1' }),
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toEqual({
      code: 'validation',
      message: 'Joignez une image dans le champ « avatar ».',
      fields: { avatar: ['Joignez une image dans le champ « avatar ».'] },
    });
    const wrongField = await putAvatar({
      data: await imageOf('png'),
      contentType: 'image/png',
      field: 'photo',
    });
    expect(wrongField.statusCode).toBe(400);
    const anonymous = await ctx.request({ method: 'PUT', url: '/api/user/avatar', ...formData({}) });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/uploads/:kind/:name', () => {
  it('answers 404 for an unknown name and 400 for a name the server would not generate', async () => {
    expect((await ctx.request({ url: `/api/uploads/avatars/${'A'.repeat(32)}.webp` })).statusCode).toBe(404);
    for (const url of [
      '/api/uploads/avatars/..%2F..%2Flimni.db',
      '/api/uploads/avatars/photo.jpg',
      `/api/uploads/secrets/${'A'.repeat(32)}.webp`,
    ]) {
      const res = await ctx.request({ url });
      expect([400, 404]).toContain(res.statusCode);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });
});

describe('POST /api/user/toggle-liste-sib', () => {
  it('joins then leaves a list: {status, listes_sib}', async () => {
    const liste = (await getProfile()).listes_sib[0]?.id as number;
    const joined = await post('/api/user/toggle-liste-sib', { liste });
    expect(joined.statusCode).toBe(200);
    const body = z.parse(ToggleListeSibResponse, joined.json());
    expect(body.status).toBe(200);
    expect(body.listes_sib.find((l) => l.id === liste)?.inscrit).toBe(true);
    expect((await getProfile()).listes_sib.find((l) => l.id === liste)?.inscrit).toBe(true);
    expect((await getProfile(other)).listes_sib.find((l) => l.id === liste)?.inscrit).toBe(false);
    const left = z.parse(
      ToggleListeSibResponse,
      (await post('/api/user/toggle-liste-sib', { liste })).json(),
    );
    expect(left.listes_sib.find((l) => l.id === liste)?.inscrit).toBe(false);
  });

  it('answers 404 for an unknown list, 400 for a bad id, 401 without a user', async () => {
    const res = await post('/api/user/toggle-liste-sib', { liste: 999 });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).message).toBe("Aucune liste de diffusion ne porte l'identifiant 999.");
    expect((await post('/api/user/toggle-liste-sib', { liste: 'x' })).statusCode).toBe(400);
    expect((await post('/api/user/toggle-liste-sib', { liste: 1 }, null)).statusCode).toBe(401);
  });
});

describe('POST /api/user/edit-push', () => {
  const sub = (endpoint: string) => ({
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
      auth: Buffer.alloc(16, 3).toString('base64url'),
    },
  });
  const FCM = 'https://fcm.googleapis.com/fcm/send/abc:def';

  it('stores a web subscription (as JSON text or object) once, android/ios tokens too, and removes them', async () => {
    const edit = (body: Record<string, unknown>, t = token) => post('/api/user/edit-push', body, t);
    const res = await edit({ type: 'web', registrationId: JSON.stringify(sub(FCM)) });
    expect(res.statusCode).toBe(200);
    expect(z.parse(StatusResponse, res.json())).toEqual({ status: 200 });
    expect((await edit({ type: 'web', registrationId: sub(FCM) })).statusCode).toBe(200);
    expect((await getProfile()).nb_push).toBe(1);
    expect((await edit({ type: 'android', registrationId: 'fcm-token:APA91bH_x-y.z' })).statusCode).toBe(200);
    expect((await edit({ type: 'ios', registrationId: 'a1b2c3d4e5f60718' })).statusCode).toBe(200);
    expect((await getProfile()).nb_push).toBe(3);
    const stored = await ctx.db.db
      .selectFrom('push_registration')
      .select(['type', 'registration_id'])
      .orderBy('type')
      .execute();
    expect(stored.map((r) => r.type)).toEqual(['android', 'ios', 'web']);
    expect(JSON.parse(stored[2]?.registration_id ?? '{}')).toEqual(sub(FCM));

    // The same browser signed in with another account now notifies that account.
    expect((await edit({ type: 'web', registrationId: sub(FCM) }, other)).statusCode).toBe(200);
    expect((await getProfile()).nb_push).toBe(2);
    expect((await getProfile(other)).nb_push).toBe(1);
    expect((await edit({ type: 'web', registrationId: sub(FCM), active: false }, other)).statusCode).toBe(
      200,
    );
    expect((await getProfile(other)).nb_push).toBe(0);
    expect((await edit({ type: 'ios', registrationId: 'a1b2c3d4e5f60718', active: false })).statusCode).toBe(
      200,
    );
    expect((await getProfile()).nb_push).toBe(1);
  });

  it.each([
    ['text that is not JSON', 'web', 'pas du json', /JSON de PushSubscription/],
    ['a subscription without keys', 'web', JSON.stringify({ endpoint: FCM }), /Abonnement Web Push invalide/],
    [
      'keys of the wrong size',
      'web',
      JSON.stringify({ ...sub(FCM), keys: { p256dh: 'AAAA', auth: 'AAAA' } }),
      /clés/,
    ],
    [
      'an endpoint on another host',
      'web',
      JSON.stringify(sub('https://intranet.example/push')),
      /pas pris en charge/,
    ],
    [
      'an http endpoint',
      'web',
      JSON.stringify(sub('http://fcm.googleapis.com/fcm/send/x')),
      /pas pris en charge/,
    ],
    ['an ios token with odd characters', 'ios', 'jeton <script>', /appareil ios est invalide/],
  ])('refuses %s (400)', async (_label, type, registrationId, message) => {
    const res = await post('/api/user/edit-push', { type, registrationId });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.registrationId?.[0]).toMatch(message);
  });

  it('refuses an unknown type and answers 401 without a user', async () => {
    expect((await post('/api/user/edit-push', { type: 'windows', registrationId: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await post('/api/user/edit-push', { type: 'web', registrationId: sub(FCM) }, null)).statusCode,
    ).toBe(401);
  });
});
