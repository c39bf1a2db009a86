import { describe, expect, it } from 'vitest';
import { libelleDepartement, nomBassin, nomDepartement } from './departement-nom';

describe('département names', () => {
  it('names a département with its code, and abroad by a word of the page’s language', () => {
    expect(libelleDepartement({ code: '74', nom: 'Haute-Savoie' }, 'en')).toBe('Haute-Savoie (74)');
    expect(libelleDepartement({ code: '99', nom: 'Étranger' }, 'fr')).toBe('Étranger');
    expect(libelleDepartement({ code: '99', nom: 'Étranger' }, 'en')).toBe('Abroad');
    expect(nomDepartement({ code: '99', nom: 'Étranger' }, 'en')).toBe('Abroad');
    expect(nomDepartement({ code: '31', nom: 'Haute-Garonne' }, 'en')).toBe('Haute-Garonne');
  });

  it('names the Swiss lakes’ basin in English, the others as they are', () => {
    expect(nomBassin({ slug: 'suisse', nom: 'Lacs suisses (OFEV)' }, 'en')).toBe('Swiss lakes (FOEN)');
    expect(nomBassin({ slug: 'suisse', nom: 'Lacs suisses (OFEV)' }, 'fr')).toBe('Lacs suisses (OFEV)');
    expect(nomBassin({ slug: 'garonne', nom: 'Garonne' }, 'en')).toBe('Garonne');
  });
});
