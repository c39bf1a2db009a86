/**
 * Serves the built web app from the same process: hashed assets with a one-year immutable cache,
 * `index.html` (no-cache) for every other non-API path so that history routing works on reload. The page carries
 * the `/api/health` answer in a `<meta name="limni-health">` (docs/decisions/109), so that the demo banner and the
 * data clock are known at the first paint instead of shifting the page when `/api/health` answers.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import { apiPackageDir } from '../lib/paths';
import { errorBody } from './errors';
import { CSRF_COOKIE, ensureCsrfCookie, type CsrfOptions } from './csrf';
import { inlineScriptHashes } from './security-headers';

export function webDistDir(env: Pick<Env, 'WEB_DIST'>): string {
  return path.resolve(env.WEB_DIST ?? path.join(apiPackageDir(), '../web/dist'));
}

/** The name of the meta element that carries the `/api/health` answer in the page. */
export const PAGE_HEALTH_META = 'limni-health';

/** `index.html` with the data of its first paint as a meta element (JSON, HTML-escaped; no inline script, no CSP hash). */
export function withPageData(html: string, data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
  return html.replace('</head>', `<meta name="${PAGE_HEALTH_META}" content="${json}" />\n  </head>`);
}

export interface WebOptions {
  /** The `/api/health` answer the page carries (left out when it fails: the page then asks for it). */
  pageHealth?: () => Promise<unknown>;
}

/**
 * Registers the web app; returns the CSP hashes of the inline scripts of its index.html (none in today's build:
 * Vite emits external modules), for http/security-headers.ts.
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
  const page = async (): Promise<string> => {
    if (!opts.pageHealth) return indexHtml;
    try {
      return withPageData(indexHtml, await opts.pageHealth());
    } catch (err) {
      app.log.warn({ err }, 'Page servie sans l’état du service');
      return indexHtml;
    }
  };
  if (!hasWeb) {
    app.log.warn(`Application web absente (${root}) : lancez « npm run build » pour la servir.`);
  } else {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      wildcard: false,
      // Every file's Cache-Control is decided below (send's own "public, max-age=0" would replace ours).
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath);
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
        .send(errorBody('not_found', `Aucune route ne correspond à ${request.method} ${url}.`));
    }
    // Paths that look like files (with an extension) but do not exist are real 404s, not app routes.
    if (/\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html')) {
      return reply.code(404).send(errorBody('not_found', `Fichier introuvable : ${url}`));
    }
    // The page load gives the browser its CSRF cookie (API answers never set one, http/csrf.ts); an answer that
    // sets one is private, so that no shared cache hands it to someone else.
    const before = request.cookies[CSRF_COOKIE];
    const given = ensureCsrfCookie(request, reply, csrf);
    reply.header('cache-control', given === before ? 'no-cache' : 'private, no-cache');
    return reply.type('text/html; charset=utf-8').send(await page());
  });
  return hasWeb ? inlineScriptHashes(indexHtml) : [];
}
