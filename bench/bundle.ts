/**
 * `npm run bench -- bundle` (or `npx tsx bench/bundle.ts`): gzip size of every chunk of the built web app and
 * two totals for `/` (budget 130 KB gzip of JS + CSS):
 * - the static first load: index.html's entry script and stylesheet, their static imports, and the lazy chunk of
 *   the home page with its own static imports — what must arrive before the page can paint;
 * - with `--navigateur`: everything Chromium actually fetches for `/` until the network is idle, pieces loaded
 *   right after the first paint included (ADR 052), measured on the built app served by the real server.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 130;
const defaultDist = process.env.BUNDLE_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');
const dist = defaultDist;

/** Gzip size (level 9) of a built file, the unit of the budget. */
export const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`), not dynamic `import()`. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
    if (m[1]) out.add(path.resolve(path.dirname(file), m[1]));
  }
  return [...out];
}

function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const f = stack.pop() as string;
    if (seen.has(f) || !fs.existsSync(f)) continue;
    seen.add(f);
    if (f.endsWith('.js') || f.endsWith('.mjs')) stack.push(...staticImports(f));
  }
  return seen;
}

export function measureBundle(dist: string = defaultDist): {
  chunks: Array<{ file: string; gzip: number }>;
  firstLoad: number;
  firstLoadFiles: string[];
} {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) =>
    path.join(dist, m[1] as string),
  );
  const assets = fs.readdirSync(path.join(dist, 'assets')).filter((f) => /\.(m?js|css)$/.test(f));
  const home = assets.find((f) => /^HomePage-.*\.js$/.test(f));
  const homeCss = assets.filter((f) => /^HomePage-.*\.css$/.test(f));
  const entries = [
    ...refs,
    ...(home ? [path.join(dist, 'assets', home)] : []),
    ...homeCss.map((f) => path.join(dist, 'assets', f)),
  ];
  const first = closure(entries);
  const chunks = assets
    .map((f) => ({ file: f, gzip: gz(path.join(dist, 'assets', f)) }))
    .sort((a, b) => b.gzip - a.gzip);
  const firstLoad = [...first].reduce((s, f) => s + gz(f), 0);
  return { chunks, firstLoad, firstLoadFiles: [...first].map((f) => path.basename(f)) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error('Construisez d’abord l’application : npm run build');
    process.exit(1);
  }
  const { chunks, firstLoad, firstLoadFiles } = measureBundle();
  console.log('Chunk'.padEnd(52), 'gzip');
  for (const c of chunks) {
    console.log(`${firstLoadFiles.includes(c.file) ? '*' : ' '} ${c.file.padEnd(50)} ${kb(c.gzip)}`);
  }
  console.log(
    `\n* premier chargement de / : ${kb(firstLoad)} (budget ${FIRST_LOAD_BUDGET_KB} KB) — ${firstLoad <= FIRST_LOAD_BUDGET_KB * 1024 ? 'OK' : 'DÉPASSÉ'}`,
  );
  if (process.argv.includes('--navigateur')) {
    const fetched = await measureInBrowser();
    console.log(
      `  tout ce que Chromium télécharge pour / (jusqu'au réseau au repos, ${fetched.files.length} fichiers) : ${kb(fetched.total)}`,
    );
  }
  if (process.argv.includes('--check') && firstLoad > FIRST_LOAD_BUDGET_KB * 1024) process.exit(1);
}

/** Starts the built server on a free port with a temporary DATA_DIR and sums the JS/CSS Chromium fetches for `/`. */
async function measureInBrowser(): Promise<{ total: number; files: string[] }> {
  const { spawn } = await import('node:child_process');
  const os = await import('node:os');
  const { chromium } = await import('playwright-core');
  const port = 20000 + Math.floor(Math.random() * 20000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-bundle-'));
  const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../apps/api/dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      LOG_LEVEL: 'error',
      INGEST: 'off',
    },
    stdio: 'ignore',
  });
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (i > 120) throw new Error('Le serveur ne répond pas');
      await new Promise((r) => setTimeout(r, 250));
    }
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const files = new Set<string>();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (/\.(m?js|css)$/.test(u.pathname) && u.pathname !== '/sw.js') files.add(u.pathname);
    });
    await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    await browser.close();
    const list = [...files];
    return { total: list.reduce((sum, f) => sum + gz(path.join(dist, f)), 0), files: list };
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
