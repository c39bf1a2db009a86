/**
 * At most `max` tasks at once; the others wait in order, at most `maxWaiting` of them (then `run` refuses with
 * `SemaphoreFullError` at once instead of queueing without bound).
 */
export class SemaphoreFullError extends Error {
  constructor() {
    super('file d’attente pleine');
    this.name = 'SemaphoreFullError';
  }
}

export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting = Infinity,
  ) {}

  /** Tasks running now and waiting, for tests and logs. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) {
      if (this.waiting.length >= this.maxWaiting) throw new SemaphoreFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task (active stays the same), or is freed.
      if (next) next();
      else this.active--;
    }
  }
}
