/**
 * Multipart uploads (avatar, publication photo): one file field and a few text fields, read into memory within
 * a byte limit. Features register `@fastify/multipart` in their own scope with `multipartOptions(maxBytes)` and
 * call `readUpload`; every failure is a French 400/413/415, never a 500.
 */
import type { FastifyMultipartOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';
import { ENVOI } from './messages';
import { champ, type Texte } from './texte';

export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface UploadForm {
  fields: Record<string, string>;
  file: UploadedFile | null;
}

const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 16 * 1024;
/** Room for the multipart envelope and text fields around the file. */
const ENVELOPE_BYTES = MAX_FIELDS * MAX_FIELD_BYTES + 64 * 1024;

export function multipartOptions(maxFileBytes: number): FastifyMultipartOptions {
  return {
    limits: {
      fileSize: maxFileBytes,
      files: 1,
      fields: MAX_FIELDS,
      fieldSize: MAX_FIELD_BYTES,
      parts: MAX_FIELDS + 1,
      headerPairs: 50,
    },
    throwFileSizeLimit: true,
  };
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

export const tooLarge = (what: Texte, maxBytes: number) =>
  new AppError(413, 'payload_too_large', ENVOI.tropGros(what, megabytes(maxBytes)));

/**
 * Reads the form: text fields and the file of `fileField` (at most `maxFileBytes`). A declared
 * Content-Length beyond the limit is refused before anything is read.
 */
export async function readUpload(
  request: FastifyRequest,
  opts: { fileField: string; maxFileBytes: number; what: Texte },
): Promise<UploadForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', ENVOI.multipartAttendu);
  }
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxFileBytes + ENVELOPE_BYTES) {
    throw tooLarge(opts.what, opts.maxFileBytes);
  }
  const form: UploadForm = { fields: {}, file: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField || form.file) {
          part.file.resume();
          throw badRequest(
            ENVOI.champInattendu(part.fieldname),
            champ(part.fieldname, ENVOI.seulChamp(opts.fileField)),
          );
        }
        form.file = { field: part.fieldname, filename: part.filename, data: await part.toBuffer() };
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(opts.what, opts.maxFileBytes);
    if (['FST_FILES_LIMIT', 'FST_FIELDS_LIMIT', 'FST_PARTS_LIMIT'].includes(code)) {
      throw new AppError(413, 'payload_too_large', ENVOI.tropDeChamps);
    }
    throw badRequest(ENVOI.formulaireIllisible);
  }
  return form;
}
