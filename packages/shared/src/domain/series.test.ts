import { describe, expect, it } from 'vitest';
import { serieLibelle, SERIE_STYLES, yRange } from './series';

describe('serieLibelle', () => {
  it('uses the sensor label and unit, or the quantity name', () => {
    expect(serieLibelle('Débit moyen journalier', 'Q', 'm³/s')).toBe('Débit moyen journalier (m³/s)');
    expect(serieLibelle(null, 'H', 'm')).toBe("Hauteur d'eau (m)");
    expect(serieLibelle('  ', 'T', '°C')).toBe("Température de l'eau (°C)");
  });
  it('gives each quantity its own colour', () => {
    const colours = Object.values(SERIE_STYLES).map((s) => s.couleur);
    expect(new Set(colours).size).toBe(colours.length);
  });
});

describe('yRange', () => {
  it('pads the data range by 10 % on each side', () => {
    expect(yRange('H', 1, 3)).toEqual({ min: 0.8, max: 3.2 });
  });
  it('includes the thresholds', () => {
    expect(yRange('H', 1, 2, [0.5, 4])).toEqual({ min: 0.15, max: 4.35 });
  });
  it('never goes below 0 for flows', () => {
    expect(yRange('Q', 0.5, 20)).toEqual({ min: 0, max: 22 });
  });
  it('keeps a minimal span on a flat series, and negative levels as they are', () => {
    expect(yRange('H', -0.3, -0.3)).toEqual({ min: -0.4, max: -0.2 });
  });
  it('is null without data or thresholds', () => {
    expect(yRange('H', null, null)).toBeNull();
    expect(yRange('H', null, null, [1])).toEqual({ min: 0.9, max: 1.1 });
  });
});
