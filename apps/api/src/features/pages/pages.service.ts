/**
 * Markdown → HTML for the content pages (docs/decisions/017). The Markdown is trusted (seeded by the team), yet
 * raw HTML is stripped before rendering and only http(s), mailto and same-site links are kept, so the HTML can be
 * inserted as is by the web app.
 */
import { Marked, type Token } from 'marked';

const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/)|#)/i;

const marked = new Marked({
  gfm: true,
  async: false,
  walkTokens(token: Token) {
    if ((token.type === 'link' || token.type === 'image') && !SAFE_HREF.test(token.href)) token.href = '#';
  },
  renderer: {
    // Raw HTML blocks and inline tags are dropped, never passed through.
    html: () => '',
  },
});

export function renderMarkdown(markdown: string): string {
  return marked.parse(markdown, { async: false });
}

const cache = new Map<string, string>();

/** Rendered once per page version. */
export function renderPage(page: { slug: string; markdown: string; updated_at: number }): string {
  const key = `${page.slug}@${page.updated_at}@${page.markdown.length}`;
  let html = cache.get(key);
  if (html === undefined) {
    html = renderMarkdown(page.markdown);
    cache.set(key, html);
  }
  return html;
}
