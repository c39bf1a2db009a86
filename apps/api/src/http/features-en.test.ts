/**
 * Every error message the features throw (a literal passed to notFound/badRequest/conflict/forbidden, or a
 * `const message = …` next to them) has an English version (docs/decisions/125). Template values are replaced by a
 * sample number. The account feature has its own catalogue and test.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { createTestApp, type TestContext } from '../../test/helpers';
import './errors-en';
import { describeRule, TYPES_REGLE, type RegleDescriptible } from '@limni/shared/domain/alertes';
import { hasEnglish, inLangue } from './langue';

const FEATURES = join(__dirname, '..', 'features');
const sources = readdirSync(FEATURES, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('account'))
  .map((f) => ({ file: f, text: readFileSync(join(FEATURES, f), 'utf8') }));

const CALL = /\b(?:notFound|badRequest|conflict|forbidden)\(\s*(['"`])((?:(?!\1).)+)\1/gs;
const MESSAGE = /\bconst message =\s*(['"`])((?:(?!\1).)+)\1/gs;

describe('feature error messages', () => {
  const found = sources.flatMap(({ file, text }) =>
    [...text.matchAll(CALL), ...text.matchAll(MESSAGE)].map((m) => ({
      file,
      message: (m[2] as string).replace(/\$\{[^}]*\}/g, '12'),
    })),
  );

  it('finds the messages (the scan works)', () => {
    expect(found.length).toBeGreaterThan(20);
  });

  it('each has an English version', () => {
    const missing = found.filter((f) => /[a-zà-ÿ]{3}/i.test(f.message) && !hasEnglish(f.message));
    expect(missing).toEqual([]);
  });
});

describe('the duplicate-alert message names the rule in the asked language', () => {
  // Thresholds around every rounding and grouping edge: negative, zero, sub-centimetre, the flow's 10 and 100
  // decimal steps, thousands.
  const SEUILS = [
    -1.234, -0.005, 0, 0.004, 0.5, 2, 3.456, 9.994, 9.996, 12.34, 99.95, 123.4, 1234.5, 98765.4,
  ];
  const rules = TYPES_REGLE.flatMap<RegleDescriptible>((type) =>
    type === 'vigilance'
      ? [{ type, grandeur: null, seuil: null, seuil2: null, horizonH: null }]
      : (['H', 'Q'] as const).flatMap((grandeur) =>
          SEUILS.map((seuil, i) => ({
            type,
            grandeur,
            seuil,
            seuil2: type === 'retour_plage' ? (SEUILS[(i + 3) % SEUILS.length] as number) : null,
            horizonH: type === 'prevision' ? ([1, 24, 72][i % 3] ?? null) : null,
          })),
        ),
  );

  it('every kind of rule, read from the French message, is the English description', () => {
    expect(new Set(rules.map((r) => r.type))).toEqual(new Set(TYPES_REGLE));
    for (const r of rules) {
      const fr = `Vous avez déjà cette alerte sur ce lieu : ${describeRule(r)}.`;
      expect(inLangue(fr, 'en'), fr).toBe(
        `You already have this alert on this place: ${describeRule(r, 'en')}.`,
      );
      expect(inLangue(fr, 'fr')).toBe(fr);
    }
  });
});

describe('a feature error answered in the asked language', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx.close());

  it('an unknown place: English to an English request, French otherwise, same code', async () => {
    const ask = (lang: string) =>
      ctx.request({ url: '/api/hydro/lieu/987654', headers: { 'accept-language': lang } });
    const en = await ask('en-US,en;q=0.9');
    const fr = await ask('fr-FR');
    expect(en.statusCode).toBe(404);
    expect(fr.statusCode).toBe(404);
    const enBody = z.parse(ErrorBody, en.json()).error;
    const frBody = z.parse(ErrorBody, fr.json()).error;
    expect(enBody.code).toBe(frBody.code);
    expect(frBody.message).toBe("Aucun lieu ne porte l'identifiant 987654.");
    expect(enBody.message).toBe('No place has the identifier 987654.');
  });
});
