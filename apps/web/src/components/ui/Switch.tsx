/** An on/off setting: a native checkbox with the `switch` role (keyboard, label and state for free). */
import { useId, type ReactNode } from 'react';

export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
  compact = false,
}: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Label and switch side by side (in a row of a list) instead of spread across the width. */
  compact?: boolean;
}) {
  const id = useId();
  return (
    <div className={`flex ${compact ? 'items-center gap-2' : 'items-start justify-between gap-4 py-2'}`}>
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {description && (
          <p id={`${id}-d`} className="mt-0.5 text-sm text-muted">
            {description}
          </p>
        )}
      </div>
      <span className="relative inline-flex min-h-11 shrink-0 items-center">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          disabled={disabled}
          aria-describedby={description ? `${id}-d` : undefined}
          onChange={(e) => onChange(e.target.checked)}
          className="peer h-7 w-12 cursor-pointer appearance-none rounded-full border-2 border-slate-500 bg-slate-200 transition-colors checked:border-brand checked:bg-brand disabled:cursor-not-allowed disabled:opacity-60 dark:bg-slate-700 dark:checked:border-sky-400 dark:checked:bg-sky-600"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-1 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}
