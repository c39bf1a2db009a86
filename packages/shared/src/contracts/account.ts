/**
 * Contracts of the account API (docs/requirements.md R10.5): sign-in, registration, e-mail verification, password reset and change,
 * the user's details and the tokens. Paths and payload names are the original site's (dj-rest-auth's); answers follow
 * docs/decisions/030–039.
 *
 * Form errors are `{ error: { code: 'validation', message, fields } }` where `fields` uses the payload's names
 * plus `non_field_errors` (as Django REST framework); registration also repeats them at the top level
 * (`email`, `username`, …) as docs/requirements.md R10.2 requires.
 */
import * as z from 'zod/mini';
import { ErrorBody } from './common';

export const USERNAME_MAX_LENGTH = 150;
export const NAME_MAX_LENGTH = 150;
export const EMAIL_MAX_LENGTH = 254;

/** Letters (any script), digits and . + - _ ; no "@", so that a username never looks like an e-mail address. */
export const USERNAME_PATTERN = /^[\p{L}\p{N}.+_-]+$/u;

/** `{ detail }`: the French sentence shown after a successful form. */
export const DetailResponse = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof DetailResponse>;

/** `{ status: 200 }` (docs/requirements.md R10.5: user/delete is a success when `status` is 200). */
export const StatusResponse = z.object({ status: z.literal(200) });
export type StatusResponse = z.infer<typeof StatusResponse>;

/** The signed-in user (dj-rest-auth's UserDetailsSerializer; `id` is its `pk`, the token's `sub`). */
export const UserDetails = z.object({
  id: z.int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  /** A new address waiting for its confirmation link to be followed, else null. */
  pending_email: z.nullable(z.string()),
});
export type UserDetails = z.infer<typeof UserDetails>;

// Bodies are typed loosely (strings, possibly missing): the server answers Django-like field errors itself.
const field = z.optional(z.string().check(z.maxLength(4096, 'Ce champ est trop long.')));

/** `POST auth/rest/login/`: `username` is the username or the e-mail address. */
export const LoginBody = z.object({ username: field, password: field });
export type LoginBody = z.infer<typeof LoginBody>;
export const LoginResponse = z.object({ token: z.string(), user: UserDetails });
export type LoginResponse = z.infer<typeof LoginResponse>;

/** `POST registration/rest/` → 201 `RegistrationResponse` and a verification e-mail. */
export const RegistrationBody = z.object({
  username: field,
  email: field,
  password1: field,
  password2: field,
});
export type RegistrationBody = z.infer<typeof RegistrationBody>;

/**
 * 201 of a registration: `email_envoye` is false when the verification e-mail could not be sent (the account
 * exists; signing in asks for a new link, docs/decisions/108), and `detail` says so.
 */
export const RegistrationResponse = z.object({ detail: z.string(), email_envoye: z.boolean() });
export type RegistrationResponse = z.infer<typeof RegistrationResponse>;

const messages = z.optional(z.array(z.string()));
/** Registration failure: the usual error body plus the field messages at the top level (docs/requirements.md R8.2). */
export const RegistrationErrorBody = z.extend(ErrorBody, {
  username: messages,
  email: messages,
  password1: messages,
  password2: messages,
  non_field_errors: messages,
});
export type RegistrationErrorBody = z.infer<typeof RegistrationErrorBody>;

/** `POST registration/rest/verify-email/` (the key of the link `/user/register/{key}`). */
export const VerifyEmailBody = z.object({ key: field });
export type VerifyEmailBody = z.infer<typeof VerifyEmailBody>;

/** `POST auth/rest/password/reset/`: always the same answer. */
export const PasswordResetBody = z.object({ email: field });
export type PasswordResetBody = z.infer<typeof PasswordResetBody>;

/** `POST auth/rest/password/reset/confirm/` (uid and token of the link `/user/password_reset/{uid}/{token}`). */
export const PasswordResetConfirmBody = z.object({
  uid: field,
  token: field,
  new_password1: field,
  new_password2: field,
});
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

/** `POST auth/rest/password/change/` (signed in); `old_password` is required (docs/decisions/103). */
export const PasswordChangeBody = z.object({ password1: field, password2: field, old_password: field });
export type PasswordChangeBody = z.infer<typeof PasswordChangeBody>;

/**
 * `PATCH auth/rest/user/`: a new e-mail address takes effect once confirmed through the mailed link; changing it
 * more than 10 minutes after signing in needs `old_password`, the current password (docs/decisions/103).
 */
export const UserPatchBody = z.object({
  username: field,
  email: field,
  first_name: field,
  last_name: field,
  old_password: field,
});
export type UserPatchBody = z.infer<typeof UserPatchBody>;

/** `POST user/token-verify` and `POST user/token-refresh` take and return `{ token }`. */
export const TokenBody = z.object({ token: z.string().check(z.maxLength(4096)) });
export type TokenBody = z.infer<typeof TokenBody>;
export const TokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponse>;
