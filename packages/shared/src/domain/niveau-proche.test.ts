import { describe, expect, it } from 'vitest';
import { FRAICHEUR_TAMPON_MS, niveauProche, toleranceNiveau } from './niveau-proche';

const T = Date.parse('2022-01-10T12:45:00Z');

describe('a photo of a close level', () => {
  it('is within 0.25 m of a water level, within 20 % of a flow', () => {
    expect(niveauProche('H', 3.2, 3.1, T, T + 600_000)).toBe(true);
    expect(niveauProche('H', 3.2, 2.95, T, T)).toBe(true);
    expect(niveauProche('H', 3.2, 2.94, T, T)).toBe(false);
    expect(niveauProche('H', 3.2, 0.7, T, T)).toBe(false);
    expect(toleranceNiveau('Q', 150)).toBe(30);
    expect(niveauProche('Q', 150, 121, T, T)).toBe(true);
    expect(niveauProche('Q', 150, 119, T, T)).toBe(false);
  });

  it('needs a stamp read at most 3 hours before the post, never after it', () => {
    expect(niveauProche('H', 3.2, 3.2, T, T + FRAICHEUR_TAMPON_MS)).toBe(true);
    expect(niveauProche('H', 3.2, 3.2, T, T + FRAICHEUR_TAMPON_MS + 1)).toBe(false);
    expect(niveauProche('H', 3.2, 3.2, T + 1, T)).toBe(false);
  });
});
