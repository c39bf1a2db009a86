/** The client's checks of the account forms (the server checks again) and the shape of field errors. */
import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '@limni/shared/contracts/account';
import { passwordProblems, type PasswordContext } from '@limni/shared/domain/password';
import { currentLangue } from '../../lib/i18n';

export type FieldErrors = Record<string, string[]>;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The client's checks of an e-mail address (the server checks again). */
export function emailErrors(value: string, messages: { required: string; invalid: string }): string[] {
  if (!value) return [messages.required];
  return EMAIL_SHAPE.test(value) ? [] : [messages.invalid];
}

/** The client's checks of a username (the server checks again, with the names taken). */
export function usernameErrors(value: string, messages: { required: string; invalid: string }): string[] {
  if (!value) return [messages.required];
  return value.length > USERNAME_MAX_LENGTH || !USERNAME_PATTERN.test(value) ? [messages.invalid] : [];
}

/** The client's checks of a new password and its confirmation (the server checks again, with its list). */
export function newPasswordErrors(
  password: string,
  confirmation: string,
  context: PasswordContext,
  messages: { required: string; mismatch: string },
): { password: string[]; confirmation: string[] } {
  return {
    password: password ? passwordProblems(password, context, currentLangue()) : [messages.required],
    confirmation: !confirmation
      ? [messages.required]
      : password && confirmation !== password
        ? [messages.mismatch]
        : [],
  };
}

export function countErrors(errors: FieldErrors): number {
  return Object.values(errors).reduce((n, list) => n + list.length, 0);
}

/** Keeps the non-empty lists only. */
export function compactErrors(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, list]) => list.length > 0));
}
