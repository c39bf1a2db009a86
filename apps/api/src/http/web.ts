/**
 * Serves the built web app from the same process: hashed assets with a one-year immutable cache,
 * `index.html` (no-cache) for every other non-API path so that history routing works on reload.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import { apiPackageDir } from '../lib/paths';
import { errorBody } from './errors';

export function webDistDir(env: Pick<Env, 'WEB_DIST'>): string {
  return path.resolve(env.WEB_DIST ?? path.join(apiPackageDir(), '../web/dist'));
}

export async function registerWeb(app: FastifyInstance, env: Env): Promise<void> {
  const root = webDistDir(env);
  const hasWeb = fs.existsSync(path.join(root, 'index.html'));
  if (!hasWeb) {
    app.log.warn(`Application web absente (${root}) : lancez « npm run build » pour la servir.`);
  } else {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath);
        if (rel.startsWith(`assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else if (rel === 'sw.js' || rel.endsWith('.html')) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=3600');
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
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
