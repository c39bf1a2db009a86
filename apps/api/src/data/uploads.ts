/**
 * User uploads (docs/decisions/034): avatars and publication photos. Bytes sent by a person are never stored or
 * served as received: the format is recognised from the content (JPEG, PNG, WebP, AVIF), the image is decoded and
 * re-encoded by sharp to WebP (auto-rotated, every metadata block — EXIF, GPS, XMP, ICC comments — dropped) and
 * written under a random name in `$DATA_DIR/uploads/<kind>/`. A JPEG with too many scans is refused before decoding
 * (docs/decisions/161). Features store `<kind>/<name>` and build URLs with
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
 * Scans (SOS markers) a JPEG may hold (docs/decisions/161). Every scan of a progressive JPEG makes the decoder walk
 * every block of the image, and a scan of a few bytes can cover them all: 1,000 such scans of a 49-megapixel image,
 * 171 KB, took 9 s of CPU to decode, and 10 MB would hold 180,000 of them (half an hour), while the images are decoded
 * one at a time. Cameras and editors write 1 to 4 scans (baseline) or about 10 (progressive); libjpeg-turbo's
 * answer to this is to stop after a number of scans (djpeg `-maxscans`), which sharp does not offer: the markers are
 * counted here before sharp sees the file.
 */
export const MAX_JPEG_SCANS = 100;

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

const isRestart = (b: number | undefined) => b !== undefined && b >= 0xd0 && b <= 0xd7;

/**
 * The scans of a JPEG's image, read from its markers as libjpeg reads them, without decoding anything: every segment
 * is skipped by its length, a scan's entropy-coded data up to the next marker (a stuffed `FF 00` or a restart marker
 * belongs to the data); the count stops at EOI, or once it goes beyond `stopAfter`. A damaged structure ends the
 * count: decoding will refuse the file anyway.
 */
export function jpegScanCount(buf: Buffer, stopAfter = Number.POSITIVE_INFINITY): number {
  let scans = 0;
  let i = 2;
  while (i + 1 < buf.length && scans <= stopAfter) {
    // Bytes between segments and fill bytes before a marker are skipped, as libjpeg skips them.
    if (buf[i] !== 0xff || buf[i + 1] === 0xff) {
      i++;
      continue;
    }
    const marker = buf[i + 1] as number;
    if (marker === 0xd9) break;
    // Markers without a length: TEM, restarts, SOI, and a stuffed zero out of place.
    if (marker === 0x00 || marker === 0x01 || isRestart(marker) || marker === 0xd8) {
      i += 2;
      continue;
    }
    if (i + 3 >= buf.length) break;
    let next = i + 2 + buf.readUInt16BE(i + 2);
    if (marker === 0xda) {
      scans++;
      while (next + 1 < buf.length && !(buf[next] === 0xff && buf[next + 1] !== 0x00 && !isRestart(buf[next + 1]))) {
        next++;
      }
    }
    i = next;
  }
  return scans;
}

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
  if (format === 'jpeg' && jpegScanCount(input, MAX_JPEG_SCANS) > MAX_JPEG_SCANS) {
    throw refuse(ENVOI.imageTropDePasses(MAX_JPEG_SCANS));
  }
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
