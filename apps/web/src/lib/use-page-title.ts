import { useEffect } from 'react';
import { currentLangue, HOME_TITLE, useT } from './i18n';

/** Sets the document title ("<page> — Limni"), again when the language changes. */
export function usePageTitle(title: string | null | undefined): void {
  useT();
  const langue = currentLangue();
  useEffect(() => {
    document.title = title ? `${title} — Limni` : HOME_TITLE[langue];
  }, [title, langue]);
}
