import { useEffect } from 'react';

/** Sets the document title ("<page> — Limni"). */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} — Limni` : 'Limni — lacs et rivières de France';
  }, [title]);
}
