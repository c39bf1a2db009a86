/**
 * Acceptance journey of docs/requirements.md R13 in one go, with the default configuration (mails read from
 * `$DATA_DIR/outbox/`): register → verify → login → token-verify → token-refresh → profile → avatar →
 * subscription create/toggle/stop → mailing list → web push → publication with a photo → password reset through
 * the mailed link → old password fails, new works → delete → login fails.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  DetailResponse,
  LoginResponse,
  StatusResponse,
  TokenResponse,
} from '@limni/shared/contracts/account';
import { AbonnementsResponse } from '@limni/shared/contracts/alertes';
import { AvatarResponse, Profile, ToggleListeSibResponse } from '@limni/shared/contracts/profile';
import { Publication, PublicationsResponse } from '@limni/shared/contracts/publications';
import { linkIn, NEW_PASSWORD, PASSWORD, waitForMail } from '../../../test/accounts';
import { createTestApp, readOutbox, type TestContext } from '../../../test/helpers';
import { lieuIdByCode } from '../../../test/referentiel';
import { browserRegistration } from '../../../test/push-service';
import { formData, jpegWithGps } from '../../../test/uploads';

let ctx: TestContext;
/** The place followed and commented on: La Garonne à Toulouse (Pont-Neuf), O200004001. */
let LIEU: number;
beforeAll(async () => {
  ctx = await createTestApp();
  LIEU = await lieuIdByCode(ctx, 'O200004001');
});
afterAll(async () => ctx.close());

it('register → verify → login → … → reset → delete, through the API and the outbox', async () => {
  expect(ctx.deps.mailer.mode).toBe('outbox');
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token?: string) =>
    ctx.request({ method, url, payload: payload as Record<string, unknown>, token });

  // Register: 201 and a verification mail whose link opens /user/register/{key}.
  const reg = await send('POST', '/api/registration/rest/', {
    username: 'Gaspard',
    email: 'gaspard@exemple.fr',
    password1: PASSWORD,
    password2: PASSWORD,
  });
  expect(reg.statusCode).toBe(201);
  const verification = readOutbox(ctx.dataDir).find((m) => m.to.includes('gaspard@exemple.fr'));
  expect(verification?.file).toMatch(/outbox\/.+\.eml$/);
  const key = decodeURIComponent(
    linkIn(verification as { raw: string }, '/user/register/').pathname.split('/')[3] ?? '',
  );

  // Verify, then sign in.
  expect((await send('POST', '/api/registration/rest/verify-email/', { key })).statusCode).toBe(200);
  const login = await send('POST', '/api/auth/rest/login/', { username: 'gaspard', password: PASSWORD });
  expect(login.statusCode).toBe(200);
  const { token: first, user } = z.parse(LoginResponse, login.json());
  expect(user).toMatchObject({ username: 'Gaspard', email: 'gaspard@exemple.fr' });

  // The web app's start-up: verify the stored token, then refresh it.
  const verified = await send('POST', '/api/user/token-verify', { token: first });
  expect(z.parse(TokenResponse, verified.json())).toEqual({ token: first });
  const refresh = await send('POST', '/api/user/token-refresh', { token: first });
  const { token } = z.parse(TokenResponse, refresh.json());

  // Profile and avatar.
  const profile = z.parse(Profile, (await send('GET', '/api/user/profile', undefined, token)).json());
  expect(profile).toMatchObject({ lieux: [], autorisations: [], avatar: null, acceptPrevisionAlert: false });
  const avatarRes = await ctx.request({
    method: 'PUT',
    url: '/api/user/avatar',
    token,
    ...formData({}, [
      { field: 'avatar', filename: 'moi.jpg', contentType: 'image/jpeg', data: await jpegWithGps() },
    ]),
  });
  const { avatar } = z.parse(AvatarResponse, avatarRes.json());
  const avatarFile = await ctx.request({ url: avatar });
  expect(avatarFile.headers['content-type']).toBe('image/webp');
  expect((await sharp(avatarFile.rawPayload).metadata()).width).toBe(512);

  // Subscriptions: create, toggle, stop.
  const created = z.parse(
    AbonnementsResponse,
    (await send('POST', '/api/user/crea-abonnement', { lieu: LIEU }, token)).json(),
  );
  expect(created.lieux).toEqual([expect.objectContaining({ id: LIEU, actif: true })]);
  const toggled = z.parse(
    AbonnementsResponse,
    (await send('POST', '/api/user/toggle-abonnement', { lieu: LIEU }, token)).json(),
  );
  expect(toggled.lieux[0]?.actif).toBe(false);
  const stopped = z.parse(
    AbonnementsResponse,
    (await send('POST', '/api/user/stop-abonnement', { lieu: LIEU }, token)).json(),
  );
  expect(stopped.lieux).toEqual([]);

  // Mailing list.
  const liste = profile.listes_sib[0]?.id as number;
  const lists = z.parse(
    ToggleListeSibResponse,
    (await send('POST', '/api/user/toggle-liste-sib', { liste }, token)).json(),
  );
  expect(lists).toMatchObject({ status: 200 });
  expect(lists.listes_sib.find((l) => l.id === liste)?.inscrit).toBe(true);

  // Web push registration (a browser's subscription to its push service).
  const pushKeys = browserRegistration().json('https://fcm.googleapis.com/fcm/send/gaspard-navigateur');
  const push = await send(
    'POST',
    '/api/user/edit-push',
    { type: 'web', registrationId: JSON.stringify(pushKeys) },
    token,
  );
  expect(z.parse(StatusResponse, push.json())).toEqual({ status: 200 });

  // Publish with a photo, then see it in the place's publications.
  const published = await ctx.request({
    method: 'POST',
    url: '/api/user/new-publication',
    token,
    ...formData({ lieu: String(LIEU), texte: 'Belle lumière sur la Garonne.' }, [
      { field: 'photo', filename: 'garonne.jpg', contentType: 'image/jpeg', data: await jpegWithGps() },
    ]),
  });
  expect(published.statusCode).toBe(201);
  const publication = z.parse(Publication, published.json());
  const feed = z.parse(
    PublicationsResponse,
    (await send('GET', `/api/hydro/lieu/${LIEU}/publications`)).json(),
  );
  expect(feed[0]).toMatchObject({
    id: publication.id,
    texte: 'Belle lumière sur la Garonne.',
    auteur: { username: 'Gaspard', avatar },
  });
  expect(feed[0]?.photo).toMatch(/^\/api\/uploads\/publications\//);

  // Password reset through the mailed link.
  const reset = await send('POST', '/api/auth/rest/password/reset/', { email: 'gaspard@exemple.fr' });
  z.parse(DetailResponse, reset.json());
  const resetMail = await waitForMail(
    ctx,
    (m) => m.to.includes('gaspard@exemple.fr') && /Réinitialisation/.test(m.subject),
  );
  const [, , , uid, resetToken] = linkIn(resetMail, '/user/password_reset/').pathname.split('/');
  const confirm = await send('POST', '/api/auth/rest/password/reset/confirm/', {
    uid,
    token: resetToken,
    new_password1: NEW_PASSWORD,
    new_password2: NEW_PASSWORD,
  });
  expect(confirm.statusCode).toBe(200);
  expect((await send('POST', '/api/user/token-verify', { token })).statusCode).toBe(401);
  expect(
    (await send('POST', '/api/auth/rest/login/', { username: 'gaspard', password: PASSWORD })).statusCode,
  ).toBe(400);
  const relogin = await send('POST', '/api/auth/rest/login/', {
    username: 'gaspard@exemple.fr',
    password: NEW_PASSWORD,
  });
  expect(relogin.statusCode).toBe(200);
  const { token: latest } = z.parse(LoginResponse, relogin.json());

  // Delete the account: {status: 200}, then signing in fails and the publication is gone.
  const deleted = await send('POST', '/api/user/delete', undefined, latest);
  expect(z.parse(StatusResponse, deleted.json())).toEqual({ status: 200 });
  expect(
    (await send('POST', '/api/auth/rest/login/', { username: 'gaspard', password: NEW_PASSWORD })).statusCode,
  ).toBe(400);
  expect((await send('POST', '/api/user/token-verify', { token: latest })).statusCode).toBe(401);
  const after = z.parse(
    PublicationsResponse,
    (await send('GET', `/api/hydro/lieu/${LIEU}/publications`)).json(),
  );
  expect(after.some((p) => p.id === publication.id)).toBe(false);
  expect((await ctx.request({ url: avatar })).statusCode).toBe(404);
});
