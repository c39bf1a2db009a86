/**
 * Serves the re-encoded uploads (docs/decisions/034): only names the server generated, always as
 * `image/webp` with `nosniff` and a sandboxing CSP, cached for a year (a name is never reused).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UploadParams } from '@limni/shared/contracts/uploads';
import type { AppDeps } from '../../deps';
import { uploadedImage } from './media.service';

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
        const data = await uploadedImage(deps.env.DATA_DIR, kind, name);
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
