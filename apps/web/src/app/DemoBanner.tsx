/**
 * The demo banner (docs/decisions/094, 109): with a demo dataset, which real period the observations come from and
 * the demo clock ages are counted from — on a place of a recorded episode, that episode's clock and period
 * (docs/decisions/088). Part of the shell's first paint: the page carries the `/api/health` answer it needs, so the
 * banner does not push the page down when it appears.
 */
import { useQuery } from '@tanstack/react-query';
import { healthQuery, useDataClock } from '../api/health';
import { formatClock, formatLongDate } from '../lib/format';
import { useT } from '../lib/i18n';

export function DemoBanner() {
  const t = useT();
  const health = useQuery(healthQuery());
  const clock = useDataClock();
  const fin = clock.episode ? clock.episode.fin : (health.data?.donnees.fin ?? null);
  const debut = clock.episode ? clock.episode.debut : (health.data?.donnees.debut ?? null);
  if (!clock.demo || debut === null || fin === null) return null;
  return (
    <div className="border-b border-sky-200 bg-sky-50 text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100">
      <p className="mx-auto max-w-7xl px-4 py-2 text-sm">
        <strong>{t('banner.demoHorloge', { maintenant: formatClock(clock.now) })}</strong>{' '}
        {clock.episode && <>{t('banner.episode', { episode: clock.episode.libelle })} </>}
        {t('banner.demo', { debut: formatLongDate(debut), fin: formatLongDate(fin) })}
      </p>
    </div>
  );
}
