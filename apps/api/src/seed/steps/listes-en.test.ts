/** Every seeded mailing list has its English name and description, and no English one is left without a list. */
import { describe, expect, it } from 'vitest';
import { LISTES_SIB_EN } from '@limni/shared/domain/listes-en';
import { LISTES_SIB } from './listes';

describe('mailing lists in English', () => {
  it('has the same lists as the seed', () => {
    expect(Object.keys(LISTES_SIB_EN).sort()).toEqual(LISTES_SIB.map((l) => l.nom).sort());
  });
});
