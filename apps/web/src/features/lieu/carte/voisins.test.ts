import { describe, expect, it } from 'vitest';
import { voisinsAmontAval } from './voisins';

const l = (id: number, ordre: number | null) => ({ id, ordre });

describe('voisinsAmontAval', () => {
  const riviere = [l(30, 3), l(10, 1), l(20, 2), l(99, null), l(40, 4)];

  it('takes the places just before and after in the river order, whatever the list order', () => {
    expect(voisinsAmontAval(riviere, 20)).toEqual({ amont: l(10, 1), aval: l(30, 3) });
  });

  it('has nothing upstream of the first place nor downstream of the last', () => {
    expect(voisinsAmontAval(riviere, 10)).toEqual({ amont: null, aval: l(20, 2) });
    expect(voisinsAmontAval(riviere, 40)).toEqual({ amont: l(30, 3), aval: null });
  });

  it('gives no neighbour to a place whose position on the river is unknown', () => {
    expect(voisinsAmontAval(riviere, 99)).toEqual({ amont: null, aval: null });
    expect(voisinsAmontAval(riviere, 12345)).toEqual({ amont: null, aval: null });
  });
});
