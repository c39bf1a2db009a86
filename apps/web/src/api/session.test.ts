import { describe, expect, it } from 'vitest';
import { refreshDelayMs, tokenLifetimeS } from './session';

const b64url = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
const token = (payload: object) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature`;

describe('token refresh timing', () => {
  it('reads the life of a token from its own iat and exp', () => {
    expect(tokenLifetimeS(token({ sub: '1', username: 'a', iat: 1_000, exp: 4_600 }))).toBe(3_600);
    expect(tokenLifetimeS(token({ sub: '1', username: 'a' }))).toBeNull();
    expect(tokenLifetimeS(token({ iat: 5, exp: 5 }))).toBeNull();
    expect(tokenLifetimeS('pas-un-jeton')).toBeNull();
  });

  it('refreshes 5 minutes before expiry, or a fifth of a short life, never sooner than 10 s', () => {
    expect(refreshDelayMs(3_600)).toBe(55 * 60_000);
    expect(refreshDelayMs(60)).toBe(48_000);
    expect(refreshDelayMs(5)).toBe(10_000);
  });
});
