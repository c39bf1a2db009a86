/**
 * Account rules: registration and e-mail verification, sign-in with its rate limits, password reset and change,
 * the user's details, deletion. Where docs/requirements.md is silent, the behaviour is dj-rest-auth / django-allauth's
 * (docs/decisions/030–039).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_PATTERN,
  type LoginResponse,
  type UserDetails,
} from '@limni/shared/contracts/account';
import type { AppDeps } from '../../deps';
import { removeUploads } from '../../data/uploads';
import { singleScript, usernameSquelette } from '../../lib/squelette';
import type { AuthService, AuthUser } from '../../http/auth';
import { badRequest, notFound } from '../../http/errors';
import { champ, type Texte } from '../../http/texte';
import { ACCOUNT } from './account.messages';
import { RateLimiter, reseauClient, type LimitPolicy } from '../../http/limiter';
import type { MailMessage } from '../../notify/mail';
import {
  emailChangedNotice,
  emailChangeMail,
  mailLangue,
  type MailLangue,
  passwordChangedMail,
  passwordResetMail,
  resetLink,
  RESET_TTL_MS,
  verificationLink,
  verificationMail,
  VERIFICATION_TTL_MS,
} from './account-mails';
import * as repo from './account.repo';
import { argon2Options, hashPassword, validatePassword, verifyNothing, verifyPassword } from './passwords';

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
} satisfies Record<string, LimitPolicy>;

/**
 * A session that signed in longer ago than this must give its current password to change the e-mail address
 * (docs/decisions/103); changing the password always asks for it.
 */
export const RECENT_SIGN_IN_MS = 10 * MINUTE;

/** Waits before trying a mail again (docs/decisions/108): three attempts within about a second. */
export const MAIL_RETRY_DELAYS_MS = [250, 1000];

/** An unverified account signing in gets a new link at most this often. */
const RESEND_VERIFICATION_AFTER_MS = 10 * MINUTE;

const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;

/** Collects field errors and throws them as one 400 whose message is the first one. */
class FieldErrors {
  readonly fields: Record<string, Texte[]> = {};
  add(field: string, message: Texte): void {
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
    errors.add(field, ACCOUNT.required);
    return '';
  }
  return value;
}

function checkUsernameFormat(errors: FieldErrors, username: string): void {
  if (username.length > USERNAME_MAX_LENGTH) errors.add('username', ACCOUNT.usernameTooLong);
  else if (!USERNAME_PATTERN.test(username)) errors.add('username', ACCOUNT.usernameInvalid);
  else if (!singleScript(username)) errors.add('username', ACCOUNT.usernameMixedScripts);
}

function checkEmailFormat(errors: FieldErrors, field: string, email: string): void {
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.add(field, ACCOUNT.invalidEmail);
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
  /** argon2id's cost: production's, or the least one under NODE_ENV=test (docs/decisions/130). */
  private readonly hashing;

  constructor(
    private readonly deps: AppDeps,
    private readonly auth: AuthService,
    private readonly log: FastifyBaseLogger,
  ) {
    this.db = deps.db.db;
    this.limiter = new RateLimiter(this.db, deps.now);
    this.hashing = argon2Options(deps.env.NODE_ENV);
  }

  private now(): number {
    return this.deps.now();
  }

  /**
   * Why another account bars this username: the same name (case aside) or a look-alike (docs/decisions/160); null
   * when none does. Either answer tells what « this name is taken » already told: that some account holds a name.
   */
  private async usernameConflict(username: string, exceptId?: number): Promise<Texte | null> {
    if (await repo.usernameTaken(this.db, username, exceptId)) return ACCOUNT.usernameTaken;
    if (await repo.usernameLookalike(this.db, username, exceptId)) return ACCOUNT.usernameLookalike;
    return null;
  }

  /**
   * Sends a mail, trying again after a short wait when the transport fails (SMTP refusal, outbox disk full…);
   * false when it could not be handed over at all, logged (the account change is already committed).
   */
  private async send(message: MailMessage): Promise<boolean> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.deps.mailer.send(message);
        return true;
      } catch (err) {
        if (attempt >= MAIL_RETRY_DELAYS_MS.length) {
          this.log.error({ err, subject: message.subject, attempts: attempt + 1 }, 'E-mail non envoyé');
          return false;
        }
        await new Promise((r) => setTimeout(r, MAIL_RETRY_DELAYS_MS[attempt]));
      }
    }
  }

  /** Sends a mail after the answer (its time must not tell anything); `idle()` waits for it. */
  private sendLater(message: MailMessage): void {
    const p: Promise<unknown> = this.send(message).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when every mail sent in the background has left (used on close and by tests). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Registration and verification.

  /**
   * Creates the account and sends its verification link; `mailSent` false when the mail could not be handed to
   * the transport (docs/decisions/108): the link is then forgotten, so that signing in asks for a new one at once.
   */
  async register(
    body: { username?: string; email?: string; password1?: string; password2?: string },
    ip: string,
    langue: MailLangue = 'fr',
  ): Promise<{ mailSent: boolean }> {
    await this.limiter.consume(LIMITS.registrationIp, reseauClient(ip));
    const errors = new FieldErrors();
    const username = requireField(errors, 'username', body.username?.trim());
    const email = repo.normalizeEmail(requireField(errors, 'email', body.email?.trim()));
    const password1 = requireField(errors, 'password1', body.password1);
    const password2 = requireField(errors, 'password2', body.password2);
    if (username) {
      checkUsernameFormat(errors, username);
      const conflict = errors.has('username') ? null : await this.usernameConflict(username);
      if (conflict) errors.add('username', conflict);
    }
    if (email) {
      checkEmailFormat(errors, 'email', email);
      if (!errors.has('email') && (await repo.emailTaken(this.db, email))) {
        errors.add('email', ACCOUNT.emailTaken);
      }
    }
    if (password1) {
      for (const p of validatePassword(password1, { username, email })) errors.add('password1', p);
    }
    if (password1 && password2 && password1 !== password2) {
      errors.add('non_field_errors', ACCOUNT.passwordMismatch);
    }
    errors.throwIfAny();

    const passwordHash = await hashPassword(password1, this.hashing);
    const now = this.now();
    let key: string;
    try {
      key = await repo.registerUser(
        this.db,
        { username, email, passwordHash, now, langue },
        VERIFICATION_TTL_MS,
      );
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another registration took the name (or a look-alike) or the address in the meantime.
      const again = new FieldErrors();
      const conflict = await this.usernameConflict(username);
      if (conflict) again.add('username', conflict);
      if (await repo.emailTaken(this.db, email)) again.add('email', ACCOUNT.emailTaken);
      again.throwIfAny();
      throw err;
    }
    const sent = await this.send(
      verificationMail(email, username, verificationLink(this.deps.env.PUBLIC_URL, key), langue),
    );
    if (!sent) await repo.forgetEmailVerification(this.db, key);
    return { mailSent: sent };
  }

  async verifyEmail(key: string | undefined): Promise<void> {
    const errors = new FieldErrors();
    const value = requireField(errors, 'key', key?.trim());
    errors.throwIfAny();
    const now = this.now();
    const row = await repo.findEmailVerification(this.db, value);
    const invalid = () => badRequest(ACCOUNT.badVerificationKey, champ('key', ACCOUNT.badVerificationKey));
    if (!row || row.used_at !== null || row.expires_at <= now) throw invalid();
    const user = await repo.findUserById(this.db, row.user_id);
    if (!user) throw invalid();
    const change = row.email !== user.email;
    if (change && (await repo.emailTaken(this.db, row.email, user.id))) {
      throw badRequest(ACCOUNT.emailTaken, champ('email', ACCOUNT.emailTaken));
    }
    // Other links (older addresses, duplicates) stop working once an address is confirmed.
    const confirmed = await repo
      .confirmEmail(this.db, { keyHash: row.key_hash, userId: user.id, email: row.email, now })
      .catch((err: unknown) => {
        // Another account confirmed the same address at the same moment.
        if (isUniqueViolation(err)) throw badRequest(ACCOUNT.emailTaken, champ('email', ACCOUNT.emailTaken));
        throw err;
      });
    if (!confirmed) throw invalid();
    if (change) {
      await this.send(emailChangedNotice(user.email, user.username, row.email, now, mailLangue(user.langue)));
    }
  }

  // -------------------------------------------------------------------------------------------------------------
  // Sign-in and sign-out.

  async login(body: { username?: string; password?: string }, ip: string): Promise<LoginResponse> {
    const errors = new FieldErrors();
    const identifier = requireField(errors, 'username', body.username?.trim());
    const password = requireField(errors, 'password', body.password);
    errors.throwIfAny();

    const user = await repo.findUserByLogin(this.db, identifier);
    const accountKey = user ? `user:${user.id}` : `login:${identifier.toLowerCase()}`;
    const ipEvent = await this.limiter.consume(LIMITS.loginIp, reseauClient(ip));
    let accountEvent: number;
    try {
      accountEvent = await this.limiter.consume(LIMITS.loginAccount, accountKey);
    } catch (err) {
      await this.limiter.release(ipEvent);
      throw err;
    }
    const ok = user
      ? await verifyPassword(user.password_hash, password)
      : await verifyNothing(password, this.hashing);
    if (!user || !ok || user.is_active !== 1) {
      throw badRequest(ACCOUNT.badCredentials, champ('non_field_errors', ACCOUNT.badCredentials));
    }
    // A successful sign-in is not a failure: take both events back.
    await this.limiter.release(ipEvent);
    await this.limiter.release(accountEvent);
    if (user.email_verified !== 1) {
      const message = (await this.resendVerification(user))
        ? ACCOUNT.notVerified
        : ACCOUNT.notVerifiedMailFailed;
      throw badRequest(message, champ('non_field_errors', message));
    }
    const { token } = await this.auth.signIn(user);
    const details = await repo.userDetails(this.db, user.id, this.now());
    if (!details) throw notFound();
    return { token, user: details };
  }

  /** Sends a new link unless a recent one left; false when that mail could not be sent (the key is forgotten). */
  private async resendVerification(user: repo.UserRow): Promise<boolean> {
    const now = this.now();
    const pending = await repo.latestPendingVerification(this.db, user.id, now);
    if (pending && pending.email === user.email && pending.created_at > now - RESEND_VERIFICATION_AFTER_MS) {
      return true;
    }
    const key = await repo.createEmailVerification(this.db, user.id, user.email, now, VERIFICATION_TTL_MS);
    const sent = await this.send(
      verificationMail(
        user.email,
        user.username,
        verificationLink(this.deps.env.PUBLIC_URL, key),
        mailLangue(user.langue),
      ),
    );
    if (!sent) await repo.forgetEmailVerification(this.db, key);
    return sent;
  }

  async logout(user: AuthUser | null): Promise<void> {
    if (user) await this.auth.revokeSession(user.sid);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Passwords.

  /**
   * Always the same answer, in the same time: whether the address is known is looked up after the answer has left
   * (the work before it is the same for every address), and the mail (if any) leaves after that. `idle()` waits.
   */
  async requestPasswordReset(emailInput: string | undefined, ip: string): Promise<void> {
    await this.limiter.consume(LIMITS.resetIp, reseauClient(ip));
    const errors = new FieldErrors();
    const email = repo.normalizeEmail(requireField(errors, 'email', emailInput?.trim()));
    if (email) checkEmailFormat(errors, 'email', email);
    errors.throwIfAny();
    const p: Promise<unknown> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.startPasswordReset(email))
      .catch((err: unknown) => this.log.error({ err }, 'Réinitialisation du mot de passe non commencée'))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** The part of a reset request that depends on the address: a token and its mail for an active account. */
  private async startPasswordReset(email: string): Promise<void> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user || user.is_active !== 1) return;
    try {
      await this.limiter.consume(LIMITS.resetAccount, `user:${user.id}`);
    } catch {
      return; // Enough reset e-mails for this account for now; the answer does not change.
    }
    const now = this.now();
    const token = await repo.startPasswordReset(this.db, user.id, now, RESET_TTL_MS);
    this.sendLater(
      passwordResetMail(
        user.email,
        user.username,
        resetLink(this.deps.env.PUBLIC_URL, encodeUid(user.id), token),
        mailLangue(user.langue),
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
    const invalidLink = () => badRequest(ACCOUNT.badResetLink, champ('token', ACCOUNT.badResetLink));
    const userId = decodeUid(uid);
    const user = userId === null ? undefined : await repo.findUserById(this.db, userId);
    if (!user) throw invalidLink();
    const now = this.now();
    if (!(await repo.passwordResetValid(this.db, user.id, token, now))) throw invalidLink();
    for (const p of validatePassword(password1, user)) errors.add('new_password1', p);
    if (password1 !== password2) errors.add('new_password2', ACCOUNT.passwordMismatch);
    errors.throwIfAny();

    const passwordHash = await hashPassword(password1, this.hashing);
    // Following the mailed link proves the address: it is confirmed too.
    const reset = await repo.resetPassword(this.db, { userId: user.id, token, passwordHash, now });
    if (!reset) throw invalidLink();
    await this.limiter.clear(LIMITS.loginAccount, `user:${user.id}`);
    await this.send(passwordChangedMail(user.email, user.username, now, true, mailLangue(user.langue)));
  }

  /**
   * Checks the current password of a signed-in user; a wrong one counts as a failed sign-in of the account
   * (docs/decisions/103).
   */
  private async checkCurrentPassword(user: repo.UserRow, given: string): Promise<void> {
    const event = await this.limiter.consume(LIMITS.loginAccount, `user:${user.id}`);
    if (!(await verifyPassword(user.password_hash, given))) {
      throw badRequest(ACCOUNT.badOldPassword, champ('old_password', ACCOUNT.badOldPassword));
    }
    await this.limiter.release(event);
  }

  /** The current password is required (docs/decisions/103: a stolen token alone cannot take the account). */
  async changePassword(
    authUser: AuthUser,
    body: { password1?: string; password2?: string; old_password?: string },
  ): Promise<void> {
    const user = await repo.findUserById(this.db, authUser.id);
    if (!user) throw notFound();
    const errors = new FieldErrors();
    const oldPassword = body.old_password ?? '';
    if (oldPassword.length === 0) errors.add('old_password', ACCOUNT.oldPasswordRequired);
    const password1 = requireField(errors, 'password1', body.password1);
    const password2 = requireField(errors, 'password2', body.password2);
    errors.throwIfAny();
    await this.checkCurrentPassword(user, oldPassword);
    for (const p of validatePassword(password1, user)) errors.add('password1', p);
    if (password1 !== password2) errors.add('password2', ACCOUNT.passwordMismatch);
    errors.throwIfAny();
    const passwordHash = await hashPassword(password1, this.hashing);
    const now = this.now();
    await repo.changePassword(this.db, { userId: user.id, passwordHash, now, keepSid: authUser.sid });
    await this.send(passwordChangedMail(user.email, user.username, now, false, mailLangue(user.langue)));
  }

  // -------------------------------------------------------------------------------------------------------------
  // The user's details.

  async details(userId: number): Promise<UserDetails> {
    const d = await repo.userDetails(this.db, userId, this.now());
    if (!d) throw notFound(ACCOUNT.compteSupprime);
    return d;
  }

  async updateDetails(
    authUser: AuthUser,
    body: {
      username?: string;
      email?: string;
      first_name?: string;
      last_name?: string;
      old_password?: string;
    },
  ): Promise<UserDetails> {
    const user = await repo.findUserById(this.db, authUser.id);
    if (!user) throw notFound(ACCOUNT.compteSupprime);
    const errors = new FieldErrors();
    const changes: repo.UserChanges = {};
    if (body.username !== undefined) {
      const username = requireField(errors, 'username', body.username.trim());
      if (username && username !== user.username) {
        checkUsernameFormat(errors, username);
        const conflict = errors.has('username') ? null : await this.usernameConflict(username, user.id);
        if (conflict) errors.add('username', conflict);
        changes.username = username;
        changes.username_key = repo.usernameKey(username);
        changes.username_squelette = usernameSquelette(username);
      }
    }
    for (const f of ['first_name', 'last_name'] as const) {
      const v = body[f]?.trim();
      if (v === undefined) continue;
      if (v.length > NAME_MAX_LENGTH) errors.add(f, ACCOUNT.nameTooLong);
      else changes[f] = v;
    }
    let newEmail: string | null = null;
    if (body.email !== undefined) {
      const email = repo.normalizeEmail(requireField(errors, 'email', body.email.trim()));
      if (email && email !== user.email) {
        checkEmailFormat(errors, 'email', email);
        if (!errors.has('email') && (await repo.emailTaken(this.db, email, user.id))) {
          errors.add('email', ACCOUNT.emailTaken);
        }
        newEmail = email;
      }
    }
    if (newEmail && !body.old_password && this.now() - authUser.signedInAt > RECENT_SIGN_IN_MS) {
      errors.add('old_password', ACCOUNT.emailNeedsPassword);
    }
    errors.throwIfAny();
    if (newEmail && body.old_password) await this.checkCurrentPassword(user, body.old_password);
    if (newEmail) await this.limiter.consume(LIMITS.emailChange, `user:${user.id}`);
    const now = this.now();
    let key: string | null = null;
    try {
      key = await repo.updateUser(this.db, {
        userId: user.id,
        changes,
        newEmail,
        now,
        verificationTtlMs: VERIFICATION_TTL_MS,
      });
    } catch (err) {
      if (isUniqueViolation(err)) {
        // Another account took the name (or a look-alike) in the meantime.
        const name = changes.username ?? user.username;
        const conflict = (await this.usernameConflict(name, user.id)) ?? ACCOUNT.usernameTaken;
        throw badRequest(conflict, champ('username', conflict));
      }
      throw err;
    }
    if (newEmail && key) {
      const name = changes.username ?? user.username;
      await this.send(
        emailChangeMail(
          newEmail,
          name,
          verificationLink(this.deps.env.PUBLIC_URL, key),
          mailLangue(user.langue),
        ),
      );
    }
    return this.details(user.id);
  }

  // -------------------------------------------------------------------------------------------------------------
  // Deletion.

  /** Erases the account and its personal data; the files go once the rows are gone. */
  async deleteAccount(authUser: AuthUser): Promise<void> {
    const files = await repo.deleteAccount(this.db, authUser.id);
    await removeUploads(this.deps.env.DATA_DIR, files);
  }
}
