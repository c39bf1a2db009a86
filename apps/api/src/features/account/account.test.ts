import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  DetailResponse,
  LoginResponse,
  RegistrationErrorBody,
  StatusResponse,
  TokenResponse,
  UserDetails,
} from '@limni/shared/contracts/account';
import { ErrorBody } from '@limni/shared/contracts/common';
import {
  freshIp,
  json,
  linkIn,
  login,
  mailsTo,
  NEW_PASSWORD,
  PASSWORD,
  register,
  signedUpUser,
  verificationKey,
  waitForMail,
} from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { lieuIdByCode } from '../../../test/referentiel';
import { ACCESS_TOKEN_TTL_S } from '../../http/auth';
import { ACCOUNT } from './account.messages';

const DAY = 24 * 3600 * 1000;
let clock = Date.now();
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
});
afterAll(async () => ctx.close());

const post = (url: string, payload?: unknown, token?: string, ip = freshIp()) =>
  ctx.request({ method: 'POST', url, payload: payload as Record<string, unknown>, token, remoteAddress: ip });
const errorOf = (res: { json: () => unknown }) => z.parse(ErrorBody, res.json()).error;

describe('POST /api/registration/rest/', () => {
  it('creates the account (201), mails a verification link to /user/register/{key}, key stored hashed', async () => {
    const res = await register(ctx, {
      username: 'Camille',
      email: 'Camille@Exemple.fr',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    expect(z.parse(DetailResponse, res.json()).detail).toBe(ACCOUNT.registered.fr);
    const mail = mailsTo(ctx, 'camille@exemple.fr').pop();
    expect(mail?.subject).toBe('Confirmez votre adresse e-mail – Limni');
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
    const link = linkIn(mail as { raw: string }, '/user/register/');
    expect(link.origin).toBe(ctx.deps.env.PUBLIC_URL);
    const key = verificationKey(ctx, 'camille@exemple.fr');
    const rows = await ctx.db.db.selectFrom('email_verification').select('key_hash').execute();
    expect(rows.some((r) => r.key_hash === key)).toBe(false);
    const user = await ctx.db.db
      .selectFrom('user')
      .select(['email', 'email_verified', 'password_hash'])
      .where('username', '=', 'Camille')
      .executeTakeFirstOrThrow();
    expect(user.email).toBe('camille@exemple.fr');
    expect(user.email_verified).toBe(0);
    // argon2id, at the test cost here (NODE_ENV=test); production's cost is checked in passwords.test.ts.
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
  });

  it('answers field errors at the top level and in error.fields, in French', async () => {
    const res = await register(ctx, {});
    expect(res.statusCode).toBe(400);
    const body = z.parse(RegistrationErrorBody, res.json());
    for (const f of ['username', 'email', 'password1', 'password2'] as const) {
      expect(body[f]).toEqual([ACCOUNT.required.fr]);
      expect(body.error.fields?.[f]).toEqual([ACCOUNT.required.fr]);
    }
    expect(body.error.code).toBe('validation');
  });

  it('says that the e-mail address and the username are taken (case-insensitively)', async () => {
    const res = await register(ctx, {
      username: 'CAMILLE',
      email: 'CAMILLE@exemple.fr',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    const body = z.parse(RegistrationErrorBody, res.json());
    expect(body.email).toEqual([ACCOUNT.emailTaken.fr]);
    expect(body.username).toEqual([ACCOUNT.usernameTaken.fr]);
  });

  it.each([
    [
      'a short password',
      'court',
      'password1',
      'Ce mot de passe est trop court. Il doit contenir au minimum 10 caractères.',
    ],
    ['a common password', 'azertyuiop', 'password1', 'Ce mot de passe est trop courant.'],
    ['a common word with digits', 'Marseille2024!', 'password1', 'Ce mot de passe est trop courant.'],
    ['an all-digits password', '48151623424815', 'password1', 'Ce mot de passe est entièrement numérique.'],
    [
      'a password like the username',
      'dominique-riviere',
      'password1',
      'Le mot de passe est trop semblable au champ « nom d’utilisateur ».',
    ],
  ])('refuses %s', async (_label, password, field, message) => {
    const res = await register(ctx, {
      username: 'dominique_riviere',
      email: 'dominique@exemple.fr',
      password1: password,
      password2: password,
    });
    expect(res.statusCode).toBe(400);
    const body = z.parse(RegistrationErrorBody, res.json());
    expect(body[field as 'password1']).toContain(message);
  });

  it('refuses two different passwords (non_field_errors), an invalid e-mail and an invalid username', async () => {
    const res = await register(ctx, {
      username: 'pas valide!',
      email: 'pas-une-adresse',
      password1: PASSWORD,
      password2: `${PASSWORD}x`,
    });
    expect(res.statusCode).toBe(400);
    const body = z.parse(RegistrationErrorBody, res.json());
    expect(body.non_field_errors).toEqual([ACCOUNT.passwordMismatch.fr]);
    expect(body.email).toEqual([ACCOUNT.invalidEmail.fr]);
    expect(body.username).toEqual([ACCOUNT.usernameInvalid.fr]);
  });

  it('limits registrations per IP address (429 after 20 an hour)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await register(ctx, {}, ip)).statusCode).toBe(400);
    const res = await register(ctx, {}, ip);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toMatchObject({ code: 'rate_limited' });
    expect(errorOf(res).message).toMatch(/^Trop de tentatives/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(ctx, {}, freshIp())).statusCode).toBe(400);
  });
});

describe('POST /api/registration/rest/verify-email/', () => {
  it('activates the account once; the same key again, an unknown key or an expired one → 400', async () => {
    await register(ctx, {
      username: 'Lou',
      email: 'lou@exemple.fr',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    const key = verificationKey(ctx, 'lou@exemple.fr');
    expect((await login(ctx, 'lou', PASSWORD)).statusCode).toBe(400);
    const ok = await post('/api/registration/rest/verify-email/', { key });
    expect(ok.statusCode).toBe(200);
    expect(z.parse(DetailResponse, ok.json()).detail).toBe(ACCOUNT.verified.fr);
    expect((await login(ctx, 'lou', PASSWORD)).statusCode).toBe(200);

    const again = await post('/api/registration/rest/verify-email/', { key });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).fields?.key).toEqual([ACCOUNT.badVerificationKey.fr]);
    expect((await post('/api/registration/rest/verify-email/', { key: 'inconnue' })).statusCode).toBe(400);
    expect(errorOf(await post('/api/registration/rest/verify-email/', {})).fields?.key).toEqual([
      ACCOUNT.required.fr,
    ]);

    await register(ctx, {
      username: 'Tard',
      email: 'tard@exemple.fr',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    const late = verificationKey(ctx, 'tard@exemple.fr');
    clock += 3 * DAY + 1000;
    try {
      const expired = await post('/api/registration/rest/verify-email/', { key: late });
      expect(expired.statusCode).toBe(400);
      expect(errorOf(expired).message).toBe(ACCOUNT.badVerificationKey.fr);
    } finally {
      clock -= 3 * DAY + 1000;
    }
  });
});

describe('POST /api/auth/rest/login/', () => {
  let camilleVerified = false;
  const verifyCamille = async () => {
    if (camilleVerified) return;
    await post('/api/registration/rest/verify-email/', { key: verificationKey(ctx, 'camille@exemple.fr') });
    camilleVerified = true;
  };

  it('signs in by username or e-mail: {token, user}; the token carries only id, username and session', async () => {
    await verifyCamille();
    for (const id of ['camille', 'CAMILLE@exemple.fr']) {
      const res = await login(ctx, id, PASSWORD);
      expect(res.statusCode).toBe(200);
      const body = z.parse(LoginResponse, res.json());
      expect(body.user).toMatchObject({
        username: 'Camille',
        email: 'camille@exemple.fr',
        pending_email: null,
      });
      const payload = JSON.parse(
        Buffer.from(body.token.split('.')[1] ?? '', 'base64url').toString(),
      ) as Record<string, unknown>;
      expect(Object.keys(payload).sort()).toEqual([
        'exp',
        'iat',
        'jti',
        'orig_iat',
        'sid',
        'sub',
        'username',
      ]);
      expect(payload).toMatchObject({ sub: String(body.user.id), username: 'Camille' });
      expect(Number(payload.exp) - Number(payload.iat)).toBe(ACCESS_TOKEN_TTL_S);
    }
  });

  it('answers one generic French message for a wrong password or an unknown account', async () => {
    const wrong = await login(ctx, 'camille', 'mauvais-mot-de-passe');
    const unknown = await login(ctx, 'personne', 'mauvais-mot-de-passe');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(errorOf(wrong)).toEqual({
      code: 'validation',
      message: ACCOUNT.badCredentials.fr,
      fields: { non_field_errors: [ACCOUNT.badCredentials.fr] },
    });
    const missing = await post('/api/auth/rest/login/', {});
    expect(errorOf(missing).fields).toEqual({
      username: [ACCOUNT.required.fr],
      password: [ACCOUNT.required.fr],
    });
  });

  it('refuses an unverified account and mails a new link (not more than one per 10 minutes)', async () => {
    await register(ctx, {
      username: 'Noa',
      email: 'noa@exemple.fr',
      password1: PASSWORD,
      password2: PASSWORD,
    });
    expect(mailsTo(ctx, 'noa@exemple.fr')).toHaveLength(1);
    const res = await login(ctx, 'noa', PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(ACCOUNT.notVerified.fr);
    expect(mailsTo(ctx, 'noa@exemple.fr')).toHaveLength(1);
    clock += 11 * 60_000;
    await login(ctx, 'noa', PASSWORD);
    expect(mailsTo(ctx, 'noa@exemple.fr')).toHaveLength(2);
    const key = verificationKey(ctx, 'noa@exemple.fr');
    expect((await post('/api/registration/rest/verify-email/', { key })).statusCode).toBe(200);
  });

  it('answers 429 to the 11th wrong sign-in within a minute from one IP address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await login(ctx, `inconnu${i}`, 'mauvais-mot-de-passe', ip)).statusCode).toBe(400);
    }
    const res = await login(ctx, 'camille', PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('rate_limited');
    expect(errorOf(res).message).toMatch(/^Trop de tentatives\. Merci de réessayer dans \d+ s\.$/);
    expect((await login(ctx, 'camille', PASSWORD, freshIp())).statusCode).toBe(200);
    clock += 61_000;
    expect((await login(ctx, 'camille', PASSWORD, ip)).statusCode).toBe(200);
  });

  it('answers 429 to the 11th wrong sign-in within a minute on one account, whatever the IP', async () => {
    await signedUpUser(ctx, 'Cible');
    for (let i = 0; i < 10; i++) {
      expect((await login(ctx, 'cible', 'mauvais-mot-de-passe', freshIp())).statusCode).toBe(400);
    }
    expect((await login(ctx, 'cible@exemple.fr', PASSWORD, freshIp())).statusCode).toBe(429);
    clock += 61_000;
    expect((await login(ctx, 'cible', PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const ip = freshIp();
    for (let i = 0; i < 12; i++) expect((await login(ctx, 'camille', PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('tokens: token-verify, token-refresh, logout, revocation', () => {
  it('verifies and refreshes a valid token; refresh is refused 7 days after sign-in', async () => {
    const start = clock;
    const { token } = await signedUpUser(ctx, 'Jeton');
    const verify = await post('/api/user/token-verify', { token });
    expect(verify.statusCode).toBe(200);
    expect(z.parse(TokenResponse, verify.json()).token).toBe(token);

    clock += 50 * 60_000;
    const refreshed = z.parse(TokenResponse, (await post('/api/user/token-refresh', { token })).json()).token;
    expect(refreshed).not.toBe(token);
    clock += 50 * 60_000;
    // The first token expired (1 h); the refreshed one is valid.
    expect((await post('/api/user/token-verify', { token })).statusCode).toBe(401);
    expect((await post('/api/user/token-verify', { token: refreshed })).statusCode).toBe(200);
    // Refreshing every 55 minutes works for 7 days after the sign-in, then sign-in is needed again.
    let current = refreshed;
    for (;;) {
      const res = await post('/api/user/token-refresh', { token: current });
      expect(res.statusCode).toBe(200);
      current = z.parse(TokenResponse, res.json()).token;
      if (clock + 55 * 60_000 >= start + 7 * DAY) break;
      clock += 55 * 60_000;
    }
    // The last token is a few minutes old, but the sign-in is more than 7 days old.
    clock = start + 7 * DAY + 60_000;
    const tooOld = await post('/api/user/token-refresh', { token: current });
    expect(tooOld.statusCode).toBe(401);
    expect(errorOf(tooOld).code).toBe('unauthorized');
  });

  it('rejects a tampered token with 401 on every path', async () => {
    const { token } = await signedUpUser(ctx, 'Falsifie');
    const [h, p, s] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${s}`;
    const badSig = `${h}.${p}.${s.slice(0, 10)}${s[10] === 'a' ? 'b' : 'a'}${s.slice(11)}`;
    for (const t of [forged, badSig, 'pas.un.jeton', `${h}.${p}.`]) {
      expect((await post('/api/user/token-verify', { token: t })).statusCode).toBe(401);
      expect((await post('/api/user/token-refresh', { token: t })).statusCode).toBe(401);
      const res = await ctx.request({ url: '/api/auth/rest/user/', token: t });
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe('Session invalide ou expirée : merci de vous reconnecter.');
    }
  });

  it('logout revokes the token server-side (verify, refresh and every authenticated path → 401)', async () => {
    const { token } = await signedUpUser(ctx, 'Sortie');
    const other = json<{ token: string }>(await login(ctx, 'sortie', PASSWORD)).token;
    const res = await post('/api/auth/rest/logout/', undefined, token);
    expect(res.statusCode).toBe(200);
    expect(z.parse(DetailResponse, res.json()).detail).toBe(ACCOUNT.loggedOut.fr);
    expect((await post('/api/user/token-verify', { token })).statusCode).toBe(401);
    expect((await post('/api/user/token-refresh', { token })).statusCode).toBe(401);
    expect((await ctx.request({ url: '/api/auth/rest/user/', token })).statusCode).toBe(401);
    expect((await post('/api/user/delete', undefined, token)).statusCode).toBe(401);
    // Another sign-in of the same account is another session.
    expect((await ctx.request({ url: '/api/auth/rest/user/', token: other })).statusCode).toBe(200);
    // Without a token there is nothing to revoke; with a revoked one, 401.
    expect((await post('/api/auth/rest/logout/')).statusCode).toBe(200);
    expect((await post('/api/auth/rest/logout/', undefined, token)).statusCode).toBe(401);
  });

  it('refuses state-changing requests without the CSRF header', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/rest/login/',
      payload: { username: 'camille', password: PASSWORD },
    });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).message).toMatch(/CSRF/);
  });
});

describe('password reset', () => {
  it('answers a known and an unknown e-mail address identically', async () => {
    await signedUpUser(ctx, 'Oubli');
    const known = await post('/api/auth/rest/password/reset/', { email: 'oubli@exemple.fr' });
    const unknown = await post('/api/auth/rest/password/reset/', { email: 'personne@exemple.fr' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const headers = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => !['date', 'set-cookie'].includes(k))
        .sort()
        .map((k) => `${k}: ${String(h[k])}`);
    expect(headers(known.headers)).toEqual(headers(unknown.headers));
    expect(z.parse(DetailResponse, known.json()).detail).toBe(ACCOUNT.resetSent.fr);
    await waitForMail(ctx, (m) => m.to.includes('oubli@exemple.fr') && /Réinitialisation/.test(m.subject));
    expect(mailsTo(ctx, 'personne@exemple.fr')).toHaveLength(0);
    expect(
      errorOf(await post('/api/auth/rest/password/reset/', { email: 'pas-une-adresse' })).fields,
    ).toEqual({
      email: [ACCOUNT.invalidEmail.fr],
    });
  });

  it('confirms once through the mailed link, revokes every token, and mails a notice', async () => {
    const { token } = await signedUpUser(ctx, 'Reprise');
    await post('/api/auth/rest/password/reset/', { email: 'reprise@exemple.fr' });
    const mail = await waitForMail(
      ctx,
      (m) => m.to.includes('reprise@exemple.fr') && /Réinitialisation/.test(m.subject),
    );
    const link = linkIn(mail, '/user/password_reset/');
    const [, , , uid, resetToken] = link.pathname.split('/');
    const confirm = (payload: Record<string, unknown>) =>
      post('/api/auth/rest/password/reset/confirm/', payload);

    const mismatch = await confirm({
      uid,
      token: resetToken,
      new_password1: NEW_PASSWORD,
      new_password2: 'autre',
    });
    expect(errorOf(mismatch).fields).toEqual({ new_password2: [ACCOUNT.passwordMismatch.fr] });
    const weak = await confirm({
      uid,
      token: resetToken,
      new_password1: 'azertyuiop',
      new_password2: 'azertyuiop',
    });
    expect(errorOf(weak).fields?.new_password1).toEqual(['Ce mot de passe est trop courant.']);
    const wrongUid = await confirm({
      uid: 'MQ',
      token: resetToken,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(errorOf(wrongUid).fields).toEqual({ token: [ACCOUNT.badResetLink.fr] });
    expect(errorOf(await confirm({})).fields).toEqual({
      uid: [ACCOUNT.required.fr],
      token: [ACCOUNT.required.fr],
      new_password1: [ACCOUNT.required.fr],
      new_password2: [ACCOUNT.required.fr],
    });

    const ok = await confirm({
      uid,
      token: resetToken,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(z.parse(DetailResponse, ok.json()).detail).toBe(ACCOUNT.resetDone.fr);
    const again = await confirm({ uid, token: resetToken, new_password1: PASSWORD, new_password2: PASSWORD });
    expect(errorOf(again).fields).toEqual({ token: [ACCOUNT.badResetLink.fr] });

    expect((await post('/api/user/token-verify', { token })).statusCode).toBe(401);
    expect((await login(ctx, 'reprise', PASSWORD)).statusCode).toBe(400);
    expect((await login(ctx, 'reprise', NEW_PASSWORD)).statusCode).toBe(200);
    expect(mailsTo(ctx, 'reprise@exemple.fr').pop()?.subject).toBe(
      'Votre mot de passe a été modifié – Limni',
    );
  });

  it('expires the link after 24 hours; a newer request replaces the older link', async () => {
    await signedUpUser(ctx, 'Delai');
    const requestLink = async () => {
      const before = mailsTo(ctx, 'delai@exemple.fr').length;
      await post('/api/auth/rest/password/reset/', { email: 'delai@exemple.fr' });
      const deadline = Date.now() + 5000;
      while (mailsTo(ctx, 'delai@exemple.fr').length === before && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const [, , , uid, token] = linkIn(
        mailsTo(ctx, 'delai@exemple.fr').pop() as { raw: string },
        '/user/password_reset/',
      ).pathname.split('/');
      return { uid, token, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD };
    };
    const first = await requestLink();
    const second = await requestLink();
    expect((await post('/api/auth/rest/password/reset/confirm/', first)).statusCode).toBe(400);
    clock += DAY + 1000;
    const expired = await post('/api/auth/rest/password/reset/confirm/', second);
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired).fields).toEqual({ token: [ACCOUNT.badResetLink.fr] });
  });

  it('limits reset requests per IP (429 after 10 an hour) and reset e-mails per account (3 an hour)', async () => {
    await signedUpUser(ctx, 'Bombarde');
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await post('/api/auth/rest/password/reset/', { email: 'bombarde@exemple.fr' }, undefined, ip))
          .statusCode,
      ).toBe(200);
    }
    const res = await post('/api/auth/rest/password/reset/', { email: 'bombarde@exemple.fr' }, undefined, ip);
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('rate_limited');
    const resets = () =>
      mailsTo(ctx, 'bombarde@exemple.fr').filter((m) => /Réinitialisation/.test(m.subject));
    const deadline = Date.now() + 5000;
    while (resets().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 300));
    expect(resets()).toHaveLength(3);
  });
});

describe('POST /api/auth/rest/password/change/', () => {
  it('needs a signed-in user', async () => {
    const res = await post('/api/auth/rest/password/change/', {
      password1: NEW_PASSWORD,
      password2: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });

  it('changes the password, keeps this session, revokes the others, mails a notice', async () => {
    const { token } = await signedUpUser(ctx, 'Change');
    const other = json<{ token: string }>(await login(ctx, 'change', PASSWORD)).token;
    const change = (payload: Record<string, unknown>) =>
      post('/api/auth/rest/password/change/', payload, token);

    expect(errorOf(await change({})).fields).toEqual({
      old_password: [ACCOUNT.oldPasswordRequired.fr],
      password1: [ACCOUNT.required.fr],
      password2: [ACCOUNT.required.fr],
    });
    expect(
      errorOf(await change({ password1: NEW_PASSWORD, password2: 'autre', old_password: PASSWORD })).fields,
    ).toEqual({ password2: [ACCOUNT.passwordMismatch.fr] });
    expect(
      errorOf(
        await change({ password1: 'change-change', password2: 'change-change', old_password: PASSWORD }),
      ).fields?.password1,
    ).toContain('Le mot de passe est trop semblable au champ « nom d’utilisateur ».');
    expect(
      errorOf(await change({ password1: NEW_PASSWORD, password2: NEW_PASSWORD, old_password: 'faux' }))
        .fields,
    ).toEqual({ old_password: [ACCOUNT.badOldPassword.fr] });

    const ok = await change({ password1: NEW_PASSWORD, password2: NEW_PASSWORD, old_password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(z.parse(DetailResponse, ok.json()).detail).toBe(ACCOUNT.passwordChanged.fr);
    expect((await post('/api/user/token-verify', { token })).statusCode).toBe(200);
    expect((await post('/api/user/token-verify', { token: other })).statusCode).toBe(401);
    expect((await login(ctx, 'change', PASSWORD)).statusCode).toBe(400);
    expect((await login(ctx, 'change', NEW_PASSWORD)).statusCode).toBe(200);
    const notice = mailsTo(ctx, 'change@exemple.fr').pop();
    expect(notice?.subject).toBe('Votre mot de passe a été modifié – Limni');
    expect(notice?.raw).toMatch(/Vos autres sessions ont été fermées/);
  });
});

describe('a stolen token alone cannot take the account (docs/decisions/103, issue D1)', () => {
  it('refuses a new password without the current one, whatever the age of the session', async () => {
    const { token } = await signedUpUser(ctx, 'Voleee');
    const res = await post(
      '/api/auth/rest/password/change/',
      { password1: NEW_PASSWORD, password2: NEW_PASSWORD },
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toEqual({ old_password: [ACCOUNT.oldPasswordRequired.fr] });
    // Nothing changed: the old password still signs in, the new one does not.
    expect((await login(ctx, 'voleee', PASSWORD)).statusCode).toBe(200);
    expect((await login(ctx, 'voleee', NEW_PASSWORD)).statusCode).toBe(400);
  });

  it('asks for the current password to change the e-mail address 10 minutes after signing in', async () => {
    const { token } = await signedUpUser(ctx, 'Ancienne');
    const patch = (payload: Record<string, unknown>) =>
      ctx.request({ method: 'PATCH', url: '/api/auth/rest/user/', payload, token });
    clock += 10 * 60_000 + 1000;
    const refused = await patch({ email: 'pirate@exemple.fr' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).fields).toEqual({ old_password: [ACCOUNT.emailNeedsPassword.fr] });
    const wrong = await patch({ email: 'pirate@exemple.fr', old_password: 'faux' });
    expect(errorOf(wrong).fields).toEqual({ old_password: [ACCOUNT.badOldPassword.fr] });
    expect(mailsTo(ctx, 'pirate@exemple.fr')).toHaveLength(0);
    // A refreshed token is not a new sign-in.
    const refreshed = json<{ token: string }>(await post('/api/user/token-refresh', { token })).token;
    const stillRefused = await ctx.request({
      method: 'PATCH',
      url: '/api/auth/rest/user/',
      payload: { email: 'pirate@exemple.fr' },
      token: refreshed,
    });
    expect(errorOf(stillRefused).fields).toEqual({ old_password: [ACCOUNT.emailNeedsPassword.fr] });
    // Other details need no password; the address does with it.
    expect((await patch({ first_name: 'Anne' })).statusCode).toBe(200);
    const ok = await patch({ email: 'anne@exemple.fr', old_password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(z.parse(UserDetails, ok.json()).pending_email).toBe('anne@exemple.fr');
  });
});

describe('GET, PATCH /api/auth/rest/user/', () => {
  it('needs a signed-in user', async () => {
    expect((await ctx.request({ url: '/api/auth/rest/user/' })).statusCode).toBe(401);
    expect(
      (await ctx.request({ method: 'PATCH', url: '/api/auth/rest/user/', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('reads and updates username, first and last name', async () => {
    const { token } = await signedUpUser(ctx, 'Profil');
    const got = z.parse(UserDetails, (await ctx.request({ url: '/api/auth/rest/user/', token })).json());
    expect(got).toMatchObject({
      username: 'Profil',
      email: 'profil@exemple.fr',
      first_name: '',
      last_name: '',
    });
    const patch = (payload: Record<string, unknown>) =>
      ctx.request({ method: 'PATCH', url: '/api/auth/rest/user/', payload, token });
    const res = await patch({ username: 'Profil2', first_name: ' Jeanne ', last_name: 'Barret' });
    expect(res.statusCode).toBe(200);
    expect(z.parse(UserDetails, res.json())).toMatchObject({
      username: 'Profil2',
      first_name: 'Jeanne',
      last_name: 'Barret',
    });
    expect((await login(ctx, 'profil2', PASSWORD)).statusCode).toBe(200);
    expect(errorOf(await patch({ username: 'camille' })).fields).toEqual({
      username: [ACCOUNT.usernameTaken.fr],
    });
    expect(errorOf(await patch({ username: 'a b' })).fields).toEqual({
      username: [ACCOUNT.usernameInvalid.fr],
    });
    expect(errorOf(await patch({ first_name: 'x'.repeat(151) })).fields).toEqual({
      first_name: [ACCOUNT.nameTooLong.fr],
    });
    expect(errorOf(await patch({ email: 'camille@exemple.fr' })).fields).toEqual({
      email: [ACCOUNT.emailTaken.fr],
    });
    expect(errorOf(await patch({ email: 'invalide' })).fields).toEqual({ email: [ACCOUNT.invalidEmail.fr] });
  });

  it('changes the e-mail address only once the new one is confirmed, and tells the old one', async () => {
    const { token } = await signedUpUser(ctx, 'Demenage');
    const res = await ctx.request({
      method: 'PATCH',
      url: '/api/auth/rest/user/',
      payload: { email: 'Nouvelle@Exemple.fr' },
      token,
    });
    expect(z.parse(UserDetails, res.json())).toMatchObject({
      email: 'demenage@exemple.fr',
      pending_email: 'nouvelle@exemple.fr',
    });
    const mail = mailsTo(ctx, 'nouvelle@exemple.fr').pop();
    expect(mail?.subject).toBe('Confirmez votre nouvelle adresse e-mail – Limni');
    const key = decodeURIComponent(
      linkIn(mail as { raw: string }, '/user/register/')
        .pathname.split('/')
        .pop() ?? '',
    );
    expect((await post('/api/registration/rest/verify-email/', { key })).statusCode).toBe(200);
    const after = z.parse(UserDetails, (await ctx.request({ url: '/api/auth/rest/user/', token })).json());
    expect(after).toMatchObject({ email: 'nouvelle@exemple.fr', pending_email: null });
    expect(mailsTo(ctx, 'demenage@exemple.fr').pop()?.subject).toBe(
      'Votre adresse e-mail a été modifiée – Limni',
    );
    expect((await login(ctx, 'nouvelle@exemple.fr', PASSWORD)).statusCode).toBe(200);
  });
});

describe('POST /api/user/delete', () => {
  it('needs a signed-in user', async () => {
    expect((await post('/api/user/delete')).statusCode).toBe(401);
  });

  it('erases the account and its personal data, revokes every token: {status: 200}', async () => {
    const { token, id } = await signedUpUser(ctx, 'Depart');
    const other = json<{ token: string }>(await login(ctx, 'depart', PASSWORD)).token;
    await ctx.db.db
      .insertInto('abonnement')
      .values({ user_id: id, lieu_id: await lieuIdByCode(ctx, 'O200004001'), actif: 1, created_at: clock })
      .execute();
    const res = await post('/api/user/delete', undefined, token);
    expect(res.statusCode).toBe(200);
    expect(z.parse(StatusResponse, res.json())).toEqual({ status: 200 });
    for (const t of [token, other]) {
      expect((await post('/api/user/token-verify', { token: t })).statusCode).toBe(401);
    }
    expect((await login(ctx, 'depart', PASSWORD)).statusCode).toBe(400);
    const db = ctx.db.db;
    expect(await db.selectFrom('user').select('id').where('id', '=', id).execute()).toHaveLength(0);
    for (const table of ['profile', 'session', 'abonnement', 'email_verification'] as const) {
      const rows = await db.selectFrom(table).select('user_id').where('user_id', '=', id).execute();
      expect(rows, table).toHaveLength(0);
    }
  });
});
