/**
 * Serves the re-encoded uploads (docs/decisions/034): only names the server generated, always as
 * `image/webp` with `nosniff` and a sandboxing CSP, cached for a year (a name is never reused).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UploadParams } from '@limni/shared/contracts/uploads';
import type { AppDeps } from '../../app';
import { uploadsDir } from '../../data/uploads';
import { notFound } from '../../http/errors';

export function mediaRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/uploads/:kind/:name',
      {
        schema: {
          tags: ['fichiers'],
          summary: 'Avatar ou photo de publication (WebP ré-encodé, sans métadonnées)',
          params: UploadParams,
        },
      },
      async (request, reply) => {
        const { kind, name } = request.params;
        let data: Buffer;
        try {
          data = await fs.readFile(path.join(uploadsDir(deps.env.DATA_DIR, kind), name));
        } catch {
          throw notFound("Cette image n'existe pas (ou plus).");
        }
        return reply
          .type('image/webp')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('content-disposition', `inline; filename="${name}"`)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(data);
      },
    );
  };
}
