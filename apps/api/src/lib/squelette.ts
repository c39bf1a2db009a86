/**
 * Look-alike usernames (docs/decisions/160), after Unicode's UTS #39 « Unicode Security Mechanisms »:
 * - `skeleton`: the confusable skeleton of section 4, on Unicode's confusables.txt (`confusables/data.ts`);
 * - `usernameSquelette`: what two usernames must not share (stored in `user.username_squelette`, unique);
 * - `singleScript`: the « highly restrictive » level of section 5.2: one script, or Latin with Han and the
 *   Japanese kana, with Han and Bopomofo, or with Han and Hangul.
 */
import { CONFUSABLES, SCRIPT_CODES } from './confusables/data';

const fromHex = (hex: string) =>
  hex
    .split(' ')
    .map((h) => String.fromCodePoint(parseInt(h, 16)))
    .join('');

let prototypes: Map<string, string> | undefined;

/** Character → its prototype, built on first use (6,565 entries, a few milliseconds). */
function prototypeTable(): Map<string, string> {
  if (!prototypes) {
    prototypes = new Map();
    for (const entry of CONFUSABLES.split(',')) {
      const [source = '', target = ''] = entry.split(':');
      prototypes.set(fromHex(source), fromHex(target));
    }
  }
  return prototypes;
}

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * UTS #39 `skeleton(X)`: X in NFD, without its default-ignorable characters, each character replaced by its
 * prototype in confusables.txt, NFD again. Two strings with the same skeleton are confusable; a skeleton is for
 * comparing, never for display.
 */
export function skeleton(text: string): string {
  const table = prototypeTable();
  let out = '';
  for (const c of text.normalize('NFD').replace(IGNORABLE, '')) out += table.get(c) ?? c;
  return out.normalize('NFD');
}

/**
 * The squelette of a username: the skeleton of its NFKC form, lower-cased, and the skeleton of that again. Usernames
 * are case-insensitive (« Élodie » and « ÉLODIE » are one account), so case never separates two look-alikes: the
 * capital I (skeleton l) of « aliceI » meets « alicel » and « alice1 », the Cyrillic capital А of « Аnna » meets
 * « anna ».
 */
export const usernameSquelette = (username: string): string =>
  skeleton(skeleton(username.normalize('NFKC')).toLowerCase());

// ---------------------------------------------------------------------------------------------------------------
// Scripts (UTS #39 section 5.1, with Script_Extensions as JavaScript's regular expressions know them).

/** Common and Inherited characters (digits, `_`, `-`, `.`, combining accents) belong to every script. */
const ANY_SCRIPT = /[\p{scx=Zyyy}\p{scx=Zinh}]/u;
const LATIN_OR_ANY = /^[\p{scx=Latn}\p{scx=Zyyy}\p{scx=Zinh}]*$/u;

/** The writing systems that span several scripts (UTS #39 section 5.1, « augmented script sets »). */
const AUGMENTED: Readonly<Record<string, readonly string[]>> = {
  Hani: ['Hanb', 'Jpan', 'Kore'],
  Hira: ['Jpan'],
  Kana: ['Jpan'],
  Hang: ['Kore'],
  Bopo: ['Hanb'],
};

/** Latin may join these (section 5.2, « highly restrictive »). */
const LATIN_MIXES = [
  ['Latn', 'Hani', 'Hira', 'Kana'],
  ['Latn', 'Hani', 'Bopo'],
  ['Latn', 'Hani', 'Hang'],
] as const;

let scriptTests: [string, RegExp][] | undefined;

/** One test per script code that this runtime's regular expressions know. */
function scriptRegExps(): [string, RegExp][] {
  scriptTests ??= SCRIPT_CODES.split(' ').flatMap((code): [string, RegExp][] => {
    try {
      return [[code, new RegExp(`\\p{scx=${code}}`, 'u')]];
    } catch {
      return []; // a script newer than the runtime's Unicode: none of its characters is a letter here
    }
  });
  return scriptTests;
}

const scriptsOf = (c: string) => new Set(scriptRegExps().flatMap(([code, re]) => (re.test(c) ? [code] : [])));

/**
 * True when the username is written in one script (its Common and Inherited characters aside), or is Latin mixed
 * only with the Han, Japanese, Bopomofo or Hangul of one of UTS #39's « highly restrictive » sets. « аlice1 »
 * (Cyrillic а) is not; « дмитрий », « ελενη », « alice_1 », « 山田たろう » and « tanaka山田 » are.
 */
export function singleScript(username: string): boolean {
  if (LATIN_OR_ANY.test(username)) return true;
  const sets = [...new Set(username)].filter((c) => !ANY_SCRIPT.test(c)).map(scriptsOf);
  const augmented = sets.map((s) => new Set([...s, ...[...s].flatMap((code) => AUGMENTED[code] ?? [])]));
  const [first, ...rest] = augmented;
  if (!first || [...first].some((code) => rest.every((s) => s.has(code)))) return true;
  return LATIN_MIXES.some((mix) => sets.every((s) => mix.some((code) => s.has(code))));
}
