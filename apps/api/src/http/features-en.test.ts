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
import { hasEnglish } from './langue';

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
