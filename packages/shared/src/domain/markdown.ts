/**
 * One Markdown renderer for both sides (docs/decisions/079): marked (CommonMark + GFM: tables, autolinks) with
 * one link policy and raw HTML escaped. The API renders the content pages with it (`features/pages`), the web app
 * the practical information of places (`components/ui/Markdown.tsx`).
 * - Links and images keep their target only when it is http(s), `mailto:`, a path of this site (`/…`, not the
 *   protocol-relative `//host`) or an anchor (`#…`); any other link (`javascript:`, `data:`, `vbscript:`…)
 *   becomes its plain text, any other image its alternative text.
 * - Raw HTML in the source, block or inline, is never markup: it shows as text (`<b>` reads « <b> »).
 * - Text is escaped by marked; targets are URL-encoded and attribute-escaped by marked.
 */
import { Marked, Renderer, type RendererObject } from 'marked';

const SAFE_TARGET = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

/** Whether a link or image target follows the policy (http(s), mailto:, same site, anchor). */
export function isSafeHref(href: string): boolean {
  return SAFE_TARGET.test(href.trim());
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML: `& < > " '` as entities (the same entities as marked). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export interface MarkdownOptions {
  /** HTML level of a `#` heading (default 1); deeper headings follow, up to 6. */
  headingLevel?: 1 | 2 | 3 | 4 | 5 | 6;
  /** `class` of every link. */
  linkClass?: string;
  /** Links leaving the app (not `/…` nor `#…`) open in a new tab, without a handle on this page. */
  newTabForExternalLinks?: boolean;
}

const defaultRenderer = new Renderer();

function renderer(options: MarkdownOptions): RendererObject {
  return {
    html({ text, block }) {
      return block ? `<p>${escapeHtml(text.trim())}</p>\n` : escapeHtml(text);
    },
    link(token) {
      if (!isSafeHref(token.href)) return this.parser.parseInline(token.tokens);
      if (!options.linkClass && !options.newTabForExternalLinks) return false;
      const html = defaultRenderer.link.call(this, token);
      const external = !/^[/#]/.test(token.href.trim());
      const attributes = [
        options.linkClass ? `class="${escapeHtml(options.linkClass)}"` : '',
        external && options.newTabForExternalLinks ? 'target="_blank" rel="noopener noreferrer"' : '',
      ].filter(Boolean);
      return html.replace(/^<a /, `<a ${attributes.join(' ')} `);
    },
    image(token) {
      return isSafeHref(token.href) ? false : escapeHtml(token.text);
    },
    heading({ tokens, depth }) {
      if (!options.headingLevel) return false;
      const level = Math.min(depth + options.headingLevel - 1, 6);
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  };
}

/** Markdown → HTML that may be inserted as is (see the policy above). */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  const marked = new Marked({ gfm: true, async: false, renderer: renderer(options) });
  return marked.parse(markdown, { async: false });
}
