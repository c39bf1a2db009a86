/** The demo's source file of raw water levels (January 2022), read as the tests' expectations come from it. */
import { parseCsv, readSeedText } from '../src/seed/files';

/** A station's water levels in `garonne_H_2022-01_native.csv` (mm → m), oldest first. */
export function garonneLevels(codeStation: string): Array<{ ts: number; valeur: number }> {
  return parseCsv(readSeedText('garonne_H_2022-01_native.csv'))
    .filter((r) => r['code_station'] === codeStation)
    .map((r) => ({ ts: Date.parse(r['date_obs'] ?? ''), valeur: Number(r['resultat_obs_mm']) / 1000 }))
    .sort((a, b) => a.ts - b.ts);
}
