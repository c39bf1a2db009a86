import { describe, expect, it } from 'vitest';
import type { RechercheTerms } from '@limni/shared/contracts/hydro';
import { searchTerms } from './search';

const terms: RechercheTerms = {
  entites: [
    { id: 1, nom: 'La Garonne', type: 'R' },
    { id: 2, nom: 'Le bras inférieur de la Garonne', type: 'R' },
    { id: 3, nom: 'Lac du Bourget', type: 'L' },
    { id: 4, nom: "L'Ariège", type: 'R' },
  ],
  lieux: [
    {
      id: 10,
      nom: 'Toulouse (Pont-Neuf)',
      departement: '31',
      entite_id: 1,
      entite_nom: 'La Garonne',
      type: 'R',
    },
    { id: 11, nom: 'Foix', departement: '09', entite_id: 4, entite_nom: "L'Ariège", type: 'R' },
    { id: 12, nom: 'Garonne amont', departement: '31', entite_id: 1, entite_nom: 'La Garonne', type: 'R' },
    {
      id: 13,
      nom: 'Aix-les-Bains',
      departement: '73',
      entite_id: 3,
      entite_nom: 'Lac du Bourget',
      type: 'L',
    },
  ],
};

describe('searchTerms', () => {
  it('needs two characters', () => {
    expect(searchTerms(terms, 'g')).toEqual([]);
  });

  it('puts lakes and rivers first, a word start before a match inside, then places', () => {
    const hits = searchTerms(terms, 'garonne');
    expect(hits.map((h) => `${h.kind}:${h.id}`)).toEqual([
      'entite:1',
      'entite:2',
      // A place named after the river, then the places of the river (found through its name).
      'lieu:12',
      'lieu:10',
    ]);
    expect(hits[0]).toMatchObject({ href: '/entite/1/liste/activite/1' });
    expect(hits[2]).toMatchObject({ href: '/lieu/12/a-1', entiteNom: 'La Garonne', departement: '31' });
  });

  it('offers no name that only holds the query inside a word when another name has a word starting with it', () => {
    // Names as the seed writes them: « Lac Léman » (lakes.geojson, nom_fr) and the river of station A9832010.
    const real: RechercheTerms = {
      entites: [
        { id: 1, nom: 'La Nied Allemande', type: 'R' },
        { id: 2, nom: 'Lac Léman', type: 'L' },
      ],
      lieux: [
        {
          id: 3,
          nom: 'Faulquemont',
          departement: '57',
          entite_id: 1,
          entite_nom: 'La Nied Allemande',
          type: 'R',
        },
      ],
    };
    expect(searchTerms(real, 'Léman').map((h) => h.nom)).toEqual(['Lac Léman']);
    // With nothing better, a match inside a word is still offered (« mande » of « Allemande »).
    expect(searchTerms(real, 'mande').map((h) => h.nom)).toEqual(['La Nied Allemande', 'Faulquemont']);
  });

  it('ignores case and accents', () => {
    expect(searchTerms(terms, 'ARIEGE').map((h) => h.id)).toEqual([4, 11]);
    expect(searchTerms(terms, 'foix')).toEqual([
      expect.objectContaining({ kind: 'lieu', id: 11, nom: 'Foix', href: '/lieu/11/a-1' }),
    ]);
  });

  it('keeps to the limit, leaving room for places', () => {
    const many: RechercheTerms = {
      entites: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, nom: `Rivière ${i}`, type: 'R' as const })),
      lieux: Array.from({ length: 20 }, (_, i) => ({
        id: 100 + i,
        nom: `Rivière lieu ${i}`,
        departement: null,
        entite_id: 1,
        entite_nom: 'Rivière 0',
        type: 'R' as const,
      })),
    };
    const hits = searchTerms(many, 'riviere', 8);
    expect(hits).toHaveLength(8);
    expect(hits.filter((h) => h.kind === 'entite')).toHaveLength(4);
  });
});
