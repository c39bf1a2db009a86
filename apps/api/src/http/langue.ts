/**
 * The language of an answer's sentences: French by default, US English when the request's
 * `Accept-Language` prefers English (the web app sends the language the person chose). Codes never change with the
 * language; only `message`, `fields` and a few `detail` sentences do.
 *
 * Messages stay written in French where they are thrown; their English lives in catalogues registered here, keyed by
 * the French text (`addEnglish`, type-checked key by key where the French is a keyed object), or by a pattern for the
 * few messages that carry a value. A French message without English is sent as it is (and `untranslated` lists it
 * for the catalogue test).
 */
import type { ErrorBody } from '@limni/shared/contracts/common';

export type Langue = 'fr' | 'en';

/**
 * The first supported language of an `Accept-Language` header, by quality (`en-US,en;q=0.9,fr;q=0.8` → `en`);
 * French when none is supported or the header is missing or malformed.
 */
export function langueOf(header: string | string[] | undefined): Langue {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (!text || text.length > 512) return 'fr';
  let best: { langue: Langue; q: number } | null = null;
  for (const part of text.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.split('-')[0];
    if (primary !== 'fr' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { langue: primary, q };
  }
  return best?.langue ?? 'fr';
}

const english = new Map<string, string>();
const patterns: Array<{ re: RegExp; en: (...groups: string[]) => string }> = [];

/** Registers the English of a keyed French catalogue: both objects must have exactly the same keys. */
export function addEnglish<K extends string>(
  fr: Readonly<Record<K, string>>,
  en: Readonly<Record<K, string>>,
): void {
  for (const key of Object.keys(fr) as K[]) english.set(fr[key], en[key]);
}

/** Registers the English of French messages that carry a value (`Trop de tentatives… dans 30 s.`). */
export function addEnglishPattern(re: RegExp, en: (...groups: string[]) => string): void {
  patterns.push({ re, en });
}

/** The text in `langue`: itself in French, its English when one is known. */
export function inLangue(text: string, langue: Langue): string {
  if (langue === 'fr') return text;
  const exact = english.get(text);
  if (exact !== undefined) return exact;
  for (const { re, en } of patterns) {
    const m = re.exec(text);
    if (m) return en(...m.slice(1).map((g) => inLangue(g ?? '', langue)));
  }
  return text;
}

/** Whether a French text has an English (for the catalogue tests). */
export function hasEnglish(text: string): boolean {
  return english.has(text) || patterns.some(({ re }) => re.test(text));
}

/** An error body with its message and field messages in `langue`. */
export function errorBodyIn(body: ErrorBody, langue: Langue): ErrorBody {
  if (langue === 'fr') return body;
  const { code, message, fields } = body.error;
  const out: ErrorBody['error'] = { code, message: inLangue(message, langue) };
  if (fields) {
    out.fields = Object.fromEntries(
      Object.entries(fields).map(([k, list]) => [k, list.map((m) => inLangue(m, langue))]),
    );
  }
  return { error: out };
}
