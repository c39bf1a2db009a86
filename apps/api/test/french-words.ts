/**
 * The French words of a text, for the API's English tests: a French accent or elision, or a common French
 * word — the idea of the browser journey's detector (e2e/french-words.ts), without its proper-noun list.
 */
const FRENCH = new Set(
  'le la les des du une un est sont et pour sur dans avec pas seuil seuils mesures lieu'.split(' '),
);

export function frenchWords(text: string, properNouns: readonly string[] = []): string[] {
  return text
    .split(/[^\p{L}'’]+/u)
    .filter(
      (w) =>
        /[àâäçéèêëîïôöùûüÿœæ]/i.test(w) ||
        /^(?:l|d|qu|n|s|c)['’]\p{L}/iu.test(w) ||
        FRENCH.has(w.toLowerCase()),
    )
    .filter((w) => !properNouns.includes(w));
}
