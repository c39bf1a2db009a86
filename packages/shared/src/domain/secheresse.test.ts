import { describe, expect, it } from 'vitest';
import { activitesConcernees, niveauSecheresse } from './secheresse';

// Real wordings of the national export of VigiEau orders (kamaradclimber/vigieau `full_usage_list.json`).
const T = "Travaux et activités en cours d'eau";

describe('drought orders', () => {
  it('reads the levels as the API wrote them over the years', () => {
    expect(niveauSecheresse('Crise')).toBe('crise');
    expect(niveauSecheresse('alerte_renforcee')).toBe('alerte_renforcee');
    expect(niveauSecheresse('Alerte renforcée')).toBe('alerte_renforcee');
    expect(niveauSecheresse('Pas de restrictions')).toBeNull();
  });

  it('an usage concerns the activities its wording names, in the themes of activities on the water', () => {
    expect(activitesConcernees({ thematique: T, nom: 'Pratique de la pêche' })).toEqual(['peche']);
    expect(
      activitesConcernees({
        thematique: T,
        nom: 'Pratique de la navigation de loisir, y compris le canoë et le kayak',
      }),
    ).toEqual(['aviron', 'canoe-kayak', 'stand-up-paddle', 'voile']);
    expect(
      activitesConcernees({ thematique: T, nom: 'Loisirs nautiques en eau douce hors pêche' }),
    ).not.toContain('peche');
    expect(
      activitesConcernees({
        thematique: T,
        nom: "Activités de loisirs (professionnelles et amateurs) en cours d'eau hors orpaillage",
      }),
    ).toContain('baignade');
    expect(
      activitesConcernees({ thematique: T, nom: 'Pêches électriques de suivi et d’inventaire' }),
    ).toEqual([]);
    expect(activitesConcernees({ thematique: T, nom: "Travaux en cours d'eau" })).toEqual([]);
    // Washing a boat is not a day on the water.
    expect(activitesConcernees({ thematique: 'Nettoyer', nom: 'Lavage des embarcations' })).toEqual([]);
  });
});
