import { describe, expect, it } from 'vitest';
import { escapeHtml, isSafeHref, renderMarkdown } from './markdown';

/** Every tag name of an HTML fragment. */
const tags = (html: string) => [...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => (m[1] ?? '').toLowerCase());
/** Every href and src attribute. */
const targets = (html: string) => [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((m) => m[1]);

describe('Markdown', () => {
  it('renders the practical information of a place: a bullet list with bold', () => {
    const html = renderMarkdown(
      '- Station hydrométrique **O200004001** du réseau Vigicrues.\n- Commune : Toulouse (Haute-Garonne).',
    );
    expect(html).toBe(
      '<ul>\n<li>Station hydrométrique <strong>O200004001</strong> du réseau Vigicrues.</li>\n' +
        '<li>Commune : Toulouse (Haute-Garonne).</li>\n</ul>\n',
    );
  });

  it('renders paragraphs, headings, numbered lists, emphasis, code and tables', () => {
    const html = renderMarkdown(
      '## Accès\nPar la rive\ngauche, *à pied*.\n\n1. Parking\n2. Sentier `B12`\n\n| a | b |\n| - | - |\n| 1 | 2 |',
    );
    expect(tags(html)).toEqual([
      ...['h2', 'h2', 'p', 'em', 'em', 'p'],
      ...['ol', 'li', 'li', 'li', 'code', 'code', 'li', 'ol'],
      ...[
        'table',
        'thead',
        'tr',
        'th',
        'th',
        'th',
        'th',
        'tr',
        'thead',
        'tbody',
        'tr',
        'td',
        'td',
        'td',
        'td',
      ],
      ...['tr', 'tbody', 'table'],
    ]);
  });

  it('does not read underscores inside words as emphasis', () => {
    expect(renderMarkdown('code_station_hubeau')).toBe('<p>code_station_hubeau</p>\n');
  });

  it('places headings at the level asked, never deeper than h6', () => {
    expect(renderMarkdown('# Un\n\n### Trois', { headingLevel: 3 })).toBe('<h3>Un</h3>\n<h5>Trois</h5>\n');
    expect(renderMarkdown('###### Six', { headingLevel: 4 })).toBe('<h6>Six</h6>\n');
    expect(renderMarkdown('# Un')).toBe('<h1>Un</h1>\n');
  });
});

describe('raw HTML is text, never markup', () => {
  it.each([
    ['inline tag with a handler', 'Bonjour <b onclick="x()">toi</b>', '&lt;b onclick=&quot;x()&quot;&gt;'],
    ['script block', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['image with onerror', '<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    ['div block', '<div>bloc</div>', '&lt;div&gt;bloc&lt;/div&gt;'],
    ['iframe', 'a <iframe src="https://evil.example"></iframe> b', '&lt;iframe src='],
    ['svg', '<svg onload=alert(1)>', '&lt;svg onload=alert(1)&gt;'],
    ['comment', '<!-- caché -->', '&lt;!-- caché --&gt;'],
  ])('%s', (_name, source, shown) => {
    const html = renderMarkdown(source);
    expect(html).toContain(shown);
    expect(tags(html).every((t) => ['p', 'ul', 'li'].includes(t))).toBe(true);
  });

  it('keeps the text around raw HTML', () => {
    expect(renderMarkdown('Bonjour <b>toi</b>\n\nFin')).toBe(
      '<p>Bonjour &lt;b&gt;toi&lt;/b&gt;</p>\n<p>Fin</p>\n',
    );
  });

  it('escapes text that looks like HTML in code', () => {
    expect(renderMarkdown('`<b>`')).toBe('<p><code>&lt;b&gt;</code></p>\n');
  });
});

describe('one link policy', () => {
  it('accepts http(s), mailto, same-site paths and anchors only', () => {
    for (const ok of [
      'https://vigicrues.gouv.fr',
      'http://x.fr',
      'mailto:contact@example.org',
      '/credits',
      '#haut',
    ]) {
      expect(isSafeHref(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
      'file:///etc/passwd',
      'https:evil.example',
      'relative/path',
    ]) {
      expect(isSafeHref(bad), bad).toBe(false);
    }
  });

  it('keeps safe links as they are', () => {
    const html = renderMarkdown(
      '[a](https://www.vigicrues.gouv.fr) [b](/contact) [c](mailto:x@y.fr) [d](#plan) <https://hubeau.eaufrance.fr>',
    );
    expect(targets(html)).toEqual([
      'https://www.vigicrues.gouv.fr',
      '/contact',
      'mailto:x@y.fr',
      '#plan',
      'https://hubeau.eaufrance.fr',
    ]);
  });

  it.each([
    ['javascript', '[clic](javascript:alert(1))'],
    ['javascript in capitals', '[clic](JAVASCRIPT:alert(1))'],
    ['javascript with an entity', '[clic](jav&#x61;script:alert(1))'],
    ['javascript in angle brackets', '[clic](<javascript:alert(1)>)'],
    ['data URL', '[clic](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['protocol-relative', '[clic](//evil.example/x)'],
    ['reference link', '[clic][x]\n\n[x]: javascript:alert(1)'],
  ])('turns an unsafe link into its text: %s', (_name, source) => {
    const html = renderMarkdown(source);
    expect(html).toBe('<p>clic</p>\n');
  });

  it('shows an unsafe image as its alternative text, keeps a safe one', () => {
    expect(renderMarkdown('![carte](javascript:alert(1))')).toBe('<p>carte</p>\n');
    expect(renderMarkdown('![carte](data:image/svg+xml,<svg onload=alert(1)>)')).not.toMatch(/<img|<svg/);
    expect(targets(renderMarkdown('![carte](/geo/france.svg)'))).toEqual(['/geo/france.svg']);
  });

  it('encodes quotes in targets, so a target never leaves its attribute', () => {
    const html = renderMarkdown('[x](https://a.fr/"onmouseover="alert(1))');
    expect(html).not.toMatch(/"\s*onmouseover=/);
    expect(targets(html)).toHaveLength(1);
  });

  it('classes links, and opens the ones leaving the app in a new tab', () => {
    const options = { linkClass: 'link underline', newTabForExternalLinks: true } as const;
    expect(renderMarkdown('[Contact](/contact)', options)).toBe(
      '<p><a class="link underline" href="/contact">Contact</a></p>\n',
    );
    expect(renderMarkdown('[Vigicrues](https://www.vigicrues.gouv.fr)', options)).toBe(
      '<p><a class="link underline" target="_blank" rel="noopener noreferrer" href="https://www.vigicrues.gouv.fr">Vigicrues</a></p>\n',
    );
    expect(renderMarkdown('[clic](javascript:alert(1))', options)).toBe('<p>clic</p>\n');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters of HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});
