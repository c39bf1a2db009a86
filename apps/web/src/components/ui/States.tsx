/** Loading skeletons, empty states that say why, and error states with "Réessayer" (docs/requirements.md R3.10). */
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { ICON, type IconPath } from './icons';
import { LineIcon } from './LineIcon';

export function Skeleton({ className = 'h-6 w-full' }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-white/10 ${className}`}
    />
  );
}

export function SkeletonBlock({ lines = 3, label }: { lines?: number; label?: string }) {
  const t = useT();
  return (
    <div role="status" className="space-y-3 py-2">
      <span className="sr-only">{label ?? t('commun.chargement')}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={`h-5 ${i % 3 === 2 ? 'w-2/3' : 'w-full'}`} />
      ))}
    </div>
  );
}

export function EmptyState({
  title,
  children,
  icon = ICON.cercle,
}: {
  title: string;
  children?: ReactNode;
  /** A path of `ICON` (SVG, never an emoji). */
  icon?: IconPath;
}) {
  return (
    <div className="rounded-xl border border-dashed border-line px-4 py-8 text-center">
      <LineIcon d={icon} size={32} strokeWidth={1.75} className="mx-auto text-muted" />
      <p className="mt-2 font-medium">{title}</p>
      {children && <div className="mt-1 text-sm text-muted">{children}</div>}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message?: string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-300 bg-red-50 px-4 py-6 text-center text-red-950"
    >
      <p>{message ?? t('commun.erreur')}</p>
      {onRetry && (
        <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
          {t('commun.reessayer')}
        </button>
      )}
    </div>
  );
}
