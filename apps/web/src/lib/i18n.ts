/**
 * A deliberately small i18n layer (see docs/decisions/006-web-i18n.md): French is built in, English is a lazily
 * loaded dictionary with the same keys (type-checked). `t(key, params)` interpolates `{name}` placeholders.
 */
import { useSyncExternalStore } from 'react';
import { fr, type MessageKey } from '../i18n/fr';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage';

export type Langue = 'fr' | 'en';
type Dict = Record<MessageKey, string>;

let langue: Langue = 'fr';
let dict: Dict = fr;
const listeners = new Set<() => void>();

export function currentLangue(): Langue {
  return langue;
}
export function currentLocale(): string {
  // English is US English (the spec's second language): « 0.70 m », « Feb 1, 2022, 12:45 AM ».
  return langue === 'fr' ? 'fr-FR' : 'en-US';
}

export function t(key: MessageKey, params?: Record<string, string | number>): string {
  const template = dict[key] ?? fr[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** « Hauteur\u00a0: » in French (no-break space before the colon), « Level: » in English. */
export function withColon(label: string): string {
  return langue === 'en' ? `${label}:` : `${label}\u00a0:`;
}

/** The document title of the home page (and of a page before it names itself), in each language. */
export const HOME_TITLE: Record<Langue, string> = {
  fr: 'Limni — lacs et rivières de France',
  en: 'Limni — lakes and rivers of France',
};

export async function setLangue(next: Langue): Promise<void> {
  dict = next === 'en' ? (await import('../i18n/en')).en : fr;
  // The served page's own title is the French home title until a page sets its own: in the chosen language from
  // the start, so that a page still loading its code is not titled in French.
  if (document.title === HOME_TITLE[langue]) document.title = HOME_TITLE[next];
  langue = next;
  writeStorage(STORAGE_KEYS.langue, next);
  document.documentElement.lang = next;
  for (const l of listeners) l();
}

/** Loads the stored language before the app mounts. */
export async function initI18n(): Promise<void> {
  const stored = readStorage(STORAGE_KEYS.langue);
  if (stored === 'en') await setLangue('en');
  else document.documentElement.lang = 'fr';
}

function subscribe(cb: () => void): () => void {
  listeners.add(cb);
  return () => listeners.delete(cb);
}

/** Calls `cb` after each change of language; returns the unsubscribe. */
export const onLangueChange: (cb: () => void) => () => void = subscribe;

/** Re-renders the component when the language changes; returns `t`. */
export function useT(): typeof t {
  useSyncExternalStore(subscribe, currentLangue, currentLangue);
  return t;
}

/**
 * Feature-scoped messages: each screen family keeps its French and English strings side by side (English typed
 * with the same keys, so a missing translation fails the typecheck) and ships them in its own lazy chunk.
 *
 *   const useM = defineMessages({ titre: 'Mes favoris' }, { titre: 'My favourites' });
 *   const m = useM();  m('titre')
 */
export function defineMessages<const K extends string>(
  frMessages: Record<K, string>,
  enMessages: Record<K, string>,
): () => Translate<K> {
  const translate = translator(frMessages, enMessages);
  return () => {
    useSyncExternalStore(subscribe, currentLangue, currentLangue);
    return translate;
  };
}

/** A feature's message function: the template of `key` in the current language, `{name}` filled from `params`. */
export type Translate<K extends string> = (key: K, params?: Record<string, string | number>) => string;

/**
 * The message function of `defineMessages` without the hook, for the pure functions that build a screen's sentences
 * (and their tests): it reads the language when called, and does not re-render anything when it changes.
 */
export function translator<const K extends string>(
  frMessages: Record<K, string>,
  enMessages: Record<K, string>,
): Translate<K> {
  return (key, params) => {
    const template = (langue === 'en' ? enMessages[key] : frMessages[key]) ?? frMessages[key] ?? key;
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
  };
}
