/**
 * Lambert-93 → WGS84 (proj4) on stations whose two coordinate systems were both recorded upstream.
 */
import { describe, expect, it } from 'vitest';
import { fixtureJson } from '../../test/upstream';
import { parseCsv, readSeedText } from '../seed/files';
import { lambert93ToWgs84, looksProjected, mapPositions } from './geo';

/** Metres per degree of latitude on a sphere of the Earth's mean radius (6,371,008.8 m). */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;

/** Distance in metres between two close lon/lat points (local equirectangular approximation). */
function metres([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const dy = (lat2 - lat1) * M_PER_DEG;
  const dx = (lon2 - lon1) * M_PER_DEG * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  return Math.hypot(dx, dy);
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

describe('lambert93ToWgs84', () => {
  it('Blois (Hub’Eau referentiel record): the record’s own x/y give its longitude/latitude to 1e-5°', () => {
    const [st] = fixtureJson<{ data: Array<Record<string, number>> }>(
      'hubeau/referentiel_stations_K447001001_2026-09-13.json',
    ).data;
    const x = st?.['coordonnee_x_station'] as number;
    const y = st?.['coordonnee_y_station'] as number;
    expect([x, y]).toEqual([574873, 6721828]);
    expect(lambert93ToWgs84(x, y)).toEqual([
      round5(st?.['longitude_station'] as number),
      round5(st?.['latitude_station'] as number),
    ]);
  });

  it('Delettes E351122001 (Vigicrues station record): its x/y land on the station list’s longitude/latitude', () => {
    const rec = fixtureJson<{
      'vic:StaEntVigiCru': {
        'vic:correspondA': { 'hyd:CoordXStationHydro': string; 'hyd:CoordYStationHydro': string };
      };
    }>('vigicrues/StaEntVigiCru_CdEntVigiCruE351122001.json')['vic:StaEntVigiCru']['vic:correspondA'];
    const x = Number(rec['hyd:CoordXStationHydro']);
    const y = Number(rec['hyd:CoordYStationHydro']);
    expect([x, y]).toEqual([644356, 7058221]);
    const row = parseCsv(readSeedText('france_stations.csv')).find((r) => r['code_station'] === 'E351122001');
    const listed: [number, number] = [Number(row?.['longitude']), Number(row?.['latitude'])];
    expect(listed).toEqual([2.215055, 50.618514]);
    // Tolerance from the inputs' precision: x/y are whole metres (±0.5 m each, ≤ 0.71 m together; the projection's
    // scale is within 0.1 % of 1 here), the list's degrees have 6 decimals (≤ 0.06 m), and our output is rounded to
    // 1e-5° (≤ 0.56 m in latitude and 0.35 m in longitude at 50.6° N, ≤ 0.66 m together): 1.43 m in all.
    expect(metres(lambert93ToWgs84(x, y), listed)).toBeLessThan(0.71 + 0.06 + 0.66);
  });

  it('converts every position of a nested GeoJSON member and recognises projected coordinates', () => {
    const lines = [
      [
        [574873, 6721828],
        [644356, 7058221],
      ],
    ];
    expect(looksProjected(lines)).toBe(true);
    expect(looksProjected([[1.3, 47.5]])).toBe(false);
    expect(mapPositions(lines, lambert93ToWgs84)).toEqual([
      [lambert93ToWgs84(574873, 6721828), lambert93ToWgs84(644356, 7058221)],
    ]);
  });
});
