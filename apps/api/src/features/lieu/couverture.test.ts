/**
 * Coverage said plainly (docs/decisions/144): counts of places with readings, `a_des_mesures`, and what an empty
 * place points to. Every expectation is computed here from the database: the places with an observation (by SQL on
 * `observation`), their coordinates and their order on the river.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { EntiteDetail, IndexResponse, LieuDetail } from '@limni/shared/contracts/hydro';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { entiteIdByNom, lieuIdByLibelle } from '../../../test/referentiel';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const get = async (url: string) => (await ctx.request({ url })).json();

interface Place {
  id: number;
  libelle: string;
  entite_id: number;
  ordre: number | null;
  lat: number;
  lon: number;
}

/** Every place, with whether one of its sensors has an observation in the table of observations. */
async function lieux(): Promise<Array<Place & { mesures: boolean }>> {
  const measured = new Set(
    (
      await ctx.db.db
        .selectFrom('observation')
        .innerJoin('capteur', 'capteur.id', 'observation.capteur_id')
        .select('capteur.lieu_id')
        .distinct()
        .execute()
    ).map((r) => r.lieu_id),
  );
  const rows = await ctx.db.db
    .selectFrom('lieu')
    .select(['id', 'libelle', 'entite_id', 'ordre', 'lat_gps as lat', 'lon_gps as lon'])
    .execute();
  return rows.map((r) => ({ ...r, mesures: measured.has(r.id) }));
}

/** Haversine on a 6,371-km sphere. */
function km(a: Place, b: Place): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(b.lat - a.lat) / 2) ** 2 +
    Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('places with readings, apart from places with a station', () => {
  it('the index counts the places with an observation, not the places with a station', async () => {
    const all = await lieux();
    const index = z.parse(IndexResponse, await get('/api/hydro/index'));
    const avec = all.filter((p) => p.mesures);
    expect(index.reduce((s, e) => s + e.nb_lieux_mesures, 0)).toBe(avec.length);
    expect(index.filter((e) => e.nb_lieux_mesures > 0).length).toBe(
      new Set(avec.map((p) => p.entite_id)).size,
    );
    expect(index.reduce((s, e) => s + e.nb_lieux, 0)).toBe(all.length);
    // The demo's stations far outnumber its places with readings: the two counts are not the same thing.
    const stations = await ctx.db.db
      .selectFrom('lieu')
      .select('id')
      .where('station_mesure_ok', '=', 1)
      .execute();
    expect(stations.length).toBeGreaterThan(avec.length * 10);
  });

  it('each place of an entity says whether it has readings', async () => {
    const all = await lieux();
    for (const nom of ['La Garonne', "Lac d'Annecy"]) {
      const entite = z.parse(EntiteDetail, await get(`/api/hydro/entite/${await entiteIdByNom(ctx, nom)}`));
      expect(entite.lieux.length).toBeGreaterThan(0);
      for (const l of entite.lieux) expect(l.a_des_mesures).toBe(all.find((p) => p.id === l.id)?.mesures);
    }
  });

  it('a place with readings has no « sans mesures » part', async () => {
    const toulouse = await lieuIdByLibelle(ctx, 'La Garonne à Toulouse (Pont-Neuf)');
    const l = z.parse(LieuDetail, await get(`/api/hydro/lieu/${toulouse}`));
    expect(l.a_des_mesures).toBe(true);
    expect(l.sans_mesures ?? null).toBeNull();
  });
});

describe('an empty place points to the nearest place with readings', () => {
  it("Lac d'Annecy, whose only place has no reading, points to the nearest place with readings", async () => {
    const all = await lieux();
    const annecy = await entiteIdByNom(ctx, "Lac d'Annecy");
    const lac = all.filter((p) => p.entite_id === annecy);
    expect(lac.length).toBe(1);
    const [place] = lac as [Place & { mesures: boolean }];
    expect(place.mesures).toBe(false);
    const avec = all.filter((p) => p.mesures);
    const nearest = [...avec].sort((a, b) => km(place, a) - km(place, b))[0];
    expect(nearest?.libelle).toBe("L'Ire à Doussard");

    const l = z.parse(LieuDetail, await get(`/api/hydro/lieu/${place.id}`));
    expect(l.a_des_mesures).toBe(false);
    const lastObservation = await ctx.db.db
      .selectFrom('observation')
      .innerJoin('capteur', 'capteur.id', 'observation.capteur_id')
      .select((eb) => eb.fn.max('observation.ts').as('ts'))
      .where('capteur.lieu_id', '=', nearest?.id as number)
      .executeTakeFirstOrThrow();
    expect(l.sans_mesures).toEqual({
      lieux_avec_mesures: avec.length,
      lieux: all.length,
      voisin: {
        id: nearest?.id,
        libelle: "L'Ire à Doussard",
        entite: { id: nearest?.entite_id, nom: "L'Ire", type: 'R' },
        relation: 'proche',
        distance_km: Math.round(km(place, nearest as Place) * 10) / 10,
        derniere_mesure: Number(lastObservation.ts),
      },
    });
  });

  it('a place of a river without readings points upstream or downstream to the nearest station with some', async () => {
    const all = await lieux();
    const garonne = await entiteIdByNom(ctx, 'La Garonne');
    const river = all.filter((p) => p.entite_id === garonne && p.ordre !== null);
    const empty = river.filter((p) => !p.mesures);
    expect(empty.length).toBeGreaterThan(0);
    for (const lieu of empty) {
      const rank = lieu.ordre as number;
      const best = river
        .filter((p) => p.mesures)
        .sort((a, b) => Math.abs((a.ordre as number) - rank) - Math.abs((b.ordre as number) - rank))[0];
      const l = z.parse(LieuDetail, await get(`/api/hydro/lieu/${lieu.id}`));
      expect(l.sans_mesures?.voisin).toMatchObject({
        id: best?.id,
        relation: (best?.ordre as number) < rank ? 'amont' : 'aval',
      });
    }
  });
});
