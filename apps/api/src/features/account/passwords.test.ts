import { describe, expect, it } from 'vitest';
import { ARGON2_TEST_OPTIONS, argon2Options, hashPassword, verifyNothing, verifyPassword } from './passwords';

describe('argon2id cost', () => {
  it('is the production cost of ADR 032 (64 MiB, t = 3, p = 4) everywhere but under NODE_ENV=test', async () => {
    for (const nodeEnv of ['production', 'development'] as const) {
      const stored = await hashPassword('Truite-Vague-42-Saumon', argon2Options(nodeEnv));
      expect(stored, nodeEnv).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
      expect(await verifyPassword(stored, 'Truite-Vague-42-Saumon')).toBe(true);
      expect(await verifyPassword(stored, 'Truite-Vague-42-saumon')).toBe(false);
    }
    // Without options, the production cost too.
    expect(await hashPassword('Heron-Cendre-17-Berge')).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4\$/);
  });

  it('is argon2id at a lower cost in tests, and a hash of either cost verifies with the other in force', async () => {
    expect(argon2Options('test')).toBe(ARGON2_TEST_OPTIONS);
    const light = await hashPassword('Truite-Vague-42-Saumon', argon2Options('test'));
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(light);
    expect(m).not.toBeNull();
    expect(Number(m?.[1])).toBeLessThan(65536);
    expect(await verifyPassword(light, 'Truite-Vague-42-Saumon')).toBe(true);
  });

  it('spends a verification of the same cost when there is no account, and always says no', async () => {
    expect(await verifyNothing('limni-pas-de-compte-correspondant', argon2Options('test'))).toBe(false);
    expect(await verifyNothing('nimporte-quoi', argon2Options('test'))).toBe(false);
  });
});
