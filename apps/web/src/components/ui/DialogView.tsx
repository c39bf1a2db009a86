/**
 * The dialog itself (Radix): focus trap, Escape, labelled title. Loaded by `Dialog.tsx` the first time a dialog
 * opens, so that Radix is not in the code of the pages that show a dialog's button.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import type { RefObject } from 'react';
import { useT } from '../../lib/i18n';
import { DIALOG_TRANSITION_MS, type DialogProps } from './dialog-props';

export default function DialogView({
  open,
  onOpenChange,
  title,
  description,
  children,
  opener,
}: DialogProps & { opener: RefObject<HTMLElement | null> }) {
  const t = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay
          className="fixed inset-0 z-50 bg-black/40 data-[state=closed]:animate-fondu-sortie data-[state=open]:animate-fondu-entree"
          style={{ animationDuration: `${DIALOG_TRANSITION_MS}ms` }}
        />
        <RadixDialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl data-[state=closed]:animate-dialogue-sortie data-[state=open]:animate-dialogue-entree dark:bg-[#0f1a22]"
          style={{ animationDuration: `${DIALOG_TRANSITION_MS}ms` }}
          onCloseAutoFocus={(event) => {
            const el = opener.current;
            if (el?.isConnected) {
              event.preventDefault();
              el.focus();
            }
          }}
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          <div className="mt-4">{children}</div>
          <RadixDialog.Close
            className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-lg hover:bg-sky-50 dark:hover:bg-white/5"
            aria-label={t('commun.fermer')}
          >
            <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth={2} strokeLinecap="round" />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
