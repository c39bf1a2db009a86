import { describe, expect, it } from 'vitest';
import { libelleMeteo, METEO_ATTRIBUTION, WMO_CODES } from './meteo';

describe('libelleMeteo', () => {
  it('names the WMO codes Open-Meteo sends, in French', () => {
    expect(libelleMeteo(0)).toBe('Ciel dégagé');
    expect(libelleMeteo(3)).toBe('Couvert');
    expect(libelleMeteo(63)).toBe('Pluie modérée');
    expect(libelleMeteo(95)).toBe('Orage');
  });

  it('names them in US English when asked, code for code', () => {
    expect(libelleMeteo(0, 'en')).toBe('Clear sky');
    expect(libelleMeteo(63, 'en')).toBe('Moderate rain');
    expect(libelleMeteo(4, 'en')).toBeNull();
    expect(WMO_CODES.en).toEqual(WMO_CODES.fr);
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
