/**
 * Account rules: registration and e-mail verification, sign-in with its rate limits, password reset and change,
 * the user's details, deletion. Where the spec is silent, the behaviour is dj-rest-auth / django-allauth's
 * (docs/decisions/030–039).
 */
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { Transaction } from 'kysely';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
  type LoginResponse,
  type UserDetails,
} from '@limni/shared/contracts/account';
import type { AppDeps } from '../../app';
import { removeUploads } from '../../data/uploads';
import type { Database } from '../../db/schema';
import type { AuthService, AuthUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { RateLimiter, type LimitRule } from '../../http/limiter';
import type { MailMessage } from '../../notify/mail';
import {
  emailChangedNotice,
  emailChangeMail,
  passwordChangedMail,
  passwordResetMail,
  resetLink,
  RESET_TTL_MS,
  verificationLink,
  verificationMail,
  VERIFICATION_TTL_MS,
} from './account.mails';
import * as repo from './account.repo';
import { hashPassword, validatePassword, verifyNothing, verifyPassword } from './passwords';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** Failed sign-ins per IP address. */
  loginIp: { bucket: 'login-ip', max: 10, windowMs: MINUTE },
  /** Failed sign-ins per account (or per unknown identifier). */
  loginAccount: { bucket: 'login-account', max: 10, windowMs: MINUTE },
  /** Registration attempts per IP address (valid or not: each one may probe whether an address is taken). */
  registrationIp: { bucket: 'registration-ip', max: 20, windowMs: HOUR },
  /** Reset requests per IP address. */
  resetIp: { bucket: 'reset-ip', max: 10, windowMs: HOUR },
  /** Reset e-mails per account: beyond it, the answer is the same but no e-mail leaves. */
  resetAccount: { bucket: 'reset-account', max: 3, windowMs: HOUR },
  /** Confirmation e-mails for a new address, per account. */
  emailChange: { bucket: 'email-change', max: 5, windowMs: HOUR },
} satisfies Record<string, LimitRule>;

/** An unverified account signing in gets a new link at most this often. */
const RESEND_VERIFICATION_AFTER_MS = 10 * MINUTE;

export const MESSAGES = {
  required: 'Ce champ est obligatoire.',
  invalidEmail: 'Saisissez une adresse e-mail valide.',
  emailTaken: 'Un autre utilisateur utilise déjà cette adresse e-mail.',
  usernameTaken: 'Un utilisateur avec ce nom existe déjà.',
  usernameInvalid:
    'Saisissez un nom d’utilisateur valide : lettres, chiffres et les caractères « . », « + », « - » et « _ » uniquement.',
  usernameTooLong: `Le nom d’utilisateur ne doit pas dépasser ${USERNAME_MAX_LENGTH} caractères.`,
  nameTooLong: `Ce champ ne doit pas dépasser ${NAME_MAX_LENGTH} caractères.`,
  passwordMismatch: 'Les deux mots de passe ne correspondent pas.',
  badCredentials: 'Identifiant ou mot de passe incorrect.',
  notVerified:
    'Votre adresse e-mail n’est pas encore confirmée : suivez le lien de l’e-mail de vérification (un nouveau lien vient de vous être envoyé s’il n’y en avait pas de récent).',
  badVerificationKey: 'Ce lien de vérification est invalide, a déjà servi ou a expiré.',
  badResetLink:
    'Ce lien de réinitialisation est invalide, a déjà servi ou a expiré : demandez-en un nouveau.',
  badOldPassword: 'Votre ancien mot de passe est incorrect. Veuillez le rectifier.',
  registered:
    'Inscription enregistrée : un e-mail de vérification vient de vous être envoyé. Suivez son lien pour activer votre compte.',
  verified: 'Votre adresse e-mail est confirmée.',
  resetSent:
    'Si un compte correspond à cette adresse, un e-mail contenant un lien de réinitialisation vient de lui être envoyé.',
  resetDone: 'Votre mot de passe a été réinitialisé : vous pouvez vous connecter avec le nouveau.',
  passwordChanged: 'Le nouveau mot de passe a été enregistré.',
  loggedOut: 'Vous êtes déconnecté.',
} as const;

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** Collects field errors and throws them as one 400 whose message is the first one. */
class FieldErrors {
  readonly fields: Record<string, string[]> = {};
  add(field: string, message: string): void {
    (this.fields[field] ??= []).push(message);
  }
  has(field?: string): boolean {
    return field ? (this.fields[field]?.length ?? 0) > 0 : Object.keys(this.fields).length > 0;
  }
  throwIfAny(): void {
    const first = Object.values(this.fields)[0]?.[0];
    if (first) throw badRequest(first, this.fields);
  }
}

function requireField(errors: FieldErrors, field: string, value: string | undefined): string {
  if (value === undefined || value.length === 0) {
    errors.add(field, MESSAGES.required);
    return '';
  }
  return value;
}

function checkUsernameFormat(errors: FieldErrors, username: string): void {
  if (username.length > USERNAME_MAX_LENGTH) errors.add('username', MESSAGES.usernameTooLong);
  else if (!USERNAME_PATTERN.test(username)) errors.add('username', MESSAGES.usernameInvalid);
}

function checkEmailFormat(errors: FieldErrors, field: string, email: string): void {
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.add(field, MESSAGES.invalidEmail);
}

/** `uid` of a reset link: the user id in base64url, as Django's urlsafe_base64_encode(force_bytes(pk)). */
export const encodeUid = (id: number) => Buffer.from(String(id)).toString('base64url');
export function decodeUid(uid: string): number | null {
  if (!/^[A-Za-z0-9_-]{1,16}$/.test(uid)) return null;
  const text = Buffer.from(uid, 'base64url').toString('utf8');
  const id = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
  return id !== null && id <= 2_147_483_647 ? id : null;
}

const isUniqueViolation = (err: unknown) =>
  /unique|duplicate key/i.test(err instanceof Error ? err.message : String(err));

export class AccountService {
  private readonly db;
  private readonly limiter: RateLimiter;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: AppDeps,
    private readonly auth: AuthService,
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = deps.db.db;
    this.limiter = new RateLimiter(this.db, deps.now);
  }

  private now(): number {
    return this.deps.now();
  }

  /** Sends a mail; failures are logged (the account change is already committed). */
  private async send(message: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(message);
    } catch (err) {
      this.log.error({ err, subject: message.subject }, 'E-mail non envoyé');
    }
  }

  /** Sends a mail after the answer (its time must not tell anything); `idle()` waits for it. */
  private sendLater(message: MailMessage): void {
    const p = this.send(message).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when every mail sent in the background has left (used on close and by tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Registration and verification.

  async register(
    body: { username?: string; email?: string; password1?: string; password2?: string },
    ip: string,
    reply: FastifyReply,
  ): Promise<void> {
    await this.limiter.consume(LIMITS.registrationIp, ip, reply);
    const errors = new FieldErrors();
    const username = requireField(errors, 'username', body.username?.trim());
    const email = repo.normalizeEmail(requireField(errors, 'email', body.email?.trim()));
    const password1 = requireField(errors, 'password1', body.password1);
    const password2 = requireField(errors, 'password2', body.password2);
    if (username) {
      checkUsernameFormat(errors, username);
      if (!errors.has('username') && (await repo.usernameTaken(this.db, username))) {
        errors.add('username', MESSAGES.usernameTaken);
      }
    }
    if (email) {
      checkEmailFormat(errors, 'email', email);
      if (!errors.has('email') && (await repo.emailTaken(this.db, email))) {
        errors.add('email', MESSAGES.emailTaken);
      }
    }
    if (password1) {
      for (const p of validatePassword(password1, { username, email })) errors.add('password1', p);
    }
    if (password1 && password2 && password1 !== password2) {
      errors.add('non_field_errors', MESSAGES.passwordMismatch);
    }
    errors.throwIfAny();

    const passwordHash = await hashPassword(password1);
    const now = this.now();
    let key: string;
    try {
      key = await this.db.transaction().execute(async (trx) => {
        const id = await repo.createUser(trx, { username, email, passwordHash, now });
        return repo.createEmailVerification(trx, id, email, now, VERIFICATION_TTL_MS);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another registration took the name or the address in the meantime.
      const again = new FieldErrors();
      if (await repo.usernameTaken(this.db, username)) again.add('username', MESSAGES.usernameTaken);
      if (await repo.emailTaken(this.db, email)) again.add('email', MESSAGES.emailTaken);
      again.throwIfAny();
      throw err;
    }
    await this.send(verificationMail(email, username, verificationLink(this.deps.env.PUBLIC_URL, key)));
  }

  async verifyEmail(key: string | undefined): Promise<void> {
    const errors = new FieldErrors();
    const value = requireField(errors, 'key', key?.trim());
    errors.throwIfAny();
    const now = this.now();
    const row = await repo.findEmailVerification(this.db, value);
    const invalid = () => badRequest(MESSAGES.badVerificationKey, { key: [MESSAGES.badVerificationKey] });
    if (!row || row.used_at !== null || row.expires_at <= now) throw invalid();
    const user = await repo.findUserById(this.db, row.user_id);
    if (!user) throw invalid();
    const change = row.email !== user.email;
    if (change && (await repo.emailTaken(this.db, row.email, user.id))) {
      throw badRequest(MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
    }
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (!(await repo.useEmailVerification(trx, row.key_hash, now))) throw invalid();
        await trx
          .updateTable('user')
          .set({ email: row.email, email_verified: 1, updated_at: now })
          .where('id', '=', user.id)
          .execute();
        // Other links (older addresses, duplicates) stop working once an address is confirmed.
        await repo.closeEmailVerifications(trx, user.id, now);
      })
      .catch((err: unknown) => {
        // Another account confirmed the same address at the same moment.
        if (isUniqueViolation(err)) throw badRequest(MESSAGES.emailTaken, { email: [MESSAGES.emailTaken] });
        throw err;
      });
    if (change) await this.send(emailChangedNotice(user.email, user.username, row.email, now));
  }

  // -------------------------------------------------------------------------------------------------------------
  // Sign-in and sign-out.

  async login(
    body: { username?: string; password?: string },
    ip: string,
    reply: FastifyReply,
  ): Promise<LoginResponse> {
    const errors = new FieldErrors();
    const identifier = requireField(errors, 'username', body.username?.trim());
    const password = requireField(errors, 'password', body.password);
    errors.throwIfAny();

    const user = await repo.findUserByLogin(this.db, identifier);
    const accountKey = user ? `user:${user.id}` : `login:${identifier.toLowerCase()}`;
    const ipEvent = await this.limiter.consume(LIMITS.loginIp, ip, reply);
    let accountEvent: number;
    try {
      accountEvent = await this.limiter.consume(LIMITS.loginAccount, accountKey, reply);
    } catch (err) {
      await this.limiter.release(ipEvent);
      throw err;
    }
    const ok = user ? await verifyPassword(user.password_hash, password) : await verifyNothing(password);
    if (!user || !ok || user.is_active !== 1) {
      throw badRequest(MESSAGES.badCredentials, { non_field_errors: [MESSAGES.badCredentials] });
    }
    // A successful sign-in is not a failure: take both events back.
    await this.limiter.release(ipEvent);
    await this.limiter.release(accountEvent);
    if (user.email_verified !== 1) {
      await this.resendVerification(user);
      throw badRequest(MESSAGES.notVerified, { non_field_errors: [MESSAGES.notVerified] });
    }
    const { token } = await this.auth.signIn(user);
    const details = await repo.userDetails(this.db, user.id, this.now());
    if (!details) throw notFound();
    return { token, user: details };
  }

  private async resendVerification(user: repo.UserRow): Promise<void> {
    const now = this.now();
    const pending = await repo.latestPendingVerification(this.db, user.id, now);
    if (pending && pending.email === user.email && pending.created_at > now - RESEND_VERIFICATION_AFTER_MS) {
      return;
    }
    const key = await repo.createEmailVerification(this.db, user.id, user.email, now, VERIFICATION_TTL_MS);
    await this.send(
      verificationMail(user.email, user.username, verificationLink(this.deps.env.PUBLIC_URL, key)),
    );
  }

  async logout(user: AuthUser | null): Promise<void> {
    if (user) await this.auth.revokeSession(user.sid);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Passwords.

  /** Always the same answer; the mail (if any) leaves after it. */
  async requestPasswordReset(emailInput: string | undefined, ip: string, reply: FastifyReply): Promise<void> {
    await this.limiter.consume(LIMITS.resetIp, ip, reply);
    const errors = new FieldErrors();
    const email = repo.normalizeEmail(requireField(errors, 'email', emailInput?.trim()));
    if (email) checkEmailFormat(errors, 'email', email);
    errors.throwIfAny();
    const user = await repo.findUserByEmail(this.db, email);
    if (!user || user.is_active !== 1) return;
    try {
      await this.limiter.consume(LIMITS.resetAccount, `user:${user.id}`);
    } catch {
      return; // Enough reset e-mails for this account for now; the answer does not change.
    }
    const now = this.now();
    const token = await this.db
      .transaction()
      .execute((trx) => repo.createPasswordReset(trx, user.id, now, RESET_TTL_MS));
    this.sendLater(
      passwordResetMail(
        user.email,
        user.username,
        resetLink(this.deps.env.PUBLIC_URL, encodeUid(user.id), token),
      ),
    );
  }

  async confirmPasswordReset(body: {
    uid?: string;
    token?: string;
    new_password1?: string;
    new_password2?: string;
  }): Promise<void> {
    const errors = new FieldErrors();
    const uid = requireField(errors, 'uid', body.uid?.trim());
    const token = requireField(errors, 'token', body.token?.trim());
    const password1 = requireField(errors, 'new_password1', body.new_password1);
    const password2 = requireField(errors, 'new_password2', body.new_password2);
    errors.throwIfAny();
    const invalidLink = () => badRequest(MESSAGES.badResetLink, { token: [MESSAGES.badResetLink] });
    const userId = decodeUid(uid);
    const user = userId === null ? undefined : await repo.findUserById(this.db, userId);
    if (!user) throw invalidLink();
    const now = this.now();
    const valid = await this.db
      .selectFrom('password_reset')
      .select('token_hash')
      .where('token_hash', '=', repo.sha256(token))
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!valid) throw invalidLink();
    for (const p of validatePassword(password1, user)) errors.add('new_password1', p);
    if (password1 !== password2) errors.add('new_password2', MESSAGES.passwordMismatch);
    errors.throwIfAny();

    const passwordHash = await hashPassword(password1);
    await this.db.transaction().execute(async (trx) => {
      if (!(await repo.usePasswordReset(trx, user.id, token, now))) throw invalidLink();
      await repo.closePasswordResets(trx, user.id, now);
      await repo.setPassword(trx, user.id, passwordHash, now);
      // Following the mailed link proves the address.
      await trx.updateTable('user').set({ email_verified: 1 }).where('id', '=', user.id).execute();
      await repo.revokeSessions(trx, user.id, now);
    });
    await this.limiter.clear(LIMITS.loginAccount, `user:${user.id}`);
    await this.send(passwordChangedMail(user.email, user.username, now, true));
  }

  async changePassword(
    authUser: AuthUser,
    body: { password1?: string; password2?: string; old_password?: string },
    reply: FastifyReply,
  ): Promise<void> {
    const user = await repo.findUserById(this.db, authUser.id);
    if (!user) throw notFound();
    const errors = new FieldErrors();
    const password1 = requireField(errors, 'password1', body.password1);
    const password2 = requireField(errors, 'password2', body.password2);
    errors.throwIfAny();
    if (body.old_password !== undefined) {
      // A wrong old password counts as a failed sign-in of the account.
      const event = await this.limiter.consume(LIMITS.loginAccount, `user:${user.id}`, reply);
      if (!(await verifyPassword(user.password_hash, body.old_password))) {
        throw badRequest(MESSAGES.badOldPassword, { old_password: [MESSAGES.badOldPassword] });
      }
      await this.limiter.release(event);
    }
    for (const p of validatePassword(password1, user)) errors.add('password1', p);
    if (password1 !== password2) errors.add('password2', MESSAGES.passwordMismatch);
    errors.throwIfAny();
    const passwordHash = await hashPassword(password1);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await repo.setPassword(trx, user.id, passwordHash, now);
      await repo.revokeSessions(trx, user.id, now, authUser.sid);
      await repo.closePasswordResets(trx, user.id, now);
    });
    await this.send(passwordChangedMail(user.email, user.username, now, false));
  }

  // -------------------------------------------------------------------------------------------------------------
  // The user's details.

  async details(userId: number): Promise<UserDetails> {
    const d = await repo.userDetails(this.db, userId, this.now());
    if (!d) throw notFound("Ce compte n'existe plus.");
    return d;
  }

  async updateDetails(
    authUser: AuthUser,
    body: { username?: string; email?: string; first_name?: string; last_name?: string },
    reply: FastifyReply,
  ): Promise<UserDetails> {
    const user = await repo.findUserById(this.db, authUser.id);
    if (!user) throw notFound("Ce compte n'existe plus.");
    const errors = new FieldErrors();
    const changes: Partial<{
      username: string;
      username_key: string;
      first_name: string;
      last_name: string;
    }> = {};
    if (body.username !== undefined) {
      const username = requireField(errors, 'username', body.username.trim());
      if (username && username !== user.username) {
        checkUsernameFormat(errors, username);
        if (!errors.has('username') && (await repo.usernameTaken(this.db, username, user.id))) {
          errors.add('username', MESSAGES.usernameTaken);
        }
        changes.username = username;
        changes.username_key = repo.usernameKey(username);
      }
    }
    for (const f of ['first_name', 'last_name'] as const) {
      const v = body[f]?.trim();
      if (v === undefined) continue;
      if (v.length > NAME_MAX_LENGTH) errors.add(f, MESSAGES.nameTooLong);
      else changes[f] = v;
    }
    let newEmail: string | null = null;
    if (body.email !== undefined) {
      const email = repo.normalizeEmail(requireField(errors, 'email', body.email.trim()));
      if (email && email !== user.email) {
        checkEmailFormat(errors, 'email', email);
        if (!errors.has('email') && (await repo.emailTaken(this.db, email, user.id))) {
          errors.add('email', MESSAGES.emailTaken);
        }
        newEmail = email;
      }
    }
    errors.throwIfAny();
    if (newEmail) await this.limiter.consume(LIMITS.emailChange, `user:${user.id}`, reply);
    const now = this.now();
    let key: string | null = null;
    try {
      key = await this.db.transaction().execute(async (trx: Transaction<Database>) => {
        if (Object.keys(changes).length > 0) {
          await trx
            .updateTable('user')
            .set({ ...changes, updated_at: now })
            .where('id', '=', user.id)
            .execute();
        }
        return newEmail
          ? repo.createEmailVerification(trx, user.id, newEmail, now, VERIFICATION_TTL_MS)
          : null;
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw badRequest(MESSAGES.usernameTaken, { username: [MESSAGES.usernameTaken] });
      }
      throw err;
    }
    if (newEmail && key) {
      const name = changes.username ?? user.username;
      await this.send(emailChangeMail(newEmail, name, verificationLink(this.deps.env.PUBLIC_URL, key)));
    }
    return this.details(user.id);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Deletion.

  /** Erases the account and its personal data; the files go once the rows are gone. */
  async deleteAccount(authUser: AuthUser): Promise<void> {
    const files = await this.db.transaction().execute(async (trx) => {
      const uploads = await repo.userUploads(trx, authUser.id);
      await repo.deleteUser(trx, authUser.id);
      return uploads;
    });
    await removeUploads(this.deps.env.DATA_DIR, files);
  }
}
