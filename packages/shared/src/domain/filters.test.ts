import { describe, expect, it } from 'vitest';
import { avecObservationsParDefaut, filterIndex, observesDabord } from './filters';

const items = [
  {
    id: 1,
    type: 'R' as const,
    nom: 'La Garonne',
    bassin: 'adour-garonne',
    departements: [{ code: '31' }, { code: '33' }],
  },
  {
    id: 2,
    type: 'L' as const,
    nom: 'Lac du Bourget',
    bassin: 'rhone-mediterranee',
    departements: [{ code: '73' }],
  },
  {
    id: 3,
    type: 'R' as const,
    nom: "L'Ariège",
    bassin: 'adour-garonne',
    departements: [{ code: '09' }, { code: '31' }],
  },
];
const ids = (xs: Array<{ id: number }>) => xs.map((x) => x.id);

describe('filterIndex (R8.1)', () => {
  it('keeps rivers, lakes or both', () => {
    expect(ids(filterIndex(items, { type: 'R' }))).toEqual([1, 3]);
    expect(ids(filterIndex(items, { type: 'L' }))).toEqual([2]);
    expect(ids(filterIndex(items, { type: 'RL' }))).toEqual([1, 2, 3]);
    expect(ids(filterIndex(items, {}))).toEqual([1, 2, 3]);
  });
  it('ignores the département value "tous"', () => {
    expect(ids(filterIndex(items, { departement: 'tous' }))).toEqual([1, 2, 3]);
    expect(ids(filterIndex(items, { departement: '31' }))).toEqual([1, 3]);
  });
  it('combines type, département and basin', () => {
    expect(ids(filterIndex(items, { type: 'R', departement: '09', bassin: 'adour-garonne' }))).toEqual([3]);
    expect(ids(filterIndex(items, { bassin: 'rhone-mediterranee' }))).toEqual([2]);
  });
});

describe('avec mesures', () => {
  const item = (nom: string, nb_lieux_mesures: number) => ({ nom, nb_lieux_mesures });
  it('is on by default when fewer than half the items have readings', () => {
    expect(avecObservationsParDefaut([item('a', 1), item('b', 0), item('c', 0)])).toBe(true);
    expect(avecObservationsParDefaut([item('a', 1), item('b', 0)])).toBe(false);
    expect(avecObservationsParDefaut([item('a', 1), item('b', 2), item('c', 0)])).toBe(false);
    expect(avecObservationsParDefaut([])).toBe(false);
  });
  it('lists measured items first, each group by name', () => {
    const sorted = observesDabord([item('d', 0), item('c', 3), item('a', 0), item('b', 1)], (x, y) =>
      x.nom.localeCompare(y.nom),
    );
    expect(sorted.map((x) => x.nom)).toEqual(['b', 'c', 'a', 'd']);
  });
});
