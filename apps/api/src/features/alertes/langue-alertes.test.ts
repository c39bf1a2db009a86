/**
 * The « Alert me » dialog's sentences in the asked language (issue 16, ADR 125): with `Accept-Language: en-US` the
 * suggested alerts and the reason forecast alerts are not possible carry no French; without it they stay French.
 * The rules themselves (type, quantity, threshold) are the same in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LieuAlertes } from '@limni/shared/contracts/alertes';
import { signedUpUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { frenchWords as frenchWordsOf } from '../../../test/french-words';
import { lieuIdByCode } from '../../../test/referentiel';

let ctx: TestContext;
/** La Garonne à Toulouse (Pont-Neuf), on a Vigicrues stretch, with indicative thresholds. */
let TOULOUSE: number;
beforeAll(async () => {
  ctx = await createTestApp();
  TOULOUSE = await lieuIdByCode(ctx, 'O200004001');
});
afterAll(async () => ctx.close());

const frenchWords = (text: string) => frenchWordsOf(text, ['Vigicrues']);

describe('the « Alert me » dialog in English', () => {
  it('suggestions and the forecast reason in English, the same rules as in French', async () => {
    const { token } = await signedUpUser(ctx, 'AlerteAnglaise');
    const get = async (langue: string) => {
      const res = await ctx.request({
        url: `/api/user/alertes/lieu/${TOULOUSE}`,
        token,
        headers: { 'accept-language': langue },
      });
      expect(res.statusCode, res.body).toBe(200);
      return z.parse(LieuAlertes, res.json());
    };
    const en = await get('en-US,en;q=0.9');
    const fr = await get('fr-FR');
    expect(en.suggestions.length).toBeGreaterThan(0);
    expect(en.suggestions.map((s) => s.regle)).toEqual(fr.suggestions.map((s) => s.regle));
    for (const s of en.suggestions) {
      expect(frenchWords(`${s.description} ${s.raison}`), s.description).toEqual([]);
      // A threshold rule names its value in US English.
      if (s.regle.type === 'au_dessus') {
        expect(s.description).toContain(`${(s.regle.seuil ?? NaN).toFixed(2)} m`);
      }
    }
    for (const s of fr.suggestions) {
      expect(frenchWords(`${s.description} ${s.raison}`).length).toBeGreaterThan(0);
    }
    // A new account may not see forecasts: the reason is given in both languages.
    expect(fr.prevision_raison).not.toBeNull();
    expect(frenchWords(fr.prevision_raison ?? '').length).toBeGreaterThan(0);
    expect(frenchWords(en.prevision_raison ?? '')).toEqual([]);
    expect(en.prevision_raison).not.toBe(fr.prevision_raison);
  });
});
