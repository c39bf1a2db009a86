/**
 * One-off conversion of the history sources into `seed-data/history_daily.csv.gz` (see convert.ts).
 * Usage: `npx tsx apps/api/src/seed/history/cli.ts <shared/data/history folder>`.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseCsv } from '../files';
import { seedDataDir } from '../files';
import { airgrDaily, smashHourlyToDaily, toCsv } from './convert';

/** The smash hourly stations that are demo places (the two others of the Cance basin are not). */
const SMASH_HOURLY = [{ file: 'Cance/qobs/V3524010.csv', code: 'V352401001' }];

const dir = process.argv[2];
if (!dir) throw new Error('Usage : cli.ts <dossier history>');
const airgr = airgrDaily(
  parseCsv(fs.readFileSync(path.join(dir, 'airgrdatasets/airgrdatasets_QmnJ_1999-2018.csv'), 'utf8')),
);
const smash = SMASH_HOURLY.flatMap((s) =>
  smashHourlyToDaily(s.code, fs.readFileSync(path.join(dir, 'smash', s.file), 'utf8')),
);
const rows = [...airgr, ...smash];
const gz = zlib.gzipSync(toCsv(rows), { level: 9 });
fs.writeFileSync(path.join(seedDataDir(), 'history_daily.csv.gz'), gz);
console.log(`${rows.length} jours écrits (${gz.length} octets)`);
