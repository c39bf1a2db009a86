/** Renders the safe Markdown subset of lib/markdown.ts as React elements (no HTML injection possible). */
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { parseMarkdown, type Inline } from '../../lib/markdown';

function renderInline(nodes: Inline[]): ReactNode {
  return nodes.map((n, i) => {
    switch (n.type) {
      case 'text':
        return <Fragment key={i}>{n.text}</Fragment>;
      case 'strong':
        return <strong key={i}>{renderInline(n.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInline(n.children)}</em>;
      case 'code':
        return (
          <code key={i} className="rounded bg-slate-100 px-1 dark:bg-white/10">
            {n.text}
          </code>
        );
      case 'link':
        return n.href.startsWith('/') ? (
          <Link key={i} to={n.href} className="link underline">
            {renderInline(n.children)}
          </Link>
        ) : (
          <a key={i} href={n.href} className="link underline" rel="noopener noreferrer" target="_blank">
            {renderInline(n.children)}
          </a>
        );
    }
  });
}

/** `headingLevel`: the HTML level of a `#` heading (defaults to 3, inside a page that has its h1 and h2). */
export function Markdown({ source, headingLevel = 3 }: { source: string; headingLevel?: 2 | 3 | 4 }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className="space-y-3 leading-relaxed">
      {blocks.map((b, i) => {
        if (b.type === 'paragraph') return <p key={i}>{renderInline(b.children)}</p>;
        if (b.type === 'list') {
          const items = b.items.map((item, j) => <li key={j}>{renderInline(item)}</li>);
          return b.ordered ? (
            <ol key={i} className="list-decimal space-y-1 pl-6">
              {items}
            </ol>
          ) : (
            <ul key={i} className="list-disc space-y-1 pl-6">
              {items}
            </ul>
          );
        }
        const level = Math.min(headingLevel + b.level - 1, 6);
        const Tag = `h${level}` as 'h3';
        return (
          <Tag key={i} className="font-semibold">
            {renderInline(b.children)}
          </Tag>
        );
      })}
    </div>
  );
}
