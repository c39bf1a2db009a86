/**
 * One-off conversion of the history sources into `seed-data/history_daily.csv.gz` (see convert.ts).
 * Usage: `npx tsx apps/api/src/seed/history/cli.ts <shared/data/history folder>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseCsv } from '../files';
import { seedDataDir } from '../files';
import { airgrDaily, smashDailyToDaily, smashHourlyToDaily, toCsv } from './convert';

/**
 * The smash gauges and the Limni place each series goes to (`seed-data/smash_stations.csv`: the Cance basin hourly,
 * the Lez daily under its old codes, matched to today's site by position and catchment, docs/decisions/085).
 */
const SMASH = parseCsv(fs.readFileSync(path.join(seedDataDir(), 'smash_stations.csv'), 'utf8'));

const dir = process.argv[2];
if (!dir) throw new Error('Usage : cli.ts <dossier history>');
const airgr = airgrDaily(
  parseCsv(fs.readFileSync(path.join(dir, 'airgrdatasets/airgrdatasets_QmnJ_1999-2018.csv'), 'utf8')),
);
const smash = SMASH.flatMap((s) => {
  const code = s['code_station'] ?? '';
  const smashCode = s['code_smash'] ?? '';
  const hourly = s['pas'] === 'horaire';
  const file = path.join(dir, 'smash', hourly ? 'Cance' : 'Lez', 'qobs', `${smashCode}.csv`);
  const text = fs.readFileSync(file, 'utf8');
  return hourly ? smashHourlyToDaily(code, text) : smashDailyToDaily(code, text);
});
const rows = [...airgr, ...smash];
const gz = zlib.gzipSync(toCsv(rows), { level: 9 });
fs.writeFileSync(path.join(seedDataDir(), 'history_daily.csv.gz'), gz);
console.log(`${rows.length} jours écrits (${gz.length} octets)`);
