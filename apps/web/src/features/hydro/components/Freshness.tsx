/**
 * Honest freshness: the reading's own time and its age against the data clock (« le 01/02/2022 à 00h45, il y a
 * 15 min »; the demo clock with a demo dataset, named by the demo banner, docs/decisions/094), and a visible
 * « Données anciennes » state when the sensor has been silent longer than its usual cadence (ADR 009).
 */
import type { Fraicheur } from '@limni/shared/domain/trend';
import { useDataClock } from '../../../api/health';
import { formatDateTime, formatDuration, formatLongDate, formatObservationAge } from '../../../lib/format';
import { currentLangue, useT } from '../../../lib/i18n';
import { LineIcon } from '../../../components/ui/LineIcon';
import { ICON } from '../../../components/ui/icons';

/** "le 01/02/2022 à 00h45". */
export function whenLabel(ts: number): string {
  return currentLangue() === 'fr' ? `le ${formatDateTime(ts)}` : `on ${formatDateTime(ts)}`;
}

/**
 * The age of a time against the data clock, the absolute time in its title and for screen readers. `clockNow`: another
 * clock, that of a recorded episode shown in a list of the main dataset (docs/decisions/088).
 */
export function Age({ ts, clockNow }: { ts: number; clockNow?: number | undefined }) {
  const clock = useDataClock();
  const absolute = formatDateTime(ts);
  return (
    <time dateTime={new Date(ts).toISOString()} title={absolute} data-testid="age">
      {formatObservationAge(ts, clockNow ?? clock.now)}
    </time>
  );
}

export function Freshness({
  ts,
  fraicheur,
  now,
  pasMin = null,
  ownClock = false,
}: {
  ts: number | null;
  fraicheur: Fraicheur;
  now: number;
  /** The sensor's native step: a daily mean (1440 min) is the mean of a day, not a reading at a time. */
  pasMin?: number | null;
  /** The age is counted from `now` (a recorded episode's clock), not from the app's data clock. */
  ownClock?: boolean;
}) {
  const t = useT();
  if (ts === null || fraicheur === 'aucune_donnee') {
    return <span className="text-sm text-muted">{t('fraicheur.aucune')}</span>;
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 text-sm text-muted">
      <span>
        {pasMin !== null && pasMin >= 1440
          ? t('fraicheur.derniereJour', { jour: formatLongDate(ts) })
          : t('fraicheur.derniere', { quand: whenLabel(ts) })}{' '}
        (<Age ts={ts} clockNow={ownClock ? now : undefined} />)
      </span>
      {fraicheur === 'en_retard' && (
        <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-950">
          <LineIcon d={ICON.attention} size={16} className="mr-1 inline-block shrink-0 align-[-3px]" />
          {t('fraicheur.retard', { depuis: formatDuration(now - ts) })}
        </span>
      )}
    </span>
  );
}
