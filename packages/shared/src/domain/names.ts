/**
 * Names of water bodies and places as people read them.
 * The sources spell river names in many ways ("la Loire", "La Loire", "maroni, le (fleuve); lawa, la (rivière)",
 * "écaillon"): group them case- and accent-insensitively and show them with a capitalised article.
 */

/** Lower-case, accent-free, single-spaced key for case-insensitive grouping. */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

function capitaliseFirst(s: string): string {
  return s.length === 0 ? s : s.charAt(0).toLocaleUpperCase('fr-FR') + s.slice(1);
}

/**
 * Normalises a river name from Hub'Eau / Vigicrues into its display form.
 * - keeps the first of several names separated by ";";
 * - turns "maroni, le (fleuve)" into "Le Maroni";
 * - drops a trailing type in parentheses ("orapu (rivière)" → "Orapu");
 * - capitalises the article: "la Loire" → "La Loire", "l'Auzon" → "L'Auzon", "l' Ariège" → "L'Ariège".
 * Returns an empty string for an empty input.
 */
export function riverDisplayName(raw: string): string {
  let s = (raw.split(';')[0] ?? '').replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim();
  if (!s) return '';
  const inverted = /^(.+?),\s*(le|la|les|l')\s*(\([^)]*\))?$/i.exec(s);
  if (inverted) {
    const [, body = '', article = ''] = inverted;
    const a = article.toLowerCase();
    s = a === "l'" ? `l'${body.trim()}` : `${a} ${body.trim()}`;
  }
  s = s.replace(/\s*\((fleuve|rivière|riviere|ruisseau|torrent|canal)\)\s*$/i, '').trim();
  s = s.replace(/^(l')\s+/i, '$1');
  // Capitalise the first letter of the body after an article as well ("la loire" → "La Loire").
  s = s.replace(
    /^(le |la |les |l')(\p{Ll})/iu,
    (_m, art: string, first: string) => art + first.toLocaleUpperCase('fr-FR'),
  );
  return capitaliseFirst(s);
}

/** Removes the leading article: "La Garonne" → "Garonne", "L'Ariège" → "Ariège". */
export function withoutArticle(name: string): string {
  return name.replace(/^(le |la |les |l')/i, '');
}

/** Square brackets of the sources become parentheses: "Toulouse [Pont-Neuf]" → "Toulouse (Pont-Neuf)". */
export function bracketsToParentheses(label: string): string {
  return label.replace(/\[/g, '(').replace(/\]/g, ')').replace(/\s+/g, ' ').trim();
}

/** URL-safe slug: "L'Ariège amont" → "l-ariege-amont". */
export function slugify(name: string): string {
  return nameKey(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Basin of foreign or unclassified stations, from the first letter of the Sandre code (hydrographic region). */
export const LETTER_TO_BASSIN: Record<string, string> = {
  A: '02',
  B: '02',
  D: '01',
  E: '01',
  F: '03',
  G: '03',
  H: '03',
  I: '03',
  J: '04',
  K: '04',
  L: '04',
  M: '04',
  N: '04',
  O: '05',
  P: '05',
  Q: '05',
  R: '05',
  S: '05',
  U: '06',
  V: '06',
  W: '06',
  X: '06',
  Y: '06',
};

const SMALL_WORDS = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'sur',
  'sous',
  'en',
  'et',
  'aux',
  'au',
  'lès',
  'lez',
]);

/** "SAINT-LAURENT-DU-MARONI" → "Saint-Laurent-du-Maroni"; "L'ISLE-JOURDAIN" → "L'Isle-Jourdain". */
export function communeDisplayName(raw: string): string {
  const lower = raw.trim().toLocaleLowerCase('fr-FR');
  if (!lower) return '';
  let index = 0;
  return lower.replace(/[\p{L}']+/gu, (word) => {
    const first = index++ === 0;
    if (!first && SMALL_WORDS.has(word)) return word;
    const m = /^([ld]')(.+)$/u.exec(word);
    if (m) {
      const [, art = '', rest = ''] = m;
      return (
        (first ? art.toLocaleUpperCase('fr-FR') : art) +
        rest.charAt(0).toLocaleUpperCase('fr-FR') +
        rest.slice(1)
      );
    }
    return word.charAt(0).toLocaleUpperCase('fr-FR') + word.slice(1);
  });
}

/** Short place name from a full label: "La Garonne à Saint-Béat - Aval-HG" → "Saint-Béat - Aval-HG". */
export function lieuFromLabel(label: string): string {
  const m = /\s(?:à|au|aux)\s+(.+)$/u.exec(label);
  return bracketsToParentheses(m?.[1] ?? label);
}
