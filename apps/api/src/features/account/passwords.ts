/**
 * Password hashing and rules (docs/decisions/032). argon2id with the parameters set explicitly (the library's
 * defaults are weaker): m = 64 MiB, t = 3, p = 4. Rules: the shared ones (length ≥ 10, not only digits, not
 * similar to the username or e-mail) plus the list of common passwords shipped in `apps/api/assets/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { commonPasswordForms, passwordProblems, type PasswordContext } from '@limni/shared/domain/password';
import { apiPackageDir } from '../../lib/paths';

/** `Algorithm.Argon2id` (a `const enum`, which isolated modules cannot import as a value). */
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS: Readonly<Options> = Object.freeze({
  algorithm: ARGON2ID,
  memoryCost: 64 * 1024,
  timeCost: 3,
  parallelism: 4,
});

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;
/**
 * Spends the time of one verification when there is no account to check, so that the answer time does not tell
 * whether an account exists.
 */
export async function verifyNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('limni-pas-de-compte-correspondant');
  await verifyPassword(await dummyHash, password);
  return false;
}

export const COMMON_PASSWORDS_FILE = path.join('assets', 'common-passwords.txt');
let common: Set<string> | null = null;

/** The common passwords (lower-cased), read once. */
export function commonPasswords(): Set<string> {
  if (!common) {
    const text = fs.readFileSync(path.join(apiPackageDir(), COMMON_PASSWORDS_FILE), 'utf8');
    common = new Set(
      text
        .split('\n')
        .map((l) => l.replace(/\r$/, ''))
        .filter((l) => l.length > 0 && !l.startsWith('#')),
    );
  }
  return common;
}

export const TOO_COMMON = 'Ce mot de passe est trop courant.';

/** Every problem of a new password, in French; empty when it is acceptable. */
export function validatePassword(password: string, context: PasswordContext): string[] {
  const problems = passwordProblems(password, context);
  const list = commonPasswords();
  if (commonPasswordForms(password).some((form) => list.has(form))) problems.push(TOO_COMMON);
  return problems;
}
