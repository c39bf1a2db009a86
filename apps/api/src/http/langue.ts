/**
 * The language of an answer's sentences: French by default, US English when the request's
 * `Accept-Language` prefers English (the web app sends the language the person chose). Codes never change with the
 * language; only `message`, `fields` and a few `detail` sentences do, each written in both languages where it is
 * decided (`texte.ts`, docs/decisions/148).
 */

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
