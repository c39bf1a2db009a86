/**
 * The « Alert me » dialog's sentences in the asked language (ADR 125): with `Accept-Language: en-US` the
 * suggested alerts and the reason forecast alerts are not possible carry no French; without it they stay French.
 * The rules themselves (type, quantity, threshold) are the same in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { LieuAlertes, Regle, ReglesResponse } from '@limni/shared/contracts/alertes';
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

  it('the rules a person set (the profile, « My alerts », the dialog): their line in the asked language', async () => {
    const { token } = await signedUpUser(ctx, 'AlertesProfilEn');
    const EN = { 'accept-language': 'en-US,en;q=0.9' };
    const FR = { 'accept-language': 'fr-FR' };
    // A rise of 12.5 cm an hour: a decimal, written the US way in English.
    const montee = 0.125;
    const created = await ctx.request({
      method: 'POST',
      url: `/api/user/alertes/lieu/${TOULOUSE}`,
      token,
      headers: EN,
      payload: {
        regles: [
          { type: 'au_dessus', grandeur: 'H', seuil: 3 },
          { type: 'montee', grandeur: 'H', seuil: montee },
          { type: 'vigilance' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const dialog = z.parse(LieuAlertes, created.json());
    const list = async (headers: Record<string, string>) => {
      const res = await ctx.request({ url: '/api/user/alertes', token, headers });
      expect(res.statusCode, res.body).toBe(200);
      return z.parse(ReglesResponse, res.json()).regles;
    };
    const en = await list(EN);
    const fr = await list(FR);
    expect(en.map((r) => r.type).sort()).toEqual(['au_dessus', 'montee', 'vigilance']);
    expect(en.map(({ description: _d, ...r }) => r)).toEqual(fr.map(({ description: _d, ...r }) => r));
    expect(dialog.regles.map((r) => r.description)).toEqual(en.map((r) => r.description));
    const us = (v: number, decimals: number) =>
      v.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    const line = (rules: Regle[], type: string) => rules.find((r) => r.type === type)?.description ?? '';
    expect(line(en, 'au_dessus')).toContain(`${us(3, 2)} m`);
    const cm = montee * 100;
    expect(line(en, 'montee')).toContain(`${cm.toLocaleString('en-US')} cm/h`);
    expect(line(fr, 'montee')).toContain(`${cm.toLocaleString('fr-FR')} cm/h`);
    for (const r of en) expect(frenchWords(r.description), r.description).toEqual([]);
    for (const [i, r] of fr.entries()) expect(r.description).not.toBe(en[i]?.description);
    expect(frenchWords(line(fr, 'vigilance')).length).toBeGreaterThan(0);

    // Switching one off answers the rule in the asked language too.
    const id = en.find((r) => r.type === 'vigilance')?.id;
    const patched = await ctx.request({
      method: 'PATCH',
      url: `/api/user/alertes/regles/${id}`,
      token,
      headers: EN,
      payload: { actif: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(z.parse(Regle, patched.json()).description).toBe(line(en, 'vigilance'));
  });
});
