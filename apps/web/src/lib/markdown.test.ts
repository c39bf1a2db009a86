import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown';

describe('parseMarkdown', () => {
  it('reads the practical information of a place: a bullet list with bold', () => {
    const blocks = parseMarkdown(
      '- Station hydrométrique **O200004001** du réseau Vigicrues.\n- Commune : Toulouse (Haute-Garonne).',
    );
    expect(blocks).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [
          [
            { type: 'text', text: 'Station hydrométrique ' },
            { type: 'strong', children: [{ type: 'text', text: 'O200004001' }] },
            { type: 'text', text: ' du réseau Vigicrues.' },
          ],
          [{ type: 'text', text: 'Commune : Toulouse (Haute-Garonne).' }],
        ],
      },
    ]);
  });

  it('splits paragraphs, headings and numbered lists', () => {
    const blocks = parseMarkdown('## Accès\nPar la rive\ngauche.\n\n1. Parking\n2. Sentier');
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list']);
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [{ type: 'text', text: 'Par la rive gauche.' }],
    });
    expect(blocks[2]).toMatchObject({ type: 'list', ordered: true });
  });

  it('keeps raw HTML as text', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
    ]);
  });
});

describe('links', () => {
  it('accepts http(s), mailto and same-site links only', () => {
    expect(safeHref('https://vigicrues.gouv.fr')).toBe('https://vigicrues.gouv.fr');
    expect(safeHref('/credits')).toBe('/credits');
    expect(safeHref('mailto:contact@example.org')).toBe('mailto:contact@example.org');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
  });

  it('turns an unsafe link into its label', () => {
    expect(parseInline('[clic](javascript:alert(1))')).toEqual([
      { type: 'text', text: 'clic' },
      { type: 'text', text: ')' },
    ]);
    expect(parseInline('voir [Vigicrues](https://www.vigicrues.gouv.fr)')).toEqual([
      { type: 'text', text: 'voir ' },
      {
        type: 'link',
        href: 'https://www.vigicrues.gouv.fr',
        children: [{ type: 'text', text: 'Vigicrues' }],
      },
    ]);
  });

  it('does not read underscores inside words as emphasis', () => {
    expect(parseInline('code_station_hubeau')).toEqual([{ type: 'text', text: 'code_station_hubeau' }]);
  });
});
