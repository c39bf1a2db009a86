/** Trend arrow with its rate ("+12 cm/h") and an accessible label ("en hausse rapide"); never colour alone. */
import type { Tendance } from '@limni/shared/domain/trend';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { ICON, type IconPath } from '../../../components/ui/icons';
import { LineIcon } from '../../../components/ui/LineIcon';

const ARROWS: Record<Tendance, IconPath> = {
  hausse_rapide: ICON.flecheHaut,
  hausse: ICON.flecheHautDroite,
  stable: ICON.flecheDroite,
  baisse: ICON.flecheBasDroite,
  baisse_rapide: ICON.flecheBas,
};

/** "+12 cm/h" for H (m), "+35 m³/s/h" for Q. */
export function formatRate(variationH: number, unite: string): string {
  const sign = variationH > 0 ? '+' : variationH < 0 ? '−' : '±';
  const abs = Math.abs(variationH);
  if (unite === 'm') return `${sign}${formatNumber(abs * 100, abs * 100 < 10 ? 1 : 0)}\u00a0cm/h`;
  return `${sign}${formatNumber(abs, abs < 10 ? 1 : 0)}\u00a0${unite}/h`;
}

export function TrendArrow({
  tendance,
  variationH,
  unite,
  showRate = true,
  className = '',
}: {
  tendance: Tendance | null;
  variationH?: number | null;
  unite?: string;
  showRate?: boolean;
  className?: string;
}) {
  const t = useT();
  if (!tendance) return null;
  const label = t(`tendance.${tendance}`);
  const color = tendance.startsWith('hausse')
    ? 'text-sky-800 dark:text-sky-300'
    : tendance.startsWith('baisse')
      ? 'text-teal-800 dark:text-teal-300'
      : 'text-muted';
  return (
    <span className={`inline-flex items-baseline gap-1 ${color} ${className}`} data-testid="tendance">
      <LineIcon d={ARROWS[tendance]} size={18} strokeWidth={2.75} className="shrink-0 self-center" />
      <span className="sr-only">{label}</span>
      {showRate && variationH !== null && variationH !== undefined && unite ? (
        <span className="text-sm tabular-nums">{formatRate(variationH, unite)}</span>
      ) : (
        <span aria-hidden="true" className="text-sm">
          {label}
        </span>
      )}
    </span>
  );
}
