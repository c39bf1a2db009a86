/** `GET /api/uploads/{kind}/{name}`: a re-encoded upload (WebP) under the random name the server gave it. */
import * as z from 'zod/mini';

export const UPLOAD_KINDS = ['avatars', 'publications'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
/** A stored name: 32 base64url characters and the extension. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9_-]{32}\.webp$/;

export const UploadParams = z.object({
  kind: z.enum(UPLOAD_KINDS, { message: 'Dossier inconnu.' }),
  name: z.string().check(z.regex(UPLOAD_NAME_PATTERN, 'Nom de fichier invalide.')),
});
