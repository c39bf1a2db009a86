/**
 * User uploads (docs/decisions/034): avatars and publication photos. Bytes sent by a person are never stored or
 * served as received: the format is recognised from the content (JPEG, PNG, WebP, AVIF), the image is decoded and
 * re-encoded by sharp to WebP (auto-rotated, every metadata block — EXIF, GPS, XMP, ICC comments — dropped) and
 * written under a random name in `$DATA_DIR/uploads/<kind>/`. Features store `<kind>/<name>` and build URLs with
 * `uploadUrl`; `features/media` serves them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { UPLOAD_KINDS, UPLOAD_NAME_PATTERN, type UploadKind } from '@limni/shared/contracts/uploads';
import { badRequest, rateLimited } from '../http/errors';
import { ENVOI } from '../http/messages';
import { champ, type Texte } from '../http/texte';
import { Semaphore, SemaphoreFullError } from '../lib/semaphore';

/**
 * Decoding limits (docs/decisions/034, 106): a "decompression bomb" of a few KB could otherwise claim gigabytes.
 * Photos up to 50 megapixels; an avatar, shown at 512 px, up to 24 (a 6000 × 4000 camera picture).
 */
export const MAX_INPUT_PIXELS = 50_000_000;
export const AVATAR_MAX_INPUT_PIXELS = 24_000_000;

/**
 * Images decoded at once by this process (docs/decisions/106); the others wait their turn, up to
 * `DECODE_MAX_WAITING`, beyond which the upload is refused at once (429, try again in 30 s). libvips keeps no decoded
 * image in its operation cache, and works each image with a single thread: memory grows with the queue's width,
 * not with the number of uploads.
 */
export const DECODE_CONCURRENCY = 1;
export const DECODE_MAX_WAITING = 64;
const decoding = new Semaphore(DECODE_CONCURRENCY, DECODE_MAX_WAITING);
sharp.cache(false);
sharp.concurrency(1);

/** How many images are being decoded and waiting (tests, benches). */
export const decodingLoad = () => decoding.load;

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

export function uploadsDir(dataDir: string, kind?: UploadKind): string {
  return kind ? path.join(dataDir, 'uploads', kind) : path.join(dataDir, 'uploads');
}

/** `/api/uploads/<kind>/<name>` for a stored `<kind>/<name>`. */
export function uploadUrl(stored: string | null): string | null {
  return stored ? `/api/uploads/${stored}` : null;
}

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

/** The image format from the first bytes (magic numbers), whatever the file name or declared type say. */
export function sniffImageFormat(buf: Buffer): ImageFormat | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (buf.length >= 12 && ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WEBP') return 'webp';
  if (buf.length >= 16 && ascii(buf, 4, 8) === 'ftyp') {
    const boxSize = Math.min(buf.readUInt32BE(0), buf.length, 256);
    const brands = [ascii(buf, 8, 12)];
    for (let i = 16; i + 4 <= boxSize; i += 4) brands.push(ascii(buf, i, i + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return null;
}


export interface ImageOptions {
  /** Square side (cover crop) for avatars; their pixel limit is then AVATAR_MAX_INPUT_PIXELS. */
  square?: number;
  /** Longest side (no enlargement) for photos. */
  maxSide?: number;
  /** Field name for the 400 answer. */
  field: string;
}

const millions = (pixels: number) => Math.round(pixels / 1_000_000);

/**
 * Decodes and re-encodes an uploaded image to WebP without metadata; 400 for anything that is not one or is too
 * large (checked from the header, before any pixel is decoded), 429 when too many images already wait.
 */
export async function reencodeImage(input: Buffer, opts: ImageOptions): Promise<Buffer> {
  const format = sniffImageFormat(input);
  if (!format) throw badRequest(ENVOI.pasUneImage, champ(opts.field, ENVOI.pasUneImage));
  const limit = opts.square ? AVATAR_MAX_INPUT_PIXELS : MAX_INPUT_PIXELS;
  const unreadable = ENVOI.imageIllisible;
  const tooLarge = ENVOI.imageTropGrande(millions(limit));
  const refuse = (message: Texte) => badRequest(message, champ(opts.field, message));
  const image = sharp(input, { limitInputPixels: limit, failOn: 'error', sequentialRead: true });
  let meta: Metadata;
  const pixelLimit = (err: unknown) => err instanceof Error && /pixel limit/i.test(err.message);
  try {
    // Reads the header only; sharp already refuses dimensions beyond the limit here.
    meta = await image.metadata();
  } catch (err) {
    throw refuse(pixelLimit(err) ? tooLarge : unreadable);
  }
  const decoded = meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : null) : meta.format;
  if (decoded !== format) throw refuse(unreadable);
  if ((meta.width ?? 0) * (meta.height ?? 0) > limit) throw refuse(tooLarge);
  try {
    return await decoding.run(async () => {
      // rotate(): applies the EXIF orientation before the metadata is dropped (sharp keeps none by default).
      let pipeline = image.rotate();
      if (opts.square) pipeline = pipeline.resize(opts.square, opts.square, { fit: 'cover' });
      else if (opts.maxSide) {
        pipeline = pipeline.resize(opts.maxSide, opts.maxSide, { fit: 'inside', withoutEnlargement: true });
      }
      return pipeline.webp({ quality: 82, effort: 4 }).toBuffer();
    });
  } catch (err) {
    if (err instanceof SemaphoreFullError) {
      throw rateLimited(30, ENVOI.imagesEnCours);
    }
    throw refuse(pixelLimit(err) ? tooLarge : unreadable);
  }
}

/** Writes the bytes under a new random name (temporary file, then rename); returns `<kind>/<name>`. */
export async function saveUpload(dataDir: string, kind: UploadKind, data: Buffer): Promise<string> {
  const dir = uploadsDir(dataDir, kind);
  await fs.mkdir(dir, { recursive: true });
  const name = `${crypto.randomBytes(24).toString('base64url')}.webp`;
  const tmp = path.join(dir, `.${name}.tmp`);
  try {
    await fs.writeFile(tmp, data, { flag: 'wx' });
    await fs.rename(tmp, path.join(dir, name));
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  return `${kind}/${name}`;
}

/** The file of a stored `<kind>/<name>`, or null when the value is not one of ours. */
export function uploadPath(dataDir: string, stored: string): string | null {
  const [kind, name, extra] = stored.split('/');
  if (extra !== undefined || !kind || !name) return null;
  if (!(UPLOAD_KINDS as readonly string[]).includes(kind) || !UPLOAD_NAME_PATTERN.test(name)) return null;
  return path.join(uploadsDir(dataDir, kind as UploadKind), name);
}

/** Removes stored files; missing files are fine (already removed). */
export async function removeUploads(dataDir: string, stored: readonly (string | null)[]): Promise<void> {
  await Promise.all(
    stored.map(async (s) => {
      const file = s ? uploadPath(dataDir, s) : null;
      if (file) await fs.rm(file, { force: true });
    }),
  );
}

/** The bytes of a stored upload (`kind` and `name` already validated by the route's schema); null when absent. */
export async function readStoredUpload(dataDir: string, kind: UploadKind, name: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(path.join(uploadsDir(dataDir, kind), name));
  } catch {
    return null;
  }
}
