/**
 * Whether a river or lake is drawn by the base map (docs/decisions/145): Natural Earth at 1:10,000,000 keeps the
 * large rivers and lakes only (no Orne, no Hérault, no Lac de Vassivière), so a map of a small river says that its
 * course is not drawn rather than letting another blue line pass for it.
 */

/** An entity's name without its article (« Le Loing » → « loing », « L’Ariège » → « ariège »), lower case. */
export function waterKey(nom: string): string {
  return nom
    .trim()
    .replace(/^(?:le |la |les |l['’])/i, '')
    .toLocaleLowerCase('fr');
}

/** True when `nom` (an entity's name) is one of `eaux`, the base map's names (`virtual:limni-geo-eaux`). */
export function onBaseMap(nom: string, eaux: readonly string[]): boolean {
  const key = waterKey(nom);
  return eaux.includes(key) || eaux.includes(nom.trim().toLocaleLowerCase('fr'));
}
