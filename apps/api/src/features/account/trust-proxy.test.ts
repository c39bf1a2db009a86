/**
 * TRUST_PROXY as a hop count or an address list (docs/decisions/102, issue D3): behind one trusted proxy, the
 * client is the address that proxy saw — the rightmost X-Forwarded-For entry —, never the leftmost one the client
 * may write itself; so per-IP limits hold whatever it writes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../config/env';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { reseauClient } from '../../http/limiter';
import { LIMITS } from './account.service';

const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.7';

let byHops: TestContext;
let byList: TestContext;
let none: TestContext;
beforeAll(async () => {
  byHops = await createTestApp({ env: { TRUST_PROXY: '1' } });
  byList = await createTestApp({ env: { TRUST_PROXY: `${PROXY}, 192.168.0.0/16` } });
  none = await createTestApp();
});
afterAll(async () => {
  await byHops.close();
  await byList.close();
  await none.close();
});

/** A registration attempt (empty: cheap, and still counted by the per-IP limit) through the proxy. */
const register = (ctx: TestContext, spoofed: string, remote = PROXY) =>
  ctx.request({
    method: 'POST',
    url: '/api/registration/rest/',
    payload: {},
    remoteAddress: remote,
    headers: { 'x-forwarded-for': `${spoofed}, ${CLIENT}` },
  });

describe('behind one trusted proxy', () => {
  for (const [label, ctx] of [
    ['TRUST_PROXY=1', () => byHops],
    ['TRUST_PROXY=<list>', () => byList],
  ] as const) {
    it(`${label}: a spoofed leftmost X-Forwarded-For changes nothing, the per-IP limit holds`, async () => {
      const max = LIMITS.registrationIp.max;
      for (let i = 0; i < max; i++) {
        expect((await register(ctx(), `198.51.100.${i}`)).statusCode).toBe(400);
      }
      const refused = await register(ctx(), '198.51.100.250');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      // Another real client behind the same proxy is not affected.
      const other = await ctx().request({
        method: 'POST',
        url: '/api/registration/rest/',
        payload: {},
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '203.0.113.99' },
      });
      expect(other.statusCode).toBe(400);
    });
  }

  it('a list trusts only its addresses: a request from elsewhere is its socket address', async () => {
    const max = LIMITS.registrationIp.max;
    for (let i = 0; i < max; i++) {
      expect((await register(byList, `198.51.100.${i}`, '198.18.0.1')).statusCode).toBe(400);
    }
    expect((await register(byList, '203.0.113.50', '198.18.0.1')).statusCode).toBe(429);
  });
});

describe('IPv6 clients are counted by their /64', () => {
  it('behind the proxy, the addresses of one /64 share one limit; another /64 does not', async () => {
    const max = LIMITS.registrationIp.max;
    const from = (client: string) =>
      byHops.request({
        method: 'POST',
        url: '/api/registration/rest/',
        payload: {},
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client },
      });
    for (let i = 1; i <= max; i++) {
      expect((await from(`2001:db8:1:2::${i.toString(16)}`)).statusCode).toBe(400);
    }
    // The 21st address of the same /64, written in full, is refused; the next /64 is not.
    expect((await from('2001:0db8:0001:0002:ffff:0:0:99')).statusCode).toBe(429);
    expect((await from('2001:db8:1:3::1')).statusCode).toBe(400);
  });

  it('the network of an address', () => {
    expect(reseauClient('203.0.113.7')).toBe('203.0.113.7');
    expect(reseauClient('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(reseauClient('2001:db8:1:2::1')).toBe(reseauClient('2001:0db8:0001:0002:abcd:ef01:2345:6789'));
    expect(reseauClient('2001:db8:1:2::1')).not.toBe(reseauClient('2001:db8:1:3::1'));
    expect(reseauClient('2001:db8::1')).toBe(reseauClient('2001:db8:0:0:1::'));
    expect(reseauClient('::1')).toBe(reseauClient('::2'));
  });
});

describe('without TRUST_PROXY', () => {
  it('X-Forwarded-For is ignored: the socket address is the client', async () => {
    const max = LIMITS.registrationIp.max;
    for (let i = 0; i < max; i++) {
      expect((await register(none, `198.51.100.${i}`, '198.18.0.9')).statusCode).toBe(400);
    }
    expect((await register(none, '203.0.113.51', '198.18.0.9')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY values', () => {
  it('hop counts, lists of addresses and ranges, or nothing; `true` is refused', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(EnvError);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/X-Forwarded-For/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/invalide : 10\.0\.0\.0\/40/);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.example' })).toThrow(/invalide : proxy\.example/);
  });
});
