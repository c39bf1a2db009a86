/** Every recorded episode the seed writes has its English name (`shared/domain/episodes-en.ts`, docs/decisions/146). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPISODES_EN } from '@limni/shared/domain/episodes-en';
import { createTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

describe('English names of the recorded episodes', () => {
  it('has one, without French words, for every seeded episode', async () => {
    const episodes = await ctx.db.db.selectFrom('episode').select(['code', 'libelle']).execute();
    expect(episodes.length).toBeGreaterThan(0);
    for (const e of episodes) {
      const en = EPISODES_EN[e.code];
      expect(en, e.code).toBeDefined();
      expect(en).not.toMatch(/\b(crue|annoncée|de|la|décembre)\b|[àâçéèêëîïôûùœ]/i);
    }
  });
});
