/** Uploads in API tests: multipart bodies built by hand (as a browser's FormData) and real images made by sharp. */
import crypto from 'node:crypto';
import sharp from 'sharp';

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body and its content-type header. */
export function formData(
  fields: Record<string, string>,
  files: FilePart[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----limni${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const base = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 11, g: 79, b: 108 } } });

/** A JPEG taken "on the river": EXIF with camera make, GPS position, and orientation 6 (to rotate by 90°). */
export function jpegWithGps(width = 640, height = 480): Promise<Buffer> {
  return base(width, height)
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Limni', Model: 'Appareil de test' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '43/1 36/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '1/1 26/1 0/1',
      },
    })
    .toBuffer();
}

export function imageOf(format: 'png' | 'webp' | 'avif', width = 300, height = 200): Promise<Buffer> {
  return base(width, height).toFormat(format).toBuffer();
}

/** True when the EXIF block (as returned by sharp's metadata) has a GPS IFD pointer (tag 0x8825) in IFD0. */
export function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.toString('latin1', 0, 4) === 'Exif' ? 6 : 0);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  for (let i = 0; i < u16(ifd); i++) if (u16(ifd + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** Bytes that start like a JPEG (so only the size limit can refuse them). */
export function bigJpegLike(bytes: number): Buffer {
  const data = crypto.randomBytes(bytes);
  data[0] = 0xff;
  data[1] = 0xd8;
  data[2] = 0xff;
  return data;
}
