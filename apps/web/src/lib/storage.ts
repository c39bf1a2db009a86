/** localStorage keys (docs/requirements.md R5.4) and typed access that never throws (private mode, quota). */
export const STORAGE_KEYS = {
  token: 'USER_TOKEN',
  user: 'USER_INFOS',
  favoris: 'favoris',
  bassin: 'bassin',
  langue: 'langue',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the app keeps working without persistence.
  }
}

export function readJson<T>(key: string, fallback: T, guard: (v: unknown) => v is T): T {
  const raw = readStorage(key);
  if (!raw) return fallback;
  try {
    const v: unknown = JSON.parse(raw);
    return guard(v) ? v : fallback;
  } catch {
    return fallback;
  }
}
