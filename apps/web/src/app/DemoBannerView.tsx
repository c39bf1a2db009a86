/**
 * The words of the demo banner (docs/decisions/094, 088, 134): the demo clock, why there is a demonstration, the
 * episode if any, the period (`demo-banner-words.ts`).
 */
import { useT } from '../lib/i18n';
import { demoBannerWords, type DemoBannerProps } from './demo-banner-words';

export function DemoBannerView(props: DemoBannerProps) {
  // Re-rendered in the chosen language (the words read it).
  useT();
  const { titre, phrases } = demoBannerWords(props);
  return (
    <div className="border-b border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100">
      {/* Smaller on a phone, where it would otherwise fill a sixth of the first screen. */}
      <p className="mx-auto max-w-7xl px-4 py-1 text-xs leading-snug sm:py-2 sm:text-sm sm:leading-normal">
        <strong>{titre}</strong>
        {phrases.map((p, i) => (
          <span key={i} lang={p.lang}>
            {' '}
            {p.text}
          </span>
        ))}
      </p>
    </div>
  );
}
