import { describe, expect, it } from 'vitest';
import type { LieuDetail } from '@limni/shared/contracts/hydro';
import { alerteImpossible } from './alerte-possible';

const capteur = {
  id: 1,
  grandeur: 'H' as const,
  unite: 'm',
  libelle: 'Hauteur',
  source: 'hubeau',
  pas_min: 15,
  premier_ts: null,
  dernier_ts: null,
};
const troncon = { id: 1, code: 'MP6', nom: 'Garonne toulousaine', niveau: 1, niveau_ts: null };
const lieu = (l: Partial<Pick<LieuDetail, 'troncon' | 'capteurs' | 'a_des_mesures'>>) => ({
  troncon: null,
  capteurs: [],
  a_des_mesures: false,
  ...l,
});

describe('alerteImpossible', () => {
  it('no station and no tronçon: nothing can ever fire', () => {
    expect(alerteImpossible(lieu({}), true)).toBe('sans_station');
    expect(alerteImpossible(lieu({}), false)).toBe('sans_station');
  });
  it('a station without readings: impossible in the demo, possible live (readings may arrive)', () => {
    expect(alerteImpossible(lieu({ capteurs: [capteur] }), false)).toBe('demo_sans_mesure');
    expect(alerteImpossible(lieu({ capteurs: [capteur] }), true)).toBeNull();
  });
  it('readings, or a Vigicrues tronçon (its vigilance changes), make alerts possible', () => {
    expect(alerteImpossible(lieu({ capteurs: [capteur], a_des_mesures: true }), false)).toBeNull();
    expect(alerteImpossible(lieu({ troncon }), false)).toBeNull();
  });
});
