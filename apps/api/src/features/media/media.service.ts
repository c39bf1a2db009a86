/** The stored uploads served by `GET /api/uploads/:kind/:name` (docs/decisions/034). */
import type { UploadKind } from '@limni/shared/contracts/uploads';
import { readStoredUpload } from '../../data/uploads';
import { notFound } from '../../http/errors';
import { texte } from '../../http/texte';

const IMAGE_INCONNUE = texte(
  "Cette image n'existe pas (ou plus).",
  'This image does not exist (or no longer exists).',
);

/** The WebP bytes of an upload; 404 when it does not exist (or no longer does). */
export async function uploadedImage(dataDir: string, kind: UploadKind, name: string): Promise<Buffer> {
  const data = await readStoredUpload(dataDir, kind, name);
  if (!data) throw notFound(IMAGE_INCONNUE);
  return data;
}
