import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERIC_FR } from './errors-en';
import { errorBodyIn, hasEnglish, inLangue, langueOf } from './langue';

describe('langueOf (Accept-Language)', () => {
  it.each([
    [undefined, 'fr'],
    ['', 'fr'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,en;q=0.5', 'en'],
    ['de-DE,es', 'fr'],
    ['en;q=0.2,fr;q=0.7', 'fr'],
    ['en;q=0,fr;q=0.1', 'fr'],
    ['*', 'fr'],
    [['en-GB', 'fr;q=0.1'], 'en'],
    ['en;q=abc', 'fr'],
  ] as const)('%j → %s', (header, langue) =>
    expect(langueOf(header as string | string[] | undefined)).toBe(langue),
  );
});

/** Message literals of the shared contracts: the last argument of a check, or an `error:`/`message:` option. */
function contractMessages(): string[] {
  const dir = path.resolve(import.meta.dirname, '../../../../packages/shared/src/contracts');
  const out = new Set<string>();
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const code = fs.readFileSync(path.join(dir, f), 'utf8');
    for (const m of code.matchAll(/(?:,\s*|error:\s*|message:\s*)(['"])((?:(?!\1).)*)\1/g)) {
      const text = (m[2] ?? '').replace(/\\u00a0/g, '\u00a0');
      // A sentence: it has a space and starts with a capital letter or a French quotation mark.
      if (/\s/.test(text) && /^[A-ZÀ-Ý«]/.test(text)) out.add(text);
    }
  }
  return [...out];
}

describe('every message has its English', () => {
  it('the field messages of the shared contracts', () => {
    const messages = contractMessages();
    expect(messages.length).toBeGreaterThan(20);
    expect(messages.filter((m) => !hasEnglish(m))).toEqual([]);
  });

  it('the generic errors, each different from its French', () => {
    for (const fr of Object.values(GENERIC_FR)) {
      expect(hasEnglish(fr), fr).toBe(true);
      expect(inLangue(fr, 'en'), fr).not.toBe(fr);
    }
  });

  it('messages that carry a value keep it', () => {
    expect(inLangue('Trop de tentatives. Merci de réessayer dans 300 s (environ 5 min).', 'en')).toBe(
      'Too many attempts. Please try again in 300 s (about 5 min).',
    );
    expect(
      inLangue("Requête invalide (chemin : id) : L'identifiant doit être un nombre entier positif", 'en'),
    ).toBe('Invalid request (path: id): The id must be a positive integer');
    expect(inLangue('Aucune route ne correspond à GET /api/nope.', 'en')).toBe(
      'No route matches GET /api/nope.',
    );
  });

  it('an error body keeps its code and translates its message and fields', () => {
    const fr = {
      error: {
        code: 'validation' as const,
        message: GENERIC_FR.badRequest,
        fields: { date: [GENERIC_FR.invalidValue] },
      },
    };
    expect(errorBodyIn(fr, 'en')).toEqual({
      error: { code: 'validation', message: 'Invalid request.', fields: { date: ['Invalid value'] } },
    });
    expect(errorBodyIn(fr, 'fr')).toBe(fr);
  });
});
