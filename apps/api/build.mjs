// Bundles the API server into dist/server.js, and the alerts thread beside it (docs/decisions/163). Dependencies stay external (installed by npm);
// the workspace package @limni/shared (TypeScript sources) is bundled in.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((d) => d !== '@limni/shared');

await build({
  entryPoints: { server: 'src/server.ts', 'alerts-worker': 'src/features/alertes/alerts-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((d) => `${d}/*`)],
  logLevel: 'warning',
});
console.log('API construite : apps/api/dist/server.js');
