/**
 * Progressive-JPEG bombs (docs/decisions/161): every scan makes the decoder walk every block of the image, and a
 * scan of a few bytes covers them all. A real photo from sharp with thousands of such scans appended is still a
 * valid JPEG that decodes without a warning — the image unchanged — after seconds to minutes of CPU. Its scans are
 * counted before decoding and it is refused with a clear 400; ordinary photos, progressive ones included, pass.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { AvatarResponse } from '@limni/shared/contracts/profile';
import { signedUpUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/helpers';
import { formData } from '../../test/uploads';
import { AppError } from '../http/errors';
import { ENVOI } from '../http/messages';
import { AVATAR_MAX_INPUT_PIXELS, jpegScanCount, MAX_JPEG_SCANS, reencodeImage } from './uploads';

/** A marker segment: FF, the marker, its length (itself included), its body. */
function segment(marker: number, body: number[] | Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, Buffer.from(body)]);
}

/** Huffman-coded bits, most significant first, with the byte stuffing of JPEG (FF → FF 00) and 1s as padding. */
function entropyCoded(codes: [value: number, bits: number][]): Buffer {
  const out: number[] = [];
  let acc = 0;
  let n = 0;
  const bit = (b: number) => {
    acc = (acc << 1) | b;
    if (++n === 8) {
      out.push(acc);
      if (acc === 0xff) out.push(0);
      acc = 0;
      n = 0;
    }
  };
  for (const [value, bits] of codes) for (let i = bits - 1; i >= 0; i--) bit((value >> i) & 1);
  while (n !== 0) bit(1);
  return Buffer.from(out);
}

/**
 * A progressive photo made by sharp, then `extra` more scans of its luma: each a first AC scan (Ss 1, Se 63, Ah 0,
 * Al 0) that codes every block as part of end-of-band runs of 32,767 blocks — about 20 bytes for a 23-megapixel
 * image. libjpeg accepts such a scan after the photo's own (its coefficients are complete, Al 0 matches) and leaves
 * the coefficients as they are; a Huffman table of one code (EOB14) is added for them.
 */
async function progressiveBomb(width: number, height: number, extra: number): Promise<Buffer> {
  const photo = await sharp({ create: { width, height, channels: 3, background: { r: 11, g: 79, b: 108 } } })
    .jpeg({ progressive: true })
    .toBuffer();
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  // AC table 3: one code, `0`, for the symbol E0 (a run of 2^14 + the next 14 bits blocks).
  const table = segment(0xc4, [0x13, 1, ...Array<number>(15).fill(0), 0xe0]);
  const runs: [number, number][] = [];
  for (let left = blocks; left > 0; left -= 32_767) runs.push([0, 1], [Math.min(16_383, Math.max(0, left - 16_384)), 14]);
  // Component 1 (luma), tables 0/3, Ss 1, Se 63, Ah/Al 0.
  const scan = Buffer.concat([segment(0xda, [1, 1, 0x03, 1, 63, 0x00]), entropyCoded(runs)]);
  const eoi = photo.subarray(-2);
  expect([...eoi]).toEqual([0xff, 0xd9]);
  return Buffer.concat([photo.subarray(0, -2), table, ...Array<Buffer>(extra).fill(scan), eoi]);
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 90 } } }).composite([
    { input: { create: { width: 50, height: 40, channels: 3, background: { r: 250, g: 20, b: 20 } } } },
  ]);

describe('jpegScanCount', () => {
  it('counts the scans of ordinary photos: 1 baseline, about 10 progressive, whatever the data holds', async () => {
    expect(jpegScanCount(await photo(800, 600).jpeg().toBuffer())).toBe(1);
    const progressive = jpegScanCount(await photo(800, 600).jpeg({ progressive: true }).toBuffer());
    expect(progressive).toBeGreaterThan(1);
    expect(progressive).toBeLessThanOrEqual(12);
    const optimised = await photo(800, 600).jpeg({ progressive: true, optimiseScans: true, quality: 95 }).toBuffer();
    expect(jpegScanCount(optimised)).toBeLessThanOrEqual(MAX_JPEG_SCANS / 4);
    // With EXIF (its own embedded JPEG thumbnail markers are inside APP1, skipped by length).
    const exif = await photo(800, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(jpegScanCount(exif)).toBe(1);
  });

  it('counts the appended scans, and stops once beyond the limit', async () => {
    const bomb = await progressiveBomb(640, 480, MAX_JPEG_SCANS + 50);
    const own = jpegScanCount(await progressiveBomb(640, 480, 0));
    expect(jpegScanCount(bomb)).toBe(own + MAX_JPEG_SCANS + 50);
    expect(jpegScanCount(bomb, MAX_JPEG_SCANS)).toBe(MAX_JPEG_SCANS + 1);
  });
});

describe('reencodeImage', () => {
  it('refuses a progressive JPEG with too many scans, before decoding it', async () => {
    // Small enough to decode in a fraction of a second: without the count it was accepted.
    const bomb = await progressiveBomb(640, 480, MAX_JPEG_SCANS);
    const refused = await reencodeImage(bomb, { maxSide: 2048, field: 'photo' }).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      statusCode: 400,
      code: 'validation',
      texte: ENVOI.imageTropDePasses(MAX_JPEG_SCANS),
      fields: { photo: [ENVOI.imageTropDePasses(MAX_JPEG_SCANS)] },
    });
  });

  it('still re-encodes a progressive photo, and one with as many scans as allowed', async () => {
    const progressive = await photo(1600, 1200).jpeg({ progressive: true, optimiseScans: true }).toBuffer();
    const webp = await reencodeImage(progressive, { maxSide: 1024, field: 'photo' });
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 768 });
    const own = jpegScanCount(await progressiveBomb(320, 240, 0));
    const atLimit = await progressiveBomb(320, 240, MAX_JPEG_SCANS - own);
    expect(jpegScanCount(atLimit)).toBe(MAX_JPEG_SCANS);
    const out = await reencodeImage(atLimit, { maxSide: 1024, field: 'photo' });
    expect(await sharp(out).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });
});

describe('PUT /api/user/avatar', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    token = (await signedUpUser(ctx, 'Photographe')).token;
  });
  afterAll(async () => ctx.close());

  const putAvatar = (data: Buffer, headers: Record<string, string> = {}) => {
    const form = formData({}, [{ field: 'avatar', filename: 'photo.jpg', contentType: 'image/jpeg', data }]);
    return ctx.request({
      method: 'PUT',
      url: '/api/user/avatar',
      token,
      ...form,
      headers: { ...form.headers, ...headers },
    });
  };

  it('answers 400 at once to a bomb: a 24-megapixel photo with 20,000 appended scans in under 1 MB', async () => {
    // About 8 ms of decoding per scan at this size: minutes of CPU without the count.
    const side = Math.floor(Math.sqrt(AVATAR_MAX_INPUT_PIXELS) / 8) * 8;
    const bomb = await progressiveBomb(side, side, 20_000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await putAvatar(bomb);
    expect(res.statusCode).toBe(400);
    expect(z.parse(ErrorBody, res.json()).error).toEqual({
      code: 'validation',
      message: ENVOI.imageTropDePasses(MAX_JPEG_SCANS).fr,
      fields: { avatar: [ENVOI.imageTropDePasses(MAX_JPEG_SCANS).fr] },
    });
    const en = await putAvatar(bomb, { 'accept-language': 'en' });
    expect(z.parse(ErrorBody, en.json()).error.message).toBe(
      `This JPEG image has too many scans (${MAX_JPEG_SCANS} at most): save it again from your device or a photo editor.`,
    );
  });

  it('accepts an ordinary progressive photo', async () => {
    const res = await putAvatar(await photo(1200, 900).jpeg({ progressive: true }).toBuffer());
    expect(res.statusCode).toBe(200);
    expect(z.parse(AvatarResponse, res.json()).avatar).toMatch(/^\/api\/uploads\/avatars\//);
  });
});
