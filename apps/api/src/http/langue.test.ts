import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { langueOf } from './langue';
import { contractHasEnglish, GENERIC } from './messages';

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
    expect(messages.filter((m) => !contractHasEnglish(m))).toEqual([]);
  });

  it('the generic errors, each different from its French', () => {
    for (const t of Object.values(GENERIC)) expect(t.en, t.fr).not.toBe(t.fr);
  });
});
