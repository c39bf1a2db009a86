import { describe, expect, it } from 'vitest';
import { filterIndex } from './filters';

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

describe('filterIndex (spec §5)', () => {
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
