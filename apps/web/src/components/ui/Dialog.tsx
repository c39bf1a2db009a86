/**
 * Accessible dialog (Radix): focus trap, Escape, labelled title; opens and closes in 300 ms (docs/requirements.md
 * R12), instantly under `prefers-reduced-motion`; on close, focus goes back to the control that opened it.
 *
 * Radix and the dialog's markup are a chunk of their own (`DialogView.tsx`), loaded the first time the dialog opens
 * and kept mounted afterwards (its closing animation and focus return need it): a page that only shows a dialog's
 * button, as the place page does, does not load or run that code (docs/decisions/132).
 */
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { DialogProps } from './dialog-props';

const DialogView = lazy(() => import('./DialogView'));

export function Dialog(props: DialogProps) {
  const { open } = props;
  // Mounted from its first opening on (state derived during render, React's documented pattern).
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  // The dialogs are controlled (no Radix Trigger), so Radix does not know their opener: without this, Escape
  // would leave the focus on <body>. Read before the dialog takes the focus (layout effects run first).
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
      opener.current = document.activeElement;
    }
  }, [open]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DialogView {...props} opener={opener} />
    </Suspense>
  );
}
