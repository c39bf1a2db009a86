import { describe, expect, it } from 'vitest';
import { compteVerdicts } from './hooks/use-activite-verdicts';

const archive = {
  kind: 'archive' as const,
  annee_debut: 1999,
  annee_fin: 2018,
  statistique: 'moyenne' as const,
  centile_bas: 10,
  centile_haut: 90,
};
const sansHistorique = {
  kind: 'historique_insuffisant' as const,
  annee_debut: null,
  annee_fin: null,
  statistique: null,
  centile_bas: null,
  centile_haut: null,
};

describe('the count of an activity’s verdicts', () => {
  it('counts a place without the history for an opinion as « sans avis », apart from an unknown reading', () => {
    const counts = compteVerdicts([
      { verdict: 'praticable', fondement: archive },
      { verdict: 'inconnu', fondement: sansHistorique },
      { verdict: 'inconnu', fondement: sansHistorique },
      { verdict: 'inconnu', fondement: archive },
      { verdict: 'trop haut', fondement: archive },
    ]);
    expect(Object.fromEntries(counts)).toEqual({ praticable: 1, 'sans avis': 2, inconnu: 1, 'trop haut': 1 });
  });
});
