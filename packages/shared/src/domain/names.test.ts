import { describe, expect, it } from 'vitest';
import { bracketsToParentheses, nameKey, riverDisplayName, slugify, withoutArticle } from './names';

describe('riverDisplayName', () => {
  it.each([
    ['la Loire', 'La Loire'],
    ['La Loire', 'La Loire'],
    ["l'Auzon", "L'Auzon"],
    ["l' ariège", "L'Ariège"],
    ["maroni, le (fleuve); lawa, la (rivière); alitanie, l' (rivière)", 'Le Maroni'],
    ['orapu (rivière)', 'Orapu'],
    ['écaillon', 'Écaillon'],
    ["Ruisseau l'Arentele", "Ruisseau l'Arentele"],
    ['', ''],
  ])('%s → %s', (raw, display) => expect(riverDisplayName(raw)).toBe(display));
});

describe('name helpers', () => {
  it('groups names case- and accent-insensitively', () => {
    expect(nameKey('La  Lèze')).toBe(nameKey('la leze'));
  });
  it('slugifies', () => expect(slugify("L'Ariège amont")).toBe('l-ariege-amont'));
  it('drops the article', () => expect(withoutArticle("L'Ariège")).toBe('Ariège'));
  it('turns brackets into parentheses', () =>
    expect(bracketsToParentheses('Toulouse [Pont-Neuf]')).toBe('Toulouse (Pont-Neuf)'));
});
