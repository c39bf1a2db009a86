/**
 * The web app's only door to the console (lint forbids `console` elsewhere): failures docs/requirements.md R11 says are "only
 * logged" (push registration) end up here, prefixed so they are easy to find in the browser's console.
 */
/* eslint-disable no-console -- the one module that writes to the browser console (lib/logger) */
export const logger = {
  warn(message: string, detail?: unknown): void {
    console.warn(`[Limni] ${message}`, ...(detail === undefined ? [] : [detail]));
  },
  error(message: string, detail?: unknown): void {
    console.error(`[Limni] ${message}`, ...(detail === undefined ? [] : [detail]));
  },
};
