/**
 * Which rivers and lakes the base map draws (docs/decisions/145), from its files: Natural Earth's French rivers
 * and lakes (`apps/web/public/geo`, whose README lists what it lacks: no Orne, no Hérault).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEaux } from '../../../scripts/geo-levels';
import { onBaseMap, waterKey } from './base-water';

const geo = path.resolve(import.meta.dirname, '../../../public/geo');
const eaux = buildEaux(geo);
/** The French names of the base map's features in France, as written in the file. */
const noms = ['rivers.geojson', 'lakes.geojson'].flatMap((f) =>
  (
    JSON.parse(fs.readFileSync(path.join(geo, f), 'utf8')) as {
      features: Array<{ properties: { nom_fr: string | null; en_france: boolean } }>;
    }
  ).features
    .filter((x) => x.properties.en_france && x.properties.nom_fr)
    .map((x) => x.properties.nom_fr as string),
);
const inFile = (word: string) => noms.some((n) => n.split(' – ').includes(word));

describe('the water the base map draws', () => {
  it('names without their article, lower case', () => {
    expect(waterKey('Le Loing')).toBe('loing');
    expect(waterKey('L’Ariège')).toBe('ariège');
    expect(waterKey("L'Isère")).toBe('isère');
    expect(waterKey("Lac d'Annecy")).toBe("lac d'annecy");
  });

  it('a river of a chain, a large river, a lake are on it; the Orne, the Hérault and an arm are not', () => {
    for (const [nom, mot] of [
      ['Le Loing', 'Loing'],
      ['La Garonne', 'Garonne'],
      ["L'Ariège", 'Ariège'],
      ["Lac d'Annecy", "Lac d'Annecy"],
      ["L'Orne", 'Orne'],
      ['Le Hérault', 'Hérault'],
      ['Le bras inférieur de la Garonne', 'bras inférieur de la Garonne'],
    ] as const) {
      expect(onBaseMap(nom, eaux), nom).toBe(inFile(mot));
    }
    expect(inFile('Loing') && inFile('Garonne') && inFile("Lac d'Annecy")).toBe(true);
    expect(inFile('Orne') || inFile('Hérault')).toBe(false);
  });
});
