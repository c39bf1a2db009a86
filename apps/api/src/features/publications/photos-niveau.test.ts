/**
 * « À quoi ressemble ce niveau » (docs/decisions/153): at Toulouse Pont-Neuf, photos posted when the Garonne stood at
 * 3.1 m and at 0.7 m; at an instant when the source file reads 3.2 m the place shows the first, not the second.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PhotosNiveau } from '@limni/shared/contracts/publications';
import { formatInstantConsulte } from '@limni/shared/domain/instant-consulte';
import { userToken } from '../../../test/fixtures';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { garonneLevels } from '../../../test/garonne';
import { lieuIdByCode } from '../../../test/referentiel';

let ctx: TestContext;
let PONT_NEUF: number;
beforeAll(async () => {
  ctx = await createTestApp();
  PONT_NEUF = await lieuIdByCode(ctx, 'O200004001');
  await userToken(ctx, 'photographe');
});
afterAll(async () => ctx.close());

/** Toulouse Pont-Neuf's readings in the source file (m), oldest first. */
const source = () => garonneLevels('O200004001');

/** The first reading of the file within a centimetre of `m` metres. */
const firstAt = (m: number) => {
  const r = source().find((o) => Math.abs(o.valeur - m) <= 0.01);
  if (!r) throw new Error(`La Garonne n'est jamais à ${m} m dans le fichier`);
  return r;
};

async function post(stamp: { ts: number; valeur: number }, postedAfterMs: number, name: string) {
  const user = await ctx.db.db
    .selectFrom('user')
    .select('id')
    .where('username', '=', 'photographe')
    .executeTakeFirstOrThrow();
  const releves = [
    {
      grandeur: 'H',
      unite: 'm',
      libelle: 'Hauteur',
      valeur: stamp.valeur,
      ts: stamp.ts,
      tendance: null,
      variation_h: null,
    },
  ];
  const row = await ctx.db.db
    .insertInto('publication')
    .values({
      user_id: user.id,
      lieu_id: PONT_NEUF,
      texte: name,
      photo: `publications/${name.padEnd(32, '0')}.webp`,
      releves: JSON.stringify(releves),
      statut: 'publie',
      created_at: stamp.ts + postedAfterMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const at = async (ts: number) => {
  const res = await ctx.request({
    url: `/api/hydro/lieu/${PONT_NEUF}/photos-niveau?t=${formatInstantConsulte(ts)}`,
  });
  expect(res.statusCode).toBe(200);
  return z.parse(PhotosNiveau, res.json());
};

describe('photos of a level close to the reading', () => {
  it('at 3.2 m shows the photo of 3.1 m, not that of 0.7 m; at 0.7 m the other way round', async () => {
    const haut = firstAt(3.1);
    const bas = firstAt(0.7);
    const high = await post(haut, 10 * 60_000, 'haut');
    const low = await post(bas, 10 * 60_000, 'bas');
    // A photo posted 5 hours after its stamp's reading shows another level than its stamp: never counted.
    const late = await post(firstAt(3.15), 5 * 3_600_000, 'tard');

    // The first instants after every post when the file reads 3.2 m and 0.7 m (within 3 cm).
    const after = Math.max(haut.ts, bas.ts, firstAt(3.15).ts + 5 * 3_600_000);
    const at32 = source().find((o) => o.ts > after && Math.abs(o.valeur - 3.2) <= 0.03);
    const at07 = source().find((o) => o.ts > after && Math.abs(o.valeur - 0.7) <= 0.03);
    if (!at32 || !at07) throw new Error('pas de 3,2 m ni de 0,7 m après les photos dans le fichier');
    // Instants are read to the minute, in Paris time: the reading at the start of that minute.
    const high32 = await at(at32.ts);
    expect(high32.releve).toMatchObject({ grandeur: 'H', valeur: at32.valeur, ts: at32.ts });
    expect(high32.tolerance).toBe(0.25);
    expect(high32.photos.map((p) => p.publication_id)).toEqual([high]);
    expect(high32.photos[0]).toMatchObject({ valeur: haut.valeur, ts: haut.ts, auteur: 'photographe' });

    const low07 = await at(at07.ts);
    expect(low07.photos.map((p) => p.publication_id)).toEqual([low]);
    expect([high32, low07].flatMap((r) => r.photos.map((p) => p.publication_id))).not.toContain(late);
  });

  it('compares with the latest reading at the demo clock, and with nothing where there is no reading', async () => {
    const res = await ctx.request({ url: `/api/hydro/lieu/${PONT_NEUF}/photos-niveau` });
    expect(z.parse(PhotosNiveau, res.json()).releve?.valeur).toBe(source().at(-1)?.valeur);
    const sans = await ctx.db.db
      .selectFrom('lieu')
      .select('id')
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('capteur').select('id').whereRef('capteur.lieu_id', '=', 'lieu.id'))),
      )
      .executeTakeFirstOrThrow();
    const none = z.parse(
      PhotosNiveau,
      (await ctx.request({ url: `/api/hydro/lieu/${sans.id}/photos-niveau` })).json(),
    );
    expect(none).toEqual({ lieu_id: sans.id, releve: null, tolerance: null, photos: [] });
  });

  it('is a 404 for an unknown place', async () => {
    expect((await ctx.request({ url: '/api/hydro/lieu/999999/photos-niveau' })).statusCode).toBe(404);
  });
});
