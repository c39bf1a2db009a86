/**
 * Markdown from the API (practical information of places) rendered by the module shared with the server
 * (`packages/shared/src/domain/markdown.ts`, docs/decisions/079): raw HTML shows as text, only http(s), mailto,
 * same-site and anchor links are kept, so the HTML is inserted as is. Links of this site use the router; the
 * others open in a new tab. Its code (marked) is only in the lazy chunks of the screens that use it.
 */
import { useMemo } from 'react';
import { renderMarkdown } from '@limni/shared/domain/markdown';
import { useInAppLinks } from './use-in-app-links';

/** Looks of the rendered elements (Tailwind's reset removes list markers and heading weights). */
const LOOKS = [
  'space-y-3 leading-relaxed',
  '[&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6',
  '[&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6',
  '[&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 dark:[&_code]:bg-white/10',
].join(' ');

/** `headingLevel`: the HTML level of a `#` heading (defaults to 3, inside a page that has its h1 and h2). */
export function Markdown({ source, headingLevel = 3 }: { source: string; headingLevel?: 2 | 3 | 4 }) {
  const html = useMemo(
    () => renderMarkdown(source, { headingLevel, linkClass: 'link underline', newTabForExternalLinks: true }),
    [source, headingLevel],
  );
  const onClick = useInAppLinks();
  return <div className={LOOKS} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
