/** Loading indicator (docs/requirements.md R12: default size 80). */
import { useT } from '../../lib/i18n';

export const SPINNER_SIZE = 80;

export function Spinner({ size = SPINNER_SIZE, label }: { size?: number; label?: string }) {
  const t = useT();
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-10 text-brand">
      <svg
        width={size}
        height={size}
        viewBox="0 0 50 50"
        aria-hidden="true"
        className="animate-spin motion-reduce:animate-none"
      >
        <circle
          cx="25"
          cy="25"
          r="20"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.2"
          strokeWidth="5"
        />
        <path
          d="M25 5a20 20 0 0 1 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="5"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label ?? t('commun.chargement')}</span>
    </div>
  );
}
