/**
 * Records answers of the real API for the web component tests (apps/web/test/fixtures/): each fixture is `{ path, recorded, body }`, the body as
 * the server sent it for `path`. The server is the app itself on its demo dataset, started beside:
 *
 *   DATA_DIR=$(mktemp -d) PORT=8099 INGEST=off npm run serve
 *   npx tsx scripts/record-web-fixtures.ts lieu-toulouse /api/hydro/lieu/1 [name path]…   # record these
 *   npx tsx scripts/record-web-fixtures.ts --all                                        # record every fixture anew
 *
 * LIMNI_RECORD_URL names another server (default http://127.0.0.1:8099).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const BASE = process.env.LIMNI_RECORD_URL ?? 'http://127.0.0.1:8099';
const DIR = fileURLToPath(new URL('../apps/web/test/fixtures/', import.meta.url));

async function record(name: string, path: string): Promise<void> {
  const res = await fetch(BASE + path, { headers: { accept: 'application/json', 'accept-language': 'fr' } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  const body: unknown = await res.json();
  const fixture = { path, recorded: new Date().toISOString().slice(0, 10), body };
  writeFileSync(`${DIR}${name}.json`, `${JSON.stringify(fixture, null, 2)}\n`);
  process.stdout.write(`${name}.json ← ${path}\n`);
}

const args = process.argv.slice(2);
const pairs: [string, string][] =
  args[0] === '--all'
    ? readdirSync(DIR)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.slice(0, -5), (JSON.parse(readFileSync(DIR + f, 'utf8')) as { path: string }).path])
    : Array.from({ length: Math.floor(args.length / 2) }, (_, i) => [
        args[2 * i] ?? '',
        args[2 * i + 1] ?? '',
      ]);
for (const [name, path] of pairs) await record(name, path);
