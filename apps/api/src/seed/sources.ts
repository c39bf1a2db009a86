/** Loads every seed file into memory (the pure builder and the loaders work on these). */
import { parseCsv, readSeedJson, readSeedText } from './files';
import type { SeedSources } from './build';

interface Ap1Recording {
  'vic:TronEntVigiCru': { 'vic:aNMoinsUn': Array<{ 'vic:CdEntVigiCru': string }> };
}

/** Stations whose recorded series are loaded, in the order their places are numbered (Toulouse first). */
export const SERIES_STATIONS = [
  'O200004001', // La Garonne à Toulouse (Pont-Neuf): place 1
  'O200001001',
  'O200008001',
  'O080001001',
  'O060003001',
  'O029003001',
  'O020002001',
  'O005002001',
  'O001004003',
  'O001004004',
  'O000001001',
  'O059251001',
  'O125251001',
  'O102251002',
  'O123251001',
  'O137251002',
  'O171251001',
  'O171253001',
  'O181401001',
  'O182401001',
  'O184402001',
  'O187401001',
];

export function loadSeedSources(dir?: string): SeedSources {
  const ap1 = readSeedJson<Ap1Recording>('TronEntVigiCru_CdEntVigiCruAP1.json', dir);
  return {
    bassins: parseCsv(readSeedText('bassins_circonscriptions.csv', dir)),
    departements: readSeedJson('departements.geojson', dir),
    stations: parseCsv(readSeedText('france_stations.csv', dir)),
    sites: parseCsv(readSeedText('france_sites_hubeau_2020.csv', dir)),
    garonneStations: parseCsv(readSeedText('garonne_stations.csv', dir)),
    swissStations: parseCsv(readSeedText('lakes_suisse_stations_ofev.csv', dir)),
    lakes: readSeedJson('lakes.geojson', dir),
    troncons: parseCsv(readSeedText('vigicrues_troncons_2021-01-24.csv', dir)),
    ap1Stations: ap1['vic:TronEntVigiCru']['vic:aNMoinsUn'].map((s) => s['vic:CdEntVigiCru']),
    seriesStations: SERIES_STATIONS,
    historyStations: [
      ...parseCsv(readSeedText('airgrdatasets_stations.csv', dir)),
      // The smash gauges (Cance basin, Lez): `libelle` and the place code; positions come from their Hub'Eau site.
      ...parseCsv(readSeedText('smash_stations.csv', dir)),
    ],
  };
}
