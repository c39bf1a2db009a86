import type { ReactNode } from 'react';

/** Opening and closing last 300 ms (docs/requirements.md R12), none under `prefers-reduced-motion`. */
export const DIALOG_TRANSITION_MS = 300;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}
