import { describe, expect, it } from 'vitest';
import { typographicSign } from './units';

describe('typographicSign', () => {
  const fr = (v: number, d: number) =>
    typographicSign(
      new Intl.NumberFormat('fr-FR', { minimumFractionDigits: d, maximumFractionDigits: d }).format(v),
    );
  const en = (v: number, d: number) =>
    typographicSign(
      new Intl.NumberFormat('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }).format(v),
    );

  it('writes a negative value with the minus sign U+2212, in French and in English', () => {
    expect(fr(-0.04, 2)).toBe('\u22120,04');
    expect(en(-1.7, 1)).toBe('\u22121.7');
    expect(fr(-1234.5, 1)).toBe('\u22121\u202f234,5');
  });

  it('leaves positive values alone and gives no sign to a value rounded to zero', () => {
    expect(fr(0.04, 2)).toBe('0,04');
    expect(fr(-0.001, 2)).toBe('0,00');
    expect(en(-0.04, 0)).toBe('0');
  });
});
