/**
 * A password-reset request takes the same time whether the address is known or not (no user enumeration by timing):
 * 100 pairs of requests, a known and an unknown address in turn (the order alternating), each from its own address;
 * the median of the paired differences stays under a millisecond — a known address used to cost a lookup, a
 * limit and a token before the answer: 2 to 3 ms more on PostgreSQL. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { freshIp, signedUpUser } from '../../../test/accounts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const PAIRS = 100;

async function timed(email: string): Promise<number> {
  const t0 = process.hrtime.bigint();
  const res = await ctx.request({
    method: 'POST',
    url: '/api/auth/rest/password/reset/',
    payload: { email },
    remoteAddress: freshIp(),
  });
  const t1 = process.hrtime.bigint();
  expect(res.statusCode).toBe(200);
  // What a known address starts after the answer (its token, its mail) must not slow the next measured request.
  await new Promise((r) => setTimeout(r, 10));
  return Number(t1 - t0) / 1e6;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? NaN) : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2;
};

describe('password reset timing', () => {
  it('a known and an unknown address answer in the same time', async () => {
    const users = [];
    for (let i = 0; i < 4; i++) users.push(await signedUpUser(ctx, `Chrono${i}`));
    // Warm-up: the first requests of a process pay for compilation.
    for (let i = 0; i < 10; i++) await timed(`inconnu-chaud-${i}@exemple.fr`);
    const diffs: number[] = [];
    for (let i = 0; i < PAIRS; i++) {
      // Each account is asked at most 15 times (its own reset limit would otherwise cut the work short).
      const known = users[i % users.length]?.email ?? '';
      const unknown = `personne-${i}@exemple.fr`;
      if (i % 2 === 0) {
        const k = await timed(known);
        diffs.push(k - (await timed(unknown)));
      } else {
        const u = await timed(unknown);
        diffs.push((await timed(known)) - u);
      }
    }
    expect(Math.abs(median(diffs))).toBeLessThan(1);
  });
});
