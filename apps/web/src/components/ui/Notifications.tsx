/** Renders the toast notifications (bottom by default), announced politely to screen readers. */
import { useNotifications } from '../../stores/notifications';
import { useT } from '../../lib/i18n';

const KIND_CLASS = {
  info: 'bg-ink text-white',
  success: 'bg-emerald-800 text-white',
  error: 'bg-red-800 text-white',
} as const;

export function Notifications() {
  const items = useNotifications((s) => s.items);
  const dismiss = useNotifications((s) => s.dismiss);
  const t = useT();
  const render = (position: 'top' | 'bottom') => (
    <div
      aria-live="polite"
      className={`pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 px-4 ${
        position === 'bottom' ? 'bottom-20 md:bottom-6' : 'top-20'
      }`}
    >
      {items
        .filter((n) => n.position === position)
        .map((n) => (
          <div
            key={n.id}
            role={n.kind === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex max-w-lg items-start gap-3 rounded-lg px-4 py-3 shadow-lg ${KIND_CLASS[n.kind]}`}
          >
            <p className="flex-1 text-sm">{n.message}</p>
            <button
              type="button"
              onClick={() => dismiss(n.id)}
              className="min-h-6 rounded px-1 text-sm underline"
              aria-label={t('commun.fermer')}
            >
              ×
            </button>
          </div>
        ))}
    </div>
  );
  return (
    <>
      {render('top')}
      {render('bottom')}
    </>
  );
}
