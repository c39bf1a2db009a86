/** The words of the demo banner (docs/decisions/094, 088): the demo clock, the episode if any, the period. */
import { formatClock, formatLongDate } from '../lib/format';
import { useT } from '../lib/i18n';

export function DemoBannerView({
  now,
  episode,
  debut,
  fin,
}: {
  now: number;
  /** The recorded episode's name, on one of its places. */
  episode: string | null;
  debut: number;
  fin: number;
}) {
  const t = useT();
  return (
    <div className="border-b border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100">
      {/* Smaller on a phone, where it would otherwise fill a sixth of the first screen (issue 16). */}
      <p className="mx-auto max-w-7xl px-4 py-1.5 text-xs leading-snug sm:py-2 sm:text-sm sm:leading-normal">
        <strong>{t('banner.demoHorloge', { maintenant: formatClock(now) })}</strong>{' '}
        {episode && <>{t('banner.episode', { episode })} </>}
        {t('banner.demo', { debut: formatLongDate(debut), fin: formatLongDate(fin) })}
      </p>
    </div>
  );
}
