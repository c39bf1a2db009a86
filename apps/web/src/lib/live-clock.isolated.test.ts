import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeTick, TICK_MS } from './live-clock';

/** A document whose visibility the test sets, and that dispatches `visibilitychange`. */
const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
const setVisibility = (v: DocumentVisibilityState) => {
  doc.visibilityState = v;
  doc.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse('2026-03-12T13:30:00Z') });
  vi.stubGlobal('document', doc);
  doc.visibilityState = 'visible';
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live clock’s one timer', () => {
  it('tells every subscriber the same time every TICK_MS, and stops with the last one', () => {
    const a = vi.fn<(now: number) => void>();
    const b = vi.fn<(now: number) => void>();
    const offA = subscribeTick(a);
    const offB = subscribeTick(b);
    vi.advanceTimersByTime(TICK_MS - 1);
    expect(a).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    const first = Date.parse('2026-03-12T13:30:00Z') + TICK_MS;
    expect(a).toHaveBeenCalledExactlyOnceWith(first);
    expect(b).toHaveBeenCalledExactlyOnceWith(first);
    // One interval for both: the timers pending are one.
    expect(vi.getTimerCount()).toBe(1);
    offA();
    vi.advanceTimersByTime(TICK_MS);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(2);
    offB();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * TICK_MS);
    expect(b).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while the tab is hidden, and ticks once when it is shown again', () => {
    const a = vi.fn<(now: number) => void>();
    const off = subscribeTick(a);
    setVisibility('hidden');
    vi.advanceTimersByTime(5 * TICK_MS);
    expect(a).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    setVisibility('visible');
    expect(a).toHaveBeenCalledExactlyOnceWith(Date.parse('2026-03-12T13:30:00Z') + 5 * TICK_MS + 1_000);
    off();
    // Unsubscribed: showing the tab again does not tick.
    setVisibility('hidden');
    setVisibility('visible');
    expect(a).toHaveBeenCalledTimes(1);
  });
});
