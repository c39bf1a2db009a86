import { describe, expect, it } from 'vitest';
import { libelleMeteo, METEO_ATTRIBUTION } from './meteo';

describe('libelleMeteo', () => {
  it('names the WMO codes Open-Meteo sends, in French', () => {
    expect(libelleMeteo(0)).toBe('Ciel dégagé');
    expect(libelleMeteo(3)).toBe('Couvert');
    expect(libelleMeteo(63)).toBe('Pluie modérée');
    expect(libelleMeteo(95)).toBe('Orage');
  });

  it('returns null for a missing or unknown code', () => {
    expect(libelleMeteo(null)).toBeNull();
    expect(libelleMeteo(undefined)).toBeNull();
    expect(libelleMeteo(4)).toBeNull();
  });

  it('keeps the CC BY 4.0 attribution wording', () => {
    expect(METEO_ATTRIBUTION).toBe('Données météo : Open-Meteo.com, CC BY 4.0');
  });
});
