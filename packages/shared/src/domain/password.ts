/**
 * Password rules shared by the API (authoritative) and the web app (live hints): at least 10 characters, not
 * only digits, not too similar to the username or the e-mail address. The "too common" rule needs the list of
 * common passwords and runs on the server only (apps/api/assets/common-passwords.txt).
 * Messages follow Django's French translations (the original site's stack, docs/decisions/032).
 */

export const PASSWORD_MIN_LENGTH = 10;
/** Longer inputs are refused before hashing (argon2 would accept them, but nobody types 4 KB). */
export const PASSWORD_MAX_LENGTH = 4096;
/** Django's UserAttributeSimilarityValidator default. */
export const MAX_SIMILARITY = 0.7;

export interface PasswordContext {
  username?: string | null;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

const ATTRIBUTE_LABELS: Record<keyof PasswordContext, string> = {
  username: 'nom d’utilisateur',
  email: 'adresse e-mail',
  first_name: 'prénom',
  last_name: 'nom',
};

const ATTRIBUTE_LABELS_EN: Record<keyof PasswordContext, string> = {
  username: 'username',
  email: 'e-mail address',
  first_name: 'first name',
  last_name: 'last name',
};

/** difflib.SequenceMatcher.quick_ratio: 2·M/T where M counts common characters regardless of order. */
export function quickRatio(a: string, b: string): number {
  const total = a.length + b.length;
  if (total === 0) return 1;
  const avail = new Map<string, number>();
  for (const ch of b) avail.set(ch, (avail.get(ch) ?? 0) + 1);
  let matches = 0;
  for (const ch of a) {
    const n = avail.get(ch) ?? 0;
    if (n > 0) {
      matches++;
      avail.set(ch, n - 1);
    }
  }
  return (2 * matches) / total;
}

/**
 * Django's UserAttributeSimilarityValidator (quick ratio ≥ 0.7 against the attribute and each of its parts split
 * on non-word characters), plus: the password contains an attribute part of 4 characters or more.
 * Returns the first attribute the password is too close to, or null.
 */
export function similarAttribute(password: string, context: PasswordContext): keyof PasswordContext | null {
  const pwd = password.toLowerCase();
  for (const key of Object.keys(ATTRIBUTE_LABELS) as (keyof PasswordContext)[]) {
    const value = context[key];
    if (!value) continue;
    const lower = value.toLowerCase();
    const parts = [...lower.split(/[^\p{L}\p{N}_]+/u), lower].filter((p) => p.length > 0);
    for (const part of parts) {
      if (part.length >= 4 && pwd.includes(part)) return key;
      // Django skips values that are much shorter than the password.
      const boundedOut = pwd.length >= 10 * part.length && part.length < (MAX_SIMILARITY / 2) * pwd.length;
      if (!boundedOut && quickRatio(pwd, part) >= MAX_SIMILARITY) return key;
    }
  }
  return null;
}

/** Every rule but the common-password list, in French or English; empty when the password is acceptable. */
export function passwordProblems(
  password: string,
  context: PasswordContext = {},
  langue: 'fr' | 'en' = 'fr',
): string[] {
  const en = langue === 'en';
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push(
      en
        ? `This password is too short. It must contain at least ${PASSWORD_MIN_LENGTH} characters.`
        : `Ce mot de passe est trop court. Il doit contenir au minimum ${PASSWORD_MIN_LENGTH} caractères.`,
    );
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    problems.push(
      en
        ? `This password is too long (${PASSWORD_MAX_LENGTH} characters at most).`
        : `Ce mot de passe est trop long (${PASSWORD_MAX_LENGTH} caractères au maximum).`,
    );
  }
  if (/^\d+$/.test(password)) {
    problems.push(en ? 'This password is entirely numeric.' : 'Ce mot de passe est entièrement numérique.');
  }
  const similar = similarAttribute(password, context);
  if (similar) {
    problems.push(
      en
        ? `The password is too similar to the “${ATTRIBUTE_LABELS_EN[similar]}” field.`
        : `Le mot de passe est trop semblable au champ « ${ATTRIBUTE_LABELS[similar]} ».`,
    );
  }
  return problems;
}

/**
 * The forms a password takes when looked up in the common list: lower-cased, and stripped of the digits and
 * symbols people add around a word ("Marseille2024!" → "marseille").
 */
export function commonPasswordForms(password: string): string[] {
  const lower = password.toLowerCase();
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return core.length >= 4 && core !== lower ? [lower, core] : [lower];
}
