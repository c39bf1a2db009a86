/**
 * Run after `vite build` and `vite build --ssr` (`npm run build -w apps/web`): writes the first screen of each
 * route of `src/app/prerendered-routes.ts` into a copy of `dist/index.html`, as `dist-ssr/pages/<key>.html`
 * (docs/decisions/116). The server (`apps/api/src/http/web.ts`) sends that page for the route's paths, with the
 * demo banner put in at `<!--limni-banner-->` and the `/api/health` meta.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const web = path.resolve(import.meta.dirname, '..');
const ssr = path.join(web, 'dist-ssr');

interface SsrModule {
  PRERENDERED_ROUTES: ReadonlyArray<{ key: string; url: string }>;
  prerenderPage: (url: string) => Promise<string>;
}

const mod = (await import(pathToFileURL(path.join(ssr, 'prerender.js')).href)) as SsrModule;
const index = fs.readFileSync(path.join(web, 'dist/index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
if (!index.includes(ROOT)) throw new Error(`dist/index.html sans ${ROOT}`);
fs.mkdirSync(path.join(ssr, 'pages'), { recursive: true });
for (const route of mod.PRERENDERED_ROUTES) {
  const body = await mod.prerenderPage(route.url);
  // The page is painted over, never hydrated: it must be plain HTML the CSP accepts (no inline script or style).
  if (/<script|\sstyle="/.test(body)) {
    throw new Error(`${route.url} : script ou style en ligne dans le rendu`);
  }
  const MAIN = '<main id="contenu"';
  if (!body.includes(MAIN)) throw new Error(`${route.url} : pas de ${MAIN} dans le rendu`);
  const html = index.replace(
    ROOT,
    `<div id="root" data-prerendered="${route.key}">${body.replace(MAIN, `<!--limni-banner-->${MAIN}`)}</div>`,
  );
  fs.writeFileSync(path.join(ssr, 'pages', `${route.key}.html`), html);
  process.stdout.write(
    `prérendu ${route.url} → dist-ssr/pages/${route.key}.html (${(html.length / 1024).toFixed(1)} KB)\n`,
  );
}
