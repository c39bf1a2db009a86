/**
 * Links of this site inside HTML rendered from Markdown (content pages, practical information) navigate with the
 * router instead of reloading the page; a modified click (new tab…), another site or a `target` stays native.
 */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export function useInAppLinks(): (e: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (e) => {
    const a = (e.target as HTMLElement).closest('a');
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) {
      return;
    }
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin || a.target) return;
    e.preventDefault();
    void navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}
