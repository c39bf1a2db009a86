/**
 * Honest freshness: "il y a 12 min" for a recent reading, its date otherwise (demo data are never presented as
 * current), and a stale warning when the sensor has been silent longer than its usual cadence (ADR 009), measured
 * against the data "now".
 */
import type { Fraicheur } from '@limni/shared/domain/trend';
import { formatAgo, formatDateTime, formatDuration } from '../../lib/format';
import { currentLangue, useT } from '../../lib/i18n';

export function whenLabel(ts: number): string {
  const age = Date.now() - ts;
  if (age >= 0 && age < 48 * 3600_000) return formatAgo(ts);
  return currentLangue() === 'fr' ? `le ${formatDateTime(ts)}` : `on ${formatDateTime(ts)}`;
}

export function Freshness({ ts, fraicheur, now }: { ts: number | null; fraicheur: Fraicheur; now: number }) {
  const t = useT();
  if (ts === null || fraicheur === 'aucune_donnee') {
    return <span className="text-sm text-muted">{t('fraicheur.aucune')}</span>;
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 text-sm text-muted">
      <span>{t('fraicheur.derniere', { quand: whenLabel(ts) })}</span>
      {fraicheur === 'en_retard' && (
        <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-950">
          <span aria-hidden="true">⚠ </span>
          {t('fraicheur.retard', { depuis: formatDuration(now - ts) })}
        </span>
      )}
    </span>
  );
}
