/**
 * Alerts hidden for the session (docs/requirements.md R7.8): kept in sessionStorage, so they
 * come back in a new tab or after the browser is closed. Shared by the entity, place and alerts screens.
 */
import { create } from 'zustand';

export const ALERTES_MASQUEES_KEY = 'alertesMasquees';

function read(): number[] {
  try {
    const raw = window.sessionStorage.getItem(ALERTES_MASQUEES_KEY);
    const v: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

function write(ids: number[]): void {
  try {
    if (ids.length === 0) window.sessionStorage.removeItem(ALERTES_MASQUEES_KEY);
    else window.sessionStorage.setItem(ALERTES_MASQUEES_KEY, JSON.stringify(ids));
  } catch {
    // Storage unavailable: hiding still works until the page is reloaded.
  }
}

interface AlertesMasqueesState {
  ids: number[];
  masquer: (id: number) => void;
  /** Shows again the given alerts (all hidden ones without argument). */
  reafficher: (ids?: readonly number[]) => void;
}

export const useAlertesMasquees = create<AlertesMasqueesState>((set, get) => ({
  ids: read(),
  masquer: (id) => {
    if (get().ids.includes(id)) return;
    const ids = [...get().ids, id];
    write(ids);
    set({ ids });
  },
  reafficher: (which) => {
    const ids = which ? get().ids.filter((id) => !which.includes(id)) : [];
    write(ids);
    set({ ids });
  },
}));
