import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ListesSibResponse } from '@limni/shared/contracts/communication';
import { createTestApp, type TestContext } from '../../../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('GET /api/communication/listes-sib', () => {
  it('lists the seeded mailing lists, cacheable', async () => {
    const res = await ctx.request({ url: '/api/communication/listes-sib' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const listes = z.parse(ListesSibResponse, res.json());
    expect(listes.map((l) => [l.id, l.nom])).toEqual([
      [1, 'La lettre de Limni'],
      [2, 'Étiages et crues : le point de saison'],
      [3, 'Nouveautés de Limni'],
    ]);
    expect(listes.every((l) => l.description.length > 40)).toBe(true);
  });

  it('follows the table', async () => {
    await ctx.db.db.deleteFrom('liste_sib').where('id', '=', 3).execute();
    const listes = z.parse(
      ListesSibResponse,
      (await ctx.request({ url: '/api/communication/listes-sib' })).json(),
    );
    expect(listes.map((l) => l.id)).toEqual([1, 2]);
  });
});
