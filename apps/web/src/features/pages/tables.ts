/** The tables of a content page's HTML, readable on every screen. */

/**
 * Wraps each table in a focusable, labelled region (a wide table scrolls sideways on a tablet) and gives each cell
 * its column's name (`data-label`), so that on a phone each row reads as a card of named lines instead of a table
 * cut at the screen's edge (`prose.css`).
 */
export function withScrollableTables(html: string, label: string): string {
  return html.replace(/<table>([\s\S]*?)<\/table>/g, (_, inner: string) => {
    const heads = [...inner.matchAll(/<th(?:\s[^>]*)?>([\s\S]*?)<\/th>/g)].map((h) =>
      (h[1] ?? '').replace(/<[^>]+>/g, '').replace(/"/g, '&quot;'),
    );
    const rows = inner.replace(/<tr>([\s\S]*?)<\/tr>/g, (row: string) => {
      let i = 0;
      return row.replace(/<td(\s[^>]*)?>/g, (_td, attrs: string | undefined) => {
        const name = heads[i++];
        return name ? `<td${attrs ?? ''} data-label="${name}">` : `<td${attrs ?? ''}>`;
      });
    });
    return `<div class="prose-table" tabindex="0" role="region" aria-label="${label}"><table>${rows}</table></div>`;
  });
}
