import { renderMarkdown } from '@limni/shared/domain/markdown';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withScrollableTables } from './tables';

describe('tables of a content page', () => {
  it('names every cell of the credits table after its column, so that a phone can show each row as a card', () => {
    // The credits page as shipped: its table's header row is read from the Markdown itself.
    const source = readFileSync(
      new URL('../../../../api/seed-data/pages/credits.md', import.meta.url),
      'utf8',
    );
    const header = source.split('\n').find((l) => l.startsWith('| ')) ?? '';
    const columns = header
      .split('|')
      .map((c) => c.trim())
      .filter(Boolean);
    const html = withScrollableTables(renderMarkdown(source, { headingLevel: 2 }), 'Tableau');
    const first = html.slice(0, html.indexOf('</table>'));
    const cells = [...first.matchAll(/<td[^>]*>/g)].map((c) => c[0]);
    expect(cells.length).toBeGreaterThan(columns.length);
    cells.forEach((cell, i) => expect(cell).toContain(`data-label="${columns[i % columns.length]}"`));
    // Every cell of every table has its column's name.
    expect(html.match(/<td>/g)).toBeNull();
    expect(html).toContain(
      '<div class="prose-table" tabindex="0" role="region" aria-label="Tableau"><table>',
    );
  });
});
