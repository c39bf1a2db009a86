import { beforeAll, describe, expect, it } from 'vitest';
import { communeDisplayName } from '@limni/shared/domain/names';
import { buildReferentiel, type BuiltReferentiel } from './build';
import { loadSeedSources, SERIES_STATIONS } from './sources';

let ref: BuiltReferentiel;
beforeAll(() => {
  ref = buildReferentiel(loadSeedSources());
});

describe('demo referential', () => {
  it('gives every entity at least one département (code 99 « Étranger » abroad)', () => {
    expect(ref.entites.every((e) => e.departements.length > 0)).toBe(true);
    const swiss = ref.entites.filter((e) => e.bassin_slug === 'suisse');
    expect(swiss.every((e) => e.departements.join() === '99')).toBe(true);
    expect(ref.departements).toContainEqual({ code: '99', nom: 'Étranger' });
  });

  it('has at least 500 rivers and 5 lakes, each with a basin', () => {
    expect(ref.entites.filter((e) => e.type === 'R').length).toBeGreaterThanOrEqual(500);
    expect(ref.entites.filter((e) => e.type === 'L').length).toBeGreaterThanOrEqual(5);
    const slugs = new Set(ref.bassins.map((b) => b.slug));
    expect(ref.entites.every((e) => slugs.has(e.bassin_slug))).toBe(true);
  });

  it('numbers La Garonne à Toulouse (Pont-Neuf), the first recorded series, as place 1', () => {
    expect(SERIES_STATIONS[0]).toBe('O200004001');
    const lieu = ref.lieux.find((l) => l.code_station === 'O200004001');
    expect(lieu).toMatchObject({ id: 1, libelle: 'La Garonne à Toulouse (Pont-Neuf)' });
    expect(ref.entites.find((e) => e.id === lieu?.entite_id)?.nom).toBe('La Garonne');
  });

  it('puts the Lac du Bourget gauge on the Lac du Bourget, with its outline', () => {
    const lieu = ref.lieux.find((l) => l.code_station === 'V133001001');
    const lac = ref.entites.find((e) => e.id === lieu?.entite_id);
    expect(lac).toMatchObject({ nom: 'Lac du Bourget', type: 'L', bassin_slug: 'rhone-mediterranee' });
    expect(lac?.geometry).toBeTruthy();
    expect(lac?.departements).toContain('73');
  });

  it('creates the four Swiss lakes with their OFEV gauges', () => {
    const swiss = ref.entites.filter((e) => e.bassin_slug === 'suisse');
    expect(swiss.map((e) => e.nom).sort()).toEqual([
      'Lac de Constance',
      'Lac de Lauerz',
      'Lac de Sarnen',
      'Lac des Quatre-Cantons',
    ]);
    expect(ref.lieux.filter((l) => l.source === 'ofev')).toHaveLength(4);
  });

  it('links the Ariège to the Garonne and the Lèze to the Ariège', () => {
    const byName = (n: string) => ref.entites.find((e) => e.nom === n && e.bassin_slug === 'adour-garonne');
    expect(byName("L'Ariège")?.parent_id).toBe(byName('La Garonne')?.id);
    expect(byName('La Lèze')?.parent_id).toBe(byName("L'Ariège")?.id);
  });

  it('keeps every station of the series and no station twice', () => {
    const codes = ref.lieux.map((l) => l.code_station).filter(Boolean);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of ['O200008001', 'O171251001', 'O001004004']) expect(codes).toContain(c);
  });

  it('leaves out a station whose coordinates fall outside its département', () => {
    expect(ref.lieux.find((l) => l.code_station === 'V521402801')).toBeUndefined();
  });

  it('reads the recorded vigilance levels of the 323 tronçons', () => {
    expect(ref.troncons).toHaveLength(323);
    expect(ref.troncons.filter((t) => t.niveau === 2)).toHaveLength(45);
  });
});

describe('communeDisplayName', () => {
  it.each([
    ['SAINT-LAURENT-DU-MARONI', 'Saint-Laurent-du-Maroni'],
    ["L'ISLE-JOURDAIN", "L'Isle-Jourdain"],
    ['TOULOUSE', 'Toulouse'],
    ['PORTET-SUR-GARONNE', 'Portet-sur-Garonne'],
  ])('%s → %s', (raw, v) => expect(communeDisplayName(raw)).toBe(v));
});
