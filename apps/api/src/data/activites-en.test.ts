/** Every seeded activity has its English name and description, and no English one is left without an activity. */
import { describe, expect, it } from 'vitest';
import { ACTIVITES_EN } from '@limni/shared/domain/activites-en';
import { ACTIVITES } from './activite-seuils';

describe('activities in English', () => {
  it('has the same slugs as the seeded activities', () => {
    expect(Object.keys(ACTIVITES_EN).sort()).toEqual(ACTIVITES.map((a) => a.slug).sort());
    for (const a of Object.values(ACTIVITES_EN)) {
      expect(a.nom).not.toMatch(/[àâçéèêëîïôûùü]/);
      expect(a.description.length).toBeGreaterThan(20);
    }
  });
});
