/**
 * Vitest setup (every project): a test that writes to `console.error` or `console.warn` fails, unless it says
 * beforehand which message it expects with `expectConsole(/pattern/)`. Noise in a test run is either a bug or an
 * expectation nobody wrote down (docs/decisions/084-tests-fail-on-console-noise.md).
 */
import { afterEach, beforeEach, expect, vi } from 'vitest';

type Level = 'error' | 'warn';
interface Logged {
  level: Level;
  text: string;
}

let logged: Logged[] = [];
let allowed: RegExp[] = [];

/** Declares a console message the current test expects (matched against `level: text`); it no longer fails it. */
export function expectConsole(pattern: RegExp): void {
  allowed.push(pattern);
}

const format = (args: unknown[]) =>
  args
    .map((a) => (a instanceof Error ? (a.stack ?? a.message) : typeof a === 'string' ? a : String(a)))
    .join(' ');

beforeEach(() => {
  logged = [];
  allowed = [];
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push({ level, text: format(args) });
    });
  }
});

afterEach(() => {
  vi.mocked(console.error).mockRestore(); // eslint-disable-line no-console -- restores the spy set above
  vi.mocked(console.warn).mockRestore(); // eslint-disable-line no-console -- restores the spy set above
  const unexpected = logged.filter((l) => !allowed.some((p) => p.test(`${l.level}: ${l.text}`)));
  expect(unexpected, 'messages written to console.error/warn during the test').toEqual([]);
});
