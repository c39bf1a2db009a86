import { useEffect } from 'react';
import { currentLangue, useT } from './i18n';

const HOME_TITLE = { fr: 'Limni — lacs et rivières de France', en: 'Limni — lakes and rivers of France' };

/** Sets the document title ("<page> — Limni"), again when the language changes. */
export function usePageTitle(title: string | null | undefined): void {
  useT();
  const langue = currentLangue();
  useEffect(() => {
    document.title = title ? `${title} — Limni` : HOME_TITLE[langue];
  }, [title, langue]);
}
