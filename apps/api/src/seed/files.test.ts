/**
 * parseCsv (csv-parse) on every real CSV of seed-data, checked against the raw text read line by line: no quoted
 * field of these files spans two lines, so each non-empty line after the header is one record; a line without
 * quotes splits exactly at its commas; the quoted fields (commas inside, doubled quotes, CRLF files) are checked
 * one by one from their raw line.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv, readSeedText, seedDataDir } from './files';

const CSV_FILES = fs
  .readdirSync(seedDataDir())
  .filter((f) => /\.csv(\.gz)?$/.test(f))
  .map((f) => f.replace(/\.gz$/, ''))
  .sort();

/** Non-empty lines of a file, without the byte-order mark and line terminators. */
const linesOf = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l !== '');

/** The raw line of a file that starts with `prefix` (exactly one). */
function rawLine(name: string, prefix: string): string {
  const found = linesOf(readSeedText(name)).filter((l) => l.startsWith(prefix));
  expect(found).toHaveLength(1);
  return found[0] as string;
}

/** The record whose `key` column is `value` (exactly one). */
function recordOf(name: string, key: string, value: string): Record<string, string> {
  const found = parseCsv(readSeedText(name)).filter((r) => r[key] === value);
  expect(found).toHaveLength(1);
  return found[0] as Record<string, string>;
}

describe('parseCsv on the real seed files', () => {
  it('finds the seventeen CSV files of seed-data', () => {
    expect(CSV_FILES).toHaveLength(17);
  });

  it.each(CSV_FILES)('%s: one record per data line; unquoted lines split at their commas', (name) => {
    const text = readSeedText(name);
    const lines = linesOf(text);
    const [header = '', ...data] = lines;
    // The line-based count is sound only if no quoted field spans lines: an even number of quotes on each line.
    expect(lines.filter((l) => (l.match(/"/g)?.length ?? 0) % 2 !== 0)).toEqual([]);
    // HydroPortail exports quote every header cell (`"Date (TU)"`); the other files quote none.
    const quotedHeader = /^"[^"]*"(,"[^"]*")*$/.test(header);
    if (!quotedHeader) expect(header).not.toContain('"');
    const records = parseCsv(text);
    expect(records.length).toBe(data.length);
    expect(records.length).toBeGreaterThan(0);

    const keys = header.split(',').map((k) => (quotedHeader ? k.slice(1, -1) : k.trim()));
    const expected: Array<Record<string, string>> = [];
    const actual: Array<Record<string, string> | undefined> = [];
    data.forEach((line, i) => {
      if (line.includes('"')) return;
      const cells = line.split(',');
      expected.push(Object.fromEntries(keys.map((k, j) => [k, cells[j] ?? ''])));
      actual.push(records[i]);
    });
    expect(actual).toEqual(expected);
  });

  it('keeps commas inside quotes (Garonne station comments)', () => {
    const line = rawLine('garonne_stations.csv', 'O171251001,');
    const comment = line.slice(line.indexOf(',"') + 2, -1);
    expect(comment).toMatch(/^Débits influencés par NAGUILHES, IZOURT, .*Lanoux\.$/);
    const r = recordOf('garonne_stations.csv', 'code_station', 'O171251001');
    expect(r['commentaire_site']).toBe(comment);
    expect(r['surface_bassin_versant_km2']).toBe(line.slice(0, line.indexOf(',"')).split(',').at(-1));
  });

  it('reads doubled quotes as one quote, and the fields after them stay in place', () => {
    const line = rawLine('france_sites_hubeau_2020.csv', 'A0340303,');
    const label = line.slice(line.indexOf(',"') + 2, line.indexOf('",')).replaceAll('""', '"');
    expect(label).toBe('Le canal du Rhône au Rhin [canal dit "déclassé"] à Hirtzfelden');
    const after = line.slice(line.indexOf('",') + 2).split(',');
    const r = recordOf('france_sites_hubeau_2020.csv', 'code_site', 'A0340303');
    expect(r['libelle_site']).toBe(label);
    expect([r['type_site'], r['libelle_cours_eau'], r['date_maj_site']]).toEqual([
      after[0],
      after[1],
      after.at(-2),
    ]);
  });

  it('reads the quoted header and quoted values of HydroPortail exports (Loire hourly flows)', () => {
    const name = 'loire_2024-12_K1180010_QmnH.csv';
    const line = rawLine(name, '2024-12-11T00:00:00.000Z,');
    const cells = line.split(',');
    const r = parseCsv(readSeedText(name))[0];
    expect(r?.['Date (TU)']).toBe(cells[0]);
    expect(r?.['Valeur (en m³/s)']).toBe(cells[1]?.replaceAll('"', ''));
    expect(r?.['Statut']).toBe(cells[2]?.replaceAll('"', ''));
    expect(r?.['Continuité']).toBe(cells[5]);
  });

  it('reads CRLF files without a trailing carriage return (Swiss lake stations)', () => {
    const text = readSeedText('lakes_suisse_stations_ofev.csv');
    expect(text).toContain('\r\n');
    const line = rawLine('lakes_suisse_stations_ofev.csv', '2032,');
    const r = recordOf('lakes_suisse_stations_ofev.csv', 'code_station_ofev', '2032');
    expect(r['lac_fr']).toBe(line.split('"')[1]);
    expect(r['lac_fr']).toBe('Lac de Constance (Bodensee, Obersee)');
    expect(r['date_max']).toBe(line.split(',').at(-1));
    expect(r['date_max']).toBe('2021-07-19T02:00:00Z');
  });
});
