import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { StatusResponse } from '@limni/shared/contracts/account';
import { ErrorBody } from '@limni/shared/contracts/common';
import { Publication, PublicationsResponse } from '@limni/shared/contracts/publications';
import { signedUpUser } from '../../../test/accounts';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { lieuIdByCode } from '../../../test/referentiel';
import {
  bigJpegLike,
  exifHasGps,
  formData,
  imageOf,
  jpegWithGps,
  type FilePart,
} from '../../../test/uploads';
import { uploadPath } from '../../data/uploads';

let ctx: TestContext;
/** La Garonne à Toulouse (Pont-Neuf), O200004001: a place with water level observations in the demo dataset. */
let PONT_NEUF: number;
let token: string;
let other: string;
beforeAll(async () => {
  ctx = await createTestApp();
  PONT_NEUF = await lieuIdByCode(ctx, 'O200004001');
  token = (await signedUpUser(ctx, 'Photographe')).token;
  other = (await signedUpUser(ctx, 'Passant')).token;
});
afterAll(async () => ctx.close());

const errorOf = (res: { json: () => unknown }) => z.parse(ErrorBody, res.json()).error;
const publish = (
  fields: Record<string, string>,
  photo?: Partial<FilePart> & { data: Buffer },
  t: string | null = token,
) =>
  ctx.request({
    method: 'POST',
    url: '/api/user/new-publication',
    token: t ?? undefined,
    ...formData(
      fields,
      photo ? [{ field: 'photo', filename: 'DSC_0001.JPG', contentType: 'image/jpeg', ...photo }] : [],
    ),
  });
const list = async (lieu = PONT_NEUF, query = '') => {
  const res = await ctx.request({ url: `/api/hydro/lieu/${lieu}/publications${query}` });
  expect(res.statusCode).toBe(200);
  return z.parse(PublicationsResponse, res.json());
};

describe('POST /api/user/new-publication', () => {
  it('publishes text and photo: the photo is re-encoded without GPS, the observations of the moment are kept', async () => {
    const jpeg = await jpegWithGps(1600, 1200);
    expect(exifHasGps((await sharp(jpeg).metadata()).exif)).toBe(true);
    const res = await publish(
      { lieu: String(PONT_NEUF), texte: '  La Garonne est haute ce matin.  ' },
      { data: jpeg },
    );
    expect(res.statusCode).toBe(201);
    const p = z.parse(Publication, res.json());
    expect(p).toMatchObject({
      lieu_id: PONT_NEUF,
      texte: 'La Garonne est haute ce matin.',
      auteur: { username: 'Photographe', avatar: null },
    });
    expect(p.photo).toMatch(/^\/api\/uploads\/publications\/[A-Za-z0-9_-]{32}\.webp$/);
    // Snapshot: the latest observation of each sensor of the place when posting (the demo's last water level).
    const capteur = await ctx.db.db
      .selectFrom('capteur')
      .select(['derniere_valeur', 'dernier_ts'])
      .where('lieu_id', '=', PONT_NEUF)
      .where('grandeur', '=', 'H')
      .executeTakeFirstOrThrow();
    const h = p.releves.find((r) => r.grandeur === 'H');
    expect(h).toMatchObject({ unite: 'm', valeur: capteur.derniere_valeur, ts: capteur.dernier_ts });
    expect(h?.valeur).toEqual(expect.any(Number));

    const served = await ctx.request({ url: p.photo as string });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    // EXIF orientation 6 applied (landscape 1600×1200 becomes portrait), then every metadata block dropped.
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Appareil de test'))).toBe(false);

    // The photo also shows in the place's Photos tab.
    const photoRow = await ctx.db.db
      .selectFrom('photo')
      .select(['fichier', 'credit', 'lieu_id'])
      .where('publication_id', '=', p.id)
      .executeTakeFirst();
    expect(photoRow).toEqual({
      fichier: (p.photo as string).replace('/api/uploads/', ''),
      credit: 'Photographe',
      lieu_id: PONT_NEUF,
    });
    const lieu = (await ctx.request({ url: `/api/hydro/lieu/${PONT_NEUF}` })).json() as {
      photos: { url: string }[];
    };
    expect(lieu.photos.map((ph) => ph.url)).toContain(p.photo);
  });

  it('publishes text only, and a photo only (PNG, WebP, AVIF accepted)', async () => {
    const text = await publish({ lieu: String(PONT_NEUF), texte: 'Pas de photo aujourd’hui.' });
    expect(text.statusCode).toBe(201);
    expect(z.parse(Publication, text.json()).photo).toBeNull();
    for (const format of ['png', 'webp', 'avif'] as const) {
      const res = await publish(
        { lieu: String(PONT_NEUF) },
        { data: await imageOf(format, 3000, 1000), contentType: `image/${format}` },
      );
      expect(res.statusCode).toBe(201);
      const served = await ctx.request({ url: z.parse(Publication, res.json()).photo as string });
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 2048,
        height: 683,
      });
    }
  });

  it('lists the place’s publications newest first, with pages older than `avant`', async () => {
    await publish({ lieu: String(PONT_NEUF), texte: 'Dernière.' }, undefined, other);
    const all = await list();
    expect(all[0]).toMatchObject({ texte: 'Dernière.', auteur: { username: 'Passant' } });
    const times = all.map((p) => p.created_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const ids = all.map((p) => p.id);
    expect(all.length).toBe(6);
    const older = await list(PONT_NEUF, `?avant=${all[0]?.created_at}`);
    expect(older.every((p) => p.created_at < (all[0]?.created_at ?? 0))).toBe(true);
    expect(ids).toContain(older[0]?.id);
    expect(await list(2)).toEqual([]);
    const res = await ctx.request({ url: `/api/hydro/lieu/${PONT_NEUF}/publications` });
    expect(res.headers['cache-control']).toMatch(/public/);
  });

  it('answers 404 for the publications of an unknown place and 400 for a bad `avant`', async () => {
    expect((await ctx.request({ url: '/api/hydro/lieu/99999999/publications' })).statusCode).toBe(404);
    expect(
      (await ctx.request({ url: `/api/hydro/lieu/${PONT_NEUF}/publications?avant=hier` })).statusCode,
    ).toBe(400);
  });

  it('answers 413 to a 20 MB photo, in French', async () => {
    const res = await publish(
      { lieu: String(PONT_NEUF), texte: 'Trop lourde' },
      { data: bigJpegLike(20 * 1024 * 1024) },
    );
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toEqual({
      code: 'payload_too_large',
      message: 'La photo dépasse la taille maximale de 10 Mo.',
    });
    // Just above the limit, without a declared length that gives it away: the stream is cut at 10 MB.
    const form = formData({ lieu: String(PONT_NEUF) }, [
      {
        field: 'photo',
        filename: 'a.jpg',
        contentType: 'image/jpeg',
        data: bigJpegLike(10 * 1024 * 1024 + 10),
      },
    ]);
    const streamed = await ctx.request({
      method: 'POST',
      url: '/api/user/new-publication',
      token,
      headers: form.headers,
      payload: form.payload,
    });
    expect(streamed.statusCode).toBe(413);
  });

  it('answers 400 to a text file as photo, to a missing or unknown place, to an empty post, to a long text', async () => {
    const textFile = await publish(
      { lieu: String(PONT_NEUF), texte: 'x' },
      { data: Buffer.from('texte'), contentType: 'text/plain', filename: 'notes.txt' },
    );
    expect(textFile.statusCode).toBe(400);
    expect(errorOf(textFile).fields?.photo?.[0]).toMatch(/pas une image acceptée/);
    const noLieu = await publish({ texte: 'Où ?' });
    expect(noLieu.statusCode).toBe(400);
    expect(errorOf(noLieu).fields?.lieu).toEqual([expect.stringMatching(/^Entrée invalide/)]);
    const unknown = await publish({ lieu: '99999999', texte: 'Ailleurs' });
    expect(errorOf(unknown).fields?.lieu).toEqual(["Aucun lieu ne porte l'identifiant 99999999."]);
    const empty = await publish({ lieu: String(PONT_NEUF), texte: '   ' });
    expect(errorOf(empty).fields?.texte).toEqual(['Écrivez un texte ou joignez une photo.']);
    const long = await publish({ lieu: String(PONT_NEUF), texte: 'é'.repeat(2001) });
    expect(errorOf(long).fields?.texte).toEqual(['Le texte ne doit pas dépasser 2000 caractères.']);
    const json = await ctx.request({
      method: 'POST',
      url: '/api/user/new-publication',
      token,
      payload: { lieu: PONT_NEUF },
    });
    expect(json.statusCode).toBe(415);
  });

  it('needs a signed-in user; a failed post leaves no file behind', async () => {
    expect((await publish({ lieu: String(PONT_NEUF), texte: 'x' }, undefined, null)).statusCode).toBe(401);
    const before = fs.readdirSync(`${ctx.dataDir}/uploads/publications`).length;
    await publish({ lieu: '99999999', texte: 'x' }, { data: await jpegWithGps() });
    expect(fs.readdirSync(`${ctx.dataDir}/uploads/publications`).length).toBe(before);
  });
});

describe('DELETE /api/user/publication/:id', () => {
  it('lets the author delete their publication and its photo; others get 403; unknown 404', async () => {
    const created = z.parse(
      Publication,
      (
        await publish({ lieu: String(PONT_NEUF), texte: 'À supprimer' }, { data: await jpegWithGps() })
      ).json(),
    );
    const stored = (created.photo as string).replace('/api/uploads/', '');
    const file = uploadPath(ctx.dataDir, stored) as string;
    expect(fs.existsSync(file)).toBe(true);

    const del = (id: number, t: string | null = token) =>
      ctx.request({ method: 'DELETE', url: `/api/user/publication/${id}`, token: t ?? undefined });
    const foreign = await del(created.id, other);
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).message).toBe('Vous ne pouvez supprimer que vos propres publications.');
    expect((await del(created.id, null)).statusCode).toBe(401);
    const ok = await del(created.id);
    expect(ok.statusCode).toBe(200);
    expect(z.parse(StatusResponse, ok.json())).toEqual({ status: 200 });
    expect(fs.existsSync(file)).toBe(false);
    expect((await list()).some((p) => p.id === created.id)).toBe(false);
    expect(
      await ctx.db.db.selectFrom('photo').select('id').where('publication_id', '=', created.id).execute(),
    ).toHaveLength(0);
    expect((await del(created.id)).statusCode).toBe(404);
    expect((await del(0)).statusCode).toBe(400);
  });
});

describe('deleting an account', () => {
  it('deletes its publications and their files', async () => {
    const { token: t } = await signedUpUser(ctx, 'Ephemere');
    const p = z.parse(
      Publication,
      (
        await publish({ lieu: String(PONT_NEUF), texte: 'Bientôt partie' }, { data: await jpegWithGps() }, t)
      ).json(),
    );
    const avatar = await ctx.request({
      method: 'PUT',
      url: '/api/user/avatar',
      token: t,
      ...formData({}, [
        { field: 'avatar', filename: 'a.png', contentType: 'image/png', data: await imageOf('png') },
      ]),
    });
    const avatarUrl = (avatar.json() as { avatar: string }).avatar;
    expect((await list()).find((x) => x.id === p.id)?.auteur.avatar).toBe(avatarUrl);
    const files = [p.photo as string, avatarUrl].map(
      (u) => uploadPath(ctx.dataDir, u.replace('/api/uploads/', '')) as string,
    );
    expect(files.every((f) => fs.existsSync(f))).toBe(true);
    expect((await ctx.request({ method: 'POST', url: '/api/user/delete', token: t })).statusCode).toBe(200);
    expect((await list()).some((x) => x.id === p.id)).toBe(false);
    expect(files.some((f) => fs.existsSync(f))).toBe(false);
    expect((await ctx.request({ url: p.photo as string })).statusCode).toBe(404);
  });
});
