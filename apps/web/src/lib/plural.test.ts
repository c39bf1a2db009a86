import { describe, expect, it } from 'vitest';
import { plural, pluralForm } from './plural';

describe('plural', () => {
  it('puts 0 and 1 in the singular in French (the default language)', () => {
    expect([0, 1, 1.5, 2, 1000].map((n) => pluralForm(n))).toEqual(['one', 'one', 'one', 'other', 'other']);
    expect(plural(1, 'lieux')).toBe('lieux_one');
    expect(plural(3, 'lieux')).toBe('lieux_other');
  });

  it('puts only 1 in the singular in English', () => {
    expect([0, 1, 2].map((n) => pluralForm(n, 'en-GB'))).toEqual(['other', 'one', 'other']);
  });
});
