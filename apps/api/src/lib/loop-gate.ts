/**
 * Background work that yields to requests (docs/decisions/162): a gate that background loops pass before each unit
 * of work. A timer measures the event loop's lateness every `tickMs`. A tick later than `maxLagMs` closes the gate;
 * each tick on time lets at most `perTick` units through until the next one, so work released together never comes
 * as one long burst. Requests never wait on it: only the work that asks does, so a fan-out of alerts slows down
 * instead of making the instance's answers slow.
 */
export class LoopGate {
  private tokens: number;
  private waiters: Array<() => void> = [];
  private last = performance.now();
  private readonly timer: NodeJS.Timeout;
  /** Ticks found late since the gate was made (tests, benches). */
  lateTicks = 0;

  constructor(
    private readonly maxLagMs = 10,
    private readonly tickMs = 5,
    private readonly perTick = 4,
  ) {
    this.tokens = perTick;
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  private tick(): void {
    const now = performance.now();
    const lag = now - this.last - this.tickMs;
    this.last = now;
    if (lag > this.maxLagMs) {
      this.lateTicks++;
      this.tokens = 0;
      return;
    }
    this.tokens = this.perTick;
    while (this.tokens > 0 && this.waiters.length > 0) {
      this.tokens--;
      this.waiters.shift()?.();
    }
  }

  /** Resolves at once while this tick's units are not all used and the loop is on time, else at a later tick. */
  pass(): Promise<void> {
    if (this.tokens > 0) {
      this.tokens--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Stops the timer and lets every waiter through. */
  close(): void {
    clearInterval(this.timer);
    this.tokens = Infinity;
    const waiting = this.waiters;
    this.waiters = [];
    for (const w of waiting) w();
  }
}
