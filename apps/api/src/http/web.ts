/**
 * Serves the built web app from the same process: hashed assets with a one-year immutable cache,
 * `index.html` (no-cache) for every other non-API path so that history routing works on reload: 200 for a path of
 * the app's route table (`@limni/shared/domain/web-routes`) whose ids exist, 404 otherwise (the app then shows its
 * not-found page). The page carries
 * the `/api/health` answer in a `<meta name="limni-health">` (docs/decisions/109), so that the demo banner and the
 * data clock are known at the first paint instead of shifting the page when `/api/health` answers, and the
 * `/api/replay` answer in a `<meta name="limni-replay">`, so that a visitor's page does not ask for it at load
 * (docs/decisions/052).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { INSTANT_PARAM } from '@limni/shared/domain/instant-consulte';
import { PRERENDERED_ROUTES, webPathIds, type WebIdRef } from '@limni/shared/domain/web-routes';
import type { Env } from '../config/env';
import { apiPackageDir } from '../lib/paths';
import { errorBody } from './errors';
import { langueOf } from './langue';
import { fichierIntrouvable, routeInconnue } from './messages';
import { CSRF_COOKIE, ensureCsrfCookie, type CsrfOptions } from './csrf';
import { inlineScriptHashes } from './security-headers';

export function webDistDir(env: Pick<Env, 'WEB_DIST'>): string {
  return path.resolve(env.WEB_DIST ?? path.join(apiPackageDir(), '../web/dist'));
}

/** The name of the meta element that carries the `/api/health` answer in the page. */
export const PAGE_HEALTH_META = 'limni-health';
/** The name of the meta element that carries the `/api/replay` answer (the replay banner, docs/decisions/052). */
export const PAGE_REPLAY_META = 'limni-replay';

/**
 * `index.html` with the data of its first paint as a meta element (JSON, HTML-escaped; no inline script, no CSP
 * hash), by default the health answer.
 */
export function withPageData(html: string, data: unknown, name: string = PAGE_HEALTH_META): string {
  const json = JSON.stringify(data)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return html.replace('</head>', `<meta name="${name}" content="${json}" />\n  </head>`);
}

/** Where a prerendered page takes the demo banner of the answer it carries. */
const BANNER_SLOT = '<!--limni-banner-->';

interface Prerendered {
  pages: Map<string, string>;
  /** The demo banner's HTML for a health answer (web app's `src/ssr/prerender.tsx`). */
  banner: ((health: unknown, realNow: number) => string) | null;
}

/** The prerendered pages and the banner renderer built beside the web app (`apps/web/dist-ssr`), if any. */
async function loadPrerendered(root: string, log: FastifyInstance['log']): Promise<Prerendered> {
  const dir = path.join(path.dirname(root), 'dist-ssr');
  const pages = new Map<string, string>();
  for (const { key } of PRERENDERED_ROUTES) {
    const file = path.join(dir, 'pages', `${key}.html`);
    if (fs.existsSync(file)) pages.set(key, fs.readFileSync(file, 'utf8'));
  }
  let banner: Prerendered['banner'] = null;
  const entry = path.join(dir, 'prerender.js');
  if (pages.size > 0 && fs.existsSync(entry)) {
    try {
      const mod = (await import(pathToFileURL(entry).href)) as { renderDemoBanner?: unknown };
      if (typeof mod.renderDemoBanner === 'function') {
        banner = mod.renderDemoBanner as NonNullable<Prerendered['banner']>;
      }
    } catch (err) {
      log.warn({ err }, 'Pages prérendues servies sans bandeau de démonstration');
    }
  }
  // Without the banner renderer a page could not show the banner at first paint: index.html instead.
  if (!banner) pages.clear();
  return { pages, banner };
}

export interface WebOptions {
  /** The `/api/health` answer the page carries (left out when it fails: the page then asks for it). */
  pageHealth?: () => Promise<unknown>;
  /** Whether the ids a path names exist (`data/web-ids.repo.ts`); without it, any id is taken as existing. */
  idsExist?: (refs: readonly WebIdRef[]) => Promise<boolean>;
  /** The `/api/replay` answer the page carries (left out when it fails: the page then asks for it). */
  pageReplay?: () => Promise<unknown>;
}

/**
 * Registers the web app; returns the CSP hashes of the inline scripts of its index.html and prerendered pages (none
 * in today's build: Vite emits external modules, and a complete prerender has no script), for
 * http/security-headers.ts.
 */
export async function registerWeb(
  app: FastifyInstance,
  env: Env,
  csrf: CsrfOptions,
  opts: WebOptions = {},
): Promise<string[]> {
  const root = webDistDir(env);
  const indexFile = path.join(root, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  // Read once: the hashed assets it names are registered at start-up too.
  const indexHtml = hasWeb ? fs.readFileSync(indexFile, 'utf8') : '';
  const prerendered = hasWeb ? await loadPrerendered(root, app.log) : { pages: new Map(), banner: null };
  // The banner of the last answer seen: the answer changes with the data, not with each page.
  let lastBanner: { json: string; html: string } | null = null;
  const bannerOf = (health: unknown): string => {
    const json = JSON.stringify(health);
    if (lastBanner?.json !== json) {
      lastBanner = { json, html: prerendered.banner?.(health, Date.now()) ?? '' };
    }
    return lastBanner.html;
  };
  /** What a provider answers, undefined when it is absent or fails (the page then asks the API itself). */
  const pageData = async (what: string, provider: (() => Promise<unknown>) | undefined) => {
    try {
      return provider ? await provider() : undefined;
    } catch (err) {
      app.log.warn({ err }, `Page servie sans ${what}`);
      return undefined;
    }
  };
  const page = async (url: string, found: boolean, past: boolean): Promise<string> => {
    // A not-found page is not the skeleton of the page its path looks like; nor is a page at a past instant (`?t=`,
    // docs/decisions/152) the prerendered one of now.
    const key = found && !past ? PRERENDERED_ROUTES.find((r) => r.test(url))?.key : undefined;
    const template = (key && prerendered.pages.get(key)) || indexHtml;
    const [health, replay] = await Promise.all([
      pageData('l’état du service', opts.pageHealth),
      pageData('l’état de la relecture', opts.pageReplay),
    ]);
    const withReplay = (html: string) =>
      replay === undefined ? html : withPageData(html, replay, PAGE_REPLAY_META);
    if (template === indexHtml) {
      return withReplay(health === undefined ? indexHtml : withPageData(indexHtml, health));
    }
    // A prerendered page without the answer shows no banner; the shell then asks /api/health for it.
    if (health === undefined) return withReplay(template.replace(BANNER_SLOT, ''));
    // During a replay its banner, painted by the app, shows the one clock of the screen (docs/decisions/142).
    const replaying =
      typeof replay === 'object' && replay !== null && 'en_cours' in replay && replay.en_cours === true;
    const banner = replaying ? '' : bannerOf(health);
    return withReplay(
      withPageData(
        template.replace(BANNER_SLOT, () => banner),
        health,
      ),
    );
  };
  if (!hasWeb) {
    app.log.warn(`Application web absente (${root}) : lancez « npm run build » pour la servir.`);
  } else {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build's Brotli and gzip copies (apps/web/scripts/precompress.ts, docs/decisions/131): no compression
      // work per request; a file without a copy falls back to itself (and to @fastify/compress).
      preCompressed: true,
      // Every file's Cache-Control is decided below (send's own "public, max-age=0" would replace ours).
      cacheControl: false,
      setHeaders(res, filePath) {
        // The rules are the file's, whichever copy of it is sent.
        const rel = path.relative(root, filePath).replace(/\.(?:br|gz)$/, '');
        if (rel.startsWith(`assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (rel === 'sw.js' || rel.endsWith('.html')) {
          // The app's page keeps the `private` its handler gave it when it set the CSRF cookie.
          if (!res.hasHeader('cache-control')) res.header('cache-control', 'no-cache');
        } else res.header('cache-control', 'public, max-age=3600');
      },
    });
    // Static files that exist are served by the wildcard-free routes registered for each file at start-up.
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsHtml = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api/') || url === '/api' || !wantsHtml || !hasWeb) {
      return reply
        .code(404)
        .send(
          errorBody(
            'not_found',
            routeInconnue(request.method, url)[langueOf(request.headers['accept-language'])],
          ),
        );
    }
    // Paths that look like files (with an extension) but do not exist are real 404s, not app routes.
    if (/\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html')) {
      return reply
        .code(404)
        .send(errorBody('not_found', fichierIntrouvable(url)[langueOf(request.headers['accept-language'])]));
    }
    // The page load gives the browser its CSRF cookie (API answers never set one, http/csrf.ts); an answer that
    // sets one is private, so that no shared cache hands it to someone else.
    const before = request.cookies[CSRF_COOKIE];
    const given = ensureCsrfCookie(request, reply, csrf);
    reply.header('cache-control', given === before ? 'no-cache' : 'private, no-cache');
    // A path of no page, or whose ids name nothing, is a 404 with the app, which shows its not-found page.
    const refs = webPathIds(url);
    const found = refs !== null && (refs.length === 0 || !opts.idsExist || (await opts.idsExist(refs)));
    return reply
      .code(found ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(
        await page(url, found, typeof (request.query as Record<string, unknown>)[INSTANT_PARAM] === 'string'),
      );
  });
  if (!hasWeb) return [];
  return [...new Set([indexHtml, ...prerendered.pages.values()].flatMap((html) => inlineScriptHashes(html)))];
}
