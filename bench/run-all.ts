/**
 * `npm run bench` runs every bench in turn; `npm run bench -- <name>` runs one (bundle, api, climatology, ingest,
 * alerts, uploads, lighthouse; pg-scale, live-start and fanout only by name). `*-server.ts` are processes the api bench starts, not benches.
 * Benches print ratios measured within one run, never absolute timings compared across machines.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const names = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && !['run-all.ts'].includes(f) && !f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .filter((n) => !n.startsWith('lib') && !n.endsWith('-server'));
/**
 * Benches run only when named: pg-scale needs PostgreSQL, tens of GB and half an hour (ADR 122); live-start takes as
 * long as its pace (ADR 135); fanout needs PostgreSQL and minutes of both cores for 100,000 subscribers (ADR 159).
 */
const ON_REQUEST = ['pg-scale', 'live-start', 'fanout'];
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const selected = wanted.length ? wanted : names.filter((n) => !ON_REQUEST.includes(n));
let failed = false;
for (const name of selected) {
  if (!names.includes(name)) {
    console.error(`Banc inconnu : ${name} (disponibles : ${names.join(', ')})`);
    process.exit(1);
  }
  console.log(`\n=== bench/${name} ===`);
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, `${name}.ts`),
      ...process.argv.slice(2).filter((a) => a.startsWith('-')),
    ],
    {
      stdio: 'inherit',
    },
  );
  failed ||= r.status !== 0;
}
process.exit(failed ? 1 : 0);
