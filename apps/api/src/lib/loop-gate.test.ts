/**
 * The gate of background work (docs/decisions/162): open while the event loop is on time, a few units a tick, closed
 * after a late tick.
 */
import { describe, expect, it } from 'vitest';
import { LoopGate } from './loop-gate';

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Blocks the event loop, as a burst of synchronous work would.
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LoopGate', () => {
  it('lets work through while the loop is on time', async () => {
    // A lateness bound no busy test machine reaches by itself.
    const gate = new LoopGate(1_000, 5);
    await sleep(30);
    let passed = false;
    void gate.pass().then(() => {
      passed = true;
    });
    await Promise.resolve();
    expect(passed).toBe(true);
    gate.close();
  });

  it('holds work after a late tick and lets it through once the loop is on time again', async () => {
    const gate = new LoopGate(10, 5);
    await sleep(20);
    busy(60);
    // The tick that runs now finds the loop 55 ms late and closes the gate.
    await new Promise((r) => setImmediate(r));
    await sleep(0);
    expect(gate.lateTicks).toBeGreaterThan(0);
    let passed = false;
    const waiting = gate.pass().then(() => {
      passed = true;
    });
    expect(passed).toBe(false);
    await waiting;
    expect(passed).toBe(true);
    gate.close();
  });

  it('lets at most its units a tick through, however many wait', async () => {
    const gate = new LoopGate(1_000, 5, 4);
    let passed = 0;
    const all = Array.from({ length: 12 }, () =>
      gate.pass().then(() => {
        passed++;
      }),
    );
    await Promise.resolve();
    expect(passed).toBe(4);
    await Promise.all(all);
    expect(passed).toBe(12);
    gate.close();
  });

  it('lets every waiter through when closed', async () => {
    const gate = new LoopGate(10, 5);
    await sleep(20);
    busy(40);
    await sleep(0);
    const waits = [gate.pass(), gate.pass()];
    gate.close();
    await expect(Promise.all(waits)).resolves.toHaveLength(2);
  });
});
