/** The frame of the account screens, the form-level alert and the result icon. */
import type { ReactNode, RefObject } from 'react';
import { LineIcon } from '../../../components/ui/LineIcon';

/** A message about the whole form (server message, or a summary of the field errors). */
export function FormAlert({
  kind = 'error',
  children,
  alertRef,
}: {
  kind?: 'error' | 'success' | 'info';
  children: ReactNode;
  alertRef?: RefObject<HTMLDivElement | null>;
}) {
  const styles = {
    error: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
    success:
      'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
    info: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  } as const;
  return (
    <div
      ref={alertRef}
      tabIndex={-1}
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm outline-offset-2 ${styles[kind]}`}
    >
      {children}
    </div>
  );
}

/** Frame of the account screens: title, optional subtitle, the card, and an optional aside on wide screens. */
export function AccountFrame({
  title,
  subtitle,
  children,
  aside,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 md:py-14">
      <div className={aside ? 'grid gap-8 md:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] md:gap-12' : ''}>
        <div className={aside ? '' : 'mx-auto max-w-md'}>
          <h1 className="text-3xl font-bold tracking-tight text-brand dark:text-sky-200">{title}</h1>
          <div className="card mt-6 !p-5 sm:!p-7">
            {subtitle && <h2 className="mb-5 text-xl font-semibold">{subtitle}</h2>}
            {children}
          </div>
        </div>
        {aside && <aside className="md:pt-16">{aside}</aside>}
      </div>
    </div>
  );
}

/** A large round check or cross above a result (verification, e-mail sent). */
export function ResultIcon({ kind }: { kind: 'ok' | 'ko' | 'mail' }) {
  const d =
    kind === 'ok'
      ? 'M5 12.5l4.5 4.5L19 7.5'
      : kind === 'ko'
        ? 'M7 7l10 10M17 7L7 17'
        : 'M3 6l9 7 9-7M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z';
  const tone =
    kind === 'ok'
      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
      : kind === 'ko'
        ? 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300'
        : 'bg-sky-100 text-brand dark:bg-sky-950 dark:text-sky-300';
  return (
    <span
      aria-hidden="true"
      className={`mx-auto flex h-14 w-14 items-center justify-center rounded-full ${tone}`}
    >
      <LineIcon d={d} size={28} strokeWidth={2.4} />
    </span>
  );
}
