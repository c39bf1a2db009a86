/** Toast notifications (docs/requirements.md R12: default timeout 5,000 ms, default position bottom). */
import { create } from 'zustand';

export const NOTIFICATION_TIMEOUT_MS = 5000;

export type NotificationKind = 'info' | 'success' | 'error';
export interface Notification {
  id: number;
  kind: NotificationKind;
  message: string;
  position: 'bottom' | 'top';
}

interface NotificationState {
  items: Notification[];
  notify: (
    message: string,
    opts?: { kind?: NotificationKind; timeout?: number; position?: 'bottom' | 'top' },
  ) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useNotifications = create<NotificationState>((set, get) => ({
  items: [],
  notify: (message, opts = {}) => {
    const id = nextId++;
    set({
      items: [
        ...get().items,
        { id, message, kind: opts.kind ?? 'info', position: opts.position ?? 'bottom' },
      ],
    });
    const timeout = opts.timeout ?? NOTIFICATION_TIMEOUT_MS;
    if (timeout > 0) window.setTimeout(() => get().dismiss(id), timeout);
    return id;
  },
  dismiss: (id) => set({ items: get().items.filter((n) => n.id !== id) }),
}));

export const notify = (...args: Parameters<NotificationState['notify']>) =>
  useNotifications.getState().notify(...args);
