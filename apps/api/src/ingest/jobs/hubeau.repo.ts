/** The statements of the Hub'Eau jobs: the stations of Limni's places and what the catalogue says of them. */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Station codes to poll for observations: places with a station in service, by code. */
export async function stationsInService(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('lieu')
    .select('code_station')
    .where('code_station', 'is not', null)
    .where('station_mesure_ok', '=', 1)
    .orderBy('code_station')
    .execute();
  return rows.map((r) => r.code_station as string);
}

/** Every place with a station code, with the state the catalogue may change. */
export function lieuxWithStation(db: Kysely<Database>) {
  return db
    .selectFrom('lieu')
    .select([
      'id',
      'code_station',
      'station_mesure_ok',
      'altitude_zero',
      'station_motif',
      'station_motif_depuis',
    ])
    .where('code_station', 'is not', null)
    .execute();
}

/** Why a place's station gives no more readings (migration 013): the catalogue says so, or no longer lists it. */
export type StationMotif = 'hors_service' | 'absente_du_catalogue';

export interface StationState {
  /** The place (`lieu.id`). */
  id: number;
  station_mesure_ok: 0 | 1;
  altitude_zero: number | null;
  station_motif: StationMotif | null;
  station_motif_depuis: number | null;
}

/** Writes the in-service state, its reason and the gauge-zero altitude of places, in one transaction. */
export async function updateStationStates(
  db: Kysely<Database>,
  states: readonly StationState[],
): Promise<void> {
  if (states.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const u of states) {
      await trx
        .updateTable('lieu')
        .set({
          station_mesure_ok: u.station_mesure_ok,
          altitude_zero: u.altitude_zero,
          station_motif: u.station_motif,
          station_motif_depuis: u.station_motif_depuis,
        })
        .where('id', '=', u.id)
        .execute();
    }
  });
}

/** Rivers (entities of type R) with their Sandre code, to place a new station on. */
export function rivers(db: Kysely<Database>) {
  return db
    .selectFrom('entite')
    .select(['id', 'nom', 'slug', 'code_cours_eau', 'bassin_slug'])
    .where('type', '=', 'R')
    .execute();
}

/** Every entity slug (slugs are unique across rivers and lakes). */
export async function entitySlugs(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('entite').select('slug').execute();
  return new Set(rows.map((r) => r.slug));
}

/** Basin slugs by circonscription code, and the département codes known. */
export async function basinsAndDepartements(db: Kysely<Database>) {
  const bassins = await db
    .selectFrom('bassin')
    .select(['slug', 'code'])
    .where('code', 'is not', null)
    .execute();
  const deps = await db.selectFrom('departement').select('code').execute();
  return {
    bassinByCode: new Map(bassins.map((b) => [b.code as string, b.slug])),
    departements: new Set(deps.map((d) => d.code)),
  };
}

export interface NewRiver {
  nom: string;
  slug: string;
  bassin_slug: string;
  code_cours_eau: string | null;
}

export interface NewStationLieu {
  /** An existing entity, or the river created with it. */
  entite: number | NewRiver;
  nom: string;
  libelle: string;
  lat: number;
  lon: number;
  station_mesure_ok: 0 | 1;
  code_station: string;
  code_site: string | null;
  commune: string | null;
  departement_code: string | null;
  altitude_zero: number | null;
}

/**
 * Creates the places of new catalogue stations (and the rivers they need) in one transaction; a station that became
 * a place meanwhile is left alone. Returns the places and rivers created.
 */
export async function createStationLieux(
  db: Kysely<Database>,
  nouveaux: readonly NewStationLieu[],
): Promise<{ lieux: number; entites: number }> {
  if (nouveaux.length === 0) return { lieux: 0, entites: 0 };
  let lieux = 0;
  let entites = 0;
  await db.transaction().execute(async (trx) => {
    const created = new Map<string, number>();
    for (const p of nouveaux) {
      let entiteId: number;
      if (typeof p.entite === 'number') {
        entiteId = p.entite;
      } else {
        const known = created.get(p.entite.slug);
        if (known !== undefined) {
          entiteId = known;
        } else {
          const row = await trx
            .insertInto('entite')
            .values({
              type: 'R',
              parent_id: null,
              lat: null,
              lon: null,
              geometry: null,
              description: null,
              ...p.entite,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          entiteId = row.id;
          created.set(p.entite.slug, entiteId);
          entites++;
        }
      }
      const res = await trx
        .insertInto('lieu')
        .values({
          entite_id: entiteId,
          troncon_id: null,
          nom: p.nom,
          libelle: p.libelle,
          lat_gps: p.lat,
          lon_gps: p.lon,
          station_mesure_ok: p.station_mesure_ok,
          code_station: p.code_station,
          code_site: p.code_site,
          commune: p.commune,
          departement_code: p.departement_code,
          infos_pratiques: null,
          altitude_zero: p.altitude_zero,
          surface_bv_km2: null,
          ordre: null,
          source: 'hubeau',
        })
        .onConflict((oc) => oc.column('code_station').doNothing())
        .executeTakeFirst();
      lieux += Number(res.numInsertedOrUpdatedRows ?? 0);
      if (p.departement_code) {
        await trx
          .insertInto('entite_departement')
          .values({ entite_id: entiteId, departement_code: p.departement_code })
          .onConflict((oc) => oc.columns(['entite_id', 'departement_code']).doNothing())
          .execute();
      }
    }
  });
  return { lieux, entites };
}
