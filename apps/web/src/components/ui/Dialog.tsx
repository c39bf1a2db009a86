/** Accessible dialog (Radix): focus trap, Escape, labelled title; transition 300 ms (docs/requirements.md R12). */
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';

export const DIALOG_TRANSITION_MS = 300;

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className="fixed inset-0 z-50 bg-black/40 transition-opacity data-[state=closed]:opacity-0 data-[state=open]:opacity-100"
          style={{ transitionDuration: `${DIALOG_TRANSITION_MS}ms` }}
        />
        <RadixDialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl transition-all data-[state=closed]:scale-95 data-[state=closed]:opacity-0 dark:bg-[#0f1a22]"
          style={{ transitionDuration: `${DIALOG_TRANSITION_MS}ms` }}
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-lg text-xl hover:bg-sky-50 dark:hover:bg-white/5"
            aria-label={t('commun.fermer')}
          >
            ×
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
