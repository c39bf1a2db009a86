/**
 * Quotas before work, refunds on failure (docs/decisions/106, 107, issues D7–D9): an account over its hourly limit is
 * refused before its photo is read or decoded; a publication that is not stored spends no slot; avatars have a
 * lower pixel limit, checked from the image header; decoding runs behind a small queue.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { signedUpUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { lieuIdByCode } from '../../../test/referentiel';
import { formData, imageOf } from '../../../test/uploads';
import { AVATAR_MAX_INPUT_PIXELS, DECODE_CONCURRENCY, decodingLoad, uploadsDir } from '../../data/uploads';
import { PUBLICATIONS_PER_HOUR } from './publications.service';

let ctx: TestContext;
let PONT_NEUF: number;
beforeAll(async () => {
  ctx = await createTestApp();
  PONT_NEUF = await lieuIdByCode(ctx, 'O200004001');
});
afterAll(async () => ctx.close());

const errorOf = (res: { json: () => unknown }) => z.parse(ErrorBody, res.json()).error;
const publish = (token: string, fields: Record<string, string>, photo?: Buffer) =>
  ctx.request({
    method: 'POST',
    url: '/api/user/new-publication',
    token,
    ...formData(
      fields,
      photo ? [{ field: 'photo', filename: 'photo.jpg', contentType: 'image/jpeg', data: photo }] : [],
    ),
  });
const publicationsOf = async (userId: number) =>
  (await ctx.db.db.selectFrom('publication').select('id').where('user_id', '=', userId).execute()).length;

/** A real JPEG of `megapixels` million pixels (a uniform image: small file, large decoding). */
const jpegOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 120 } } })
    .jpeg({ quality: 60 })
    .toBuffer();

describe('the hourly limit is checked before any work (issue D7)', () => {
  it('over the limit, even a photo that cannot be decoded is answered 429: nothing was read or decoded', async () => {
    const { token, id } = await signedUpUser(ctx, 'Bavarde');
    for (let i = 0; i < PUBLICATIONS_PER_HOUR; i++) {
      expect((await publish(token, { lieu: String(PONT_NEUF), texte: `n° ${i}` })).statusCode).toBe(201);
    }
    // Bytes that start like a JPEG but are not one: decoding them would answer 400.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200_000, 7)]);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () => publish(token, { lieu: String(PONT_NEUF) }, broken)),
    );
    for (const a of answers) {
      expect(a.statusCode).toBe(429);
      expect(errorOf(a).code).toBe('rate_limited');
      expect(a.headers['retry-after']).toMatch(/^\d+$/);
    }
    expect(decodingLoad()).toEqual({ active: 0, waiting: 0 });
    expect(await publicationsOf(id)).toBe(PUBLICATIONS_PER_HOUR);
  });
});

describe('a publication that is not stored spends no slot (issue D8)', () => {
  it(`${PUBLICATIONS_PER_HOUR} failed posts (unreadable photo, unknown place, empty) leave the whole hour`, async () => {
    const { token } = await signedUpUser(ctx, 'Malchanceuse');
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5_000, 3)]);
    for (let i = 0; i < PUBLICATIONS_PER_HOUR; i++) {
      const res =
        i % 3 === 0
          ? await publish(token, { lieu: String(PONT_NEUF) }, broken)
          : i % 3 === 1
            ? await publish(token, { lieu: '99999999', texte: 'perdu' })
            : await publish(token, { lieu: String(PONT_NEUF) });
      expect(res.statusCode).toBe(400);
    }
    // The whole hourly quota is still there.
    for (let i = 0; i < PUBLICATIONS_PER_HOUR; i++) {
      expect((await publish(token, { lieu: String(PONT_NEUF), texte: `ok ${i}` })).statusCode).toBe(201);
    }
    expect((await publish(token, { lieu: String(PONT_NEUF), texte: 'de trop' })).statusCode).toBe(429);
  });

  it('a photo that cannot be stored (disk failure) gives its slot back', async () => {
    const { token } = await signedUpUser(ctx, 'Disquette');
    const dir = uploadsDir(ctx.dataDir, 'publications');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.writeFileSync(dir, 'pas un dossier');
    const photo = await imageOf('png', 64, 64);
    try {
      for (let i = 0; i < PUBLICATIONS_PER_HOUR; i++) {
        const res = await publish(token, { lieu: String(PONT_NEUF), texte: 'photo' }, photo);
        expect(res.statusCode).toBe(500);
        expect(errorOf(res)).toEqual({ code: 'internal', message: 'Une erreur interne est survenue.' });
      }
    } finally {
      fs.rmSync(dir, { force: true });
    }
    for (let i = 0; i < PUBLICATIONS_PER_HOUR; i++) {
      expect((await publish(token, { lieu: String(PONT_NEUF) }, photo)).statusCode).toBe(201);
    }
  });
});

describe('decoding limits (issue D9)', () => {
  it('an avatar beyond its pixel limit is refused from its header, in French', async () => {
    const { token } = await signedUpUser(ctx, 'Grandeur');
    const side = Math.ceil(Math.sqrt(AVATAR_MAX_INPUT_PIXELS)) + 1;
    const big = await jpegOf(side, side);
    const res = await ctx.request({
      method: 'PUT',
      url: '/api/user/avatar',
      token,
      ...formData({}, [{ field: 'avatar', filename: 'a.jpg', contentType: 'image/jpeg', data: big }]),
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.avatar).toEqual([
      `Cette image est trop grande (${Math.round(AVATAR_MAX_INPUT_PIXELS / 1e6)} millions de pixels au maximum).`,
    ]);
    // The same image is a fine publication photo (its own limit is higher).
    const post = await publish(token, { lieu: String(PONT_NEUF) }, big);
    expect(post.statusCode).toBe(201);
  });

  it(`decodes at most ${DECODE_CONCURRENCY} images at once; the others wait their turn`, async () => {
    const users = await Promise.all(Array.from({ length: 3 }, (_v, i) => signedUpUser(ctx, `File${i}`)));
    const photo = await imageOf('png', 3000, 2000);
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, decodingLoad().active)), 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_v, i) =>
        publish((users[i % users.length] as { token: string }).token, { lieu: String(PONT_NEUF) }, photo),
      ),
    );
    clearInterval(watch);
    for (const a of answers) expect(a.statusCode).toBe(201);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(DECODE_CONCURRENCY);
  });
});
