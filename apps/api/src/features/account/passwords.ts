/**
 * Password hashing and rules (docs/decisions/032). argon2id with the parameters set explicitly (the library's
 * defaults are weaker): m = 64 MiB, t = 3, p = 4 — except when NODE_ENV is `test`, where it is argon2id at its
 * least cost, as Django, Laravel and Rails do in their test settings (docs/decisions/130). Rules: the shared ones (length ≥ 10, not only digits, not
 * similar to the username or e-mail) plus the list of common passwords shipped in `apps/api/assets/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import { commonPasswordForms, passwordProblems, type PasswordContext } from '@limni/shared/domain/password';
import { apiPackageDir } from '../../lib/paths';
import { texte, type Texte } from '../../http/texte';

/** `Algorithm.Argon2id` (a `const enum`, which isolated modules cannot import as a value). */
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS: Readonly<Options> = Object.freeze({
  algorithm: ARGON2ID,
  memoryCost: 64 * 1024,
  timeCost: 3,
  parallelism: 4,
});

/**
 * NODE_ENV=test only (the API tests and the browser tests' server): the same algorithm and code path at the least
 * cost, so that the suites' hundreds of sign-ups and sign-ins do not spend minutes hashing. Verification reads the
 * parameters from the stored hash, so either kind verifies anywhere.
 */
export const ARGON2_TEST_OPTIONS: Readonly<Options> = Object.freeze({
  algorithm: ARGON2ID,
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
});

/** The hashing cost of an app: production's everywhere but in tests. */
export function argon2Options(nodeEnv: 'development' | 'production' | 'test'): Readonly<Options> {
  return nodeEnv === 'test' ? ARGON2_TEST_OPTIONS : ARGON2_OPTIONS;
}

export function hashPassword(password: string, options: Readonly<Options> = ARGON2_OPTIONS): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const dummyHashes = new Map<Readonly<Options>, Promise<string>>();
/**
 * Spends the time of one verification when there is no account to check, so that the answer time does not tell
 * whether an account exists: a hash of the same cost as the accounts' (`options`).
 */
export async function verifyNothing(
  password: string,
  options: Readonly<Options> = ARGON2_OPTIONS,
): Promise<false> {
  let dummy = dummyHashes.get(options);
  if (!dummy) {
    dummy = hashPassword('limni-pas-de-compte-correspondant', options);
    dummyHashes.set(options, dummy);
  }
  await verifyPassword(await dummy, password);
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

export const TOO_COMMON = texte('Ce mot de passe est trop courant.', 'This password is too common.');

/** Every problem of a new password, in both languages; empty when it is acceptable. */
export function validatePassword(password: string, context: PasswordContext): Texte[] {
  const en = passwordProblems(password, context, 'en');
  const problems = passwordProblems(password, context).map((fr, i) => texte(fr, en[i] ?? fr));
  const list = commonPasswords();
  if (commonPasswordForms(password).some((form) => list.has(form))) problems.push(TOO_COMMON);
  return problems;
}
