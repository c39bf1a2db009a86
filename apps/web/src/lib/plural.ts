/**
 * Singular or plural form of a count in the current language ("1 lieu", "0 lieu", "3 lieux": French puts 0 and 1
 * in the singular, English only 1). Messages keep both forms under `<key>_one` / `<key>_other`.
 */
import { currentLocale } from './i18n';

const regles = new Map<string, Intl.PluralRules>();

export function pluralForm(n: number, locale: string = currentLocale()): 'one' | 'other' {
  let r = regles.get(locale);
  if (!r) {
    r = new Intl.PluralRules(locale);
    regles.set(locale, r);
  }
  return r.select(n) === 'one' ? 'one' : 'other';
}

/** `plural(n, 'lieux')` → `'lieux_one'` or `'lieux_other'`, for a message function. */
export function plural<K extends string>(n: number, key: K): `${K}_one` | `${K}_other` {
  return `${key}_${pluralForm(n)}`;
}
