/**
 * `npm run bench -- bundle` (or `npx tsx bench/bundle.ts`): gzip size of every chunk of the built web app and
 * the first-load total of `/` — index.html's entry script and stylesheet, their static imports, and the lazy
 * chunk of the home page with its own static imports. Budget: 130 KB gzip of JS + CSS.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const FIRST_LOAD_BUDGET_KB = 130;
const dist = process.env.BUNDLE_DIST ?? path.resolve(import.meta.dirname, '../apps/web/dist');

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
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

export function measureBundle(): {
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
  if (process.argv.includes('--check') && firstLoad > FIRST_LOAD_BUDGET_KB * 1024) process.exit(1);
}
