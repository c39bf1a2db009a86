/** Seed step: the built referential (basins, départements, entities, tronçons, places, sensors) into its tables. */
import type { SeedStep } from '../step';
import { insertRows, setEntiteParents } from '../seed.repo';
import { VIGILANCE_RECORDED_AT } from './vigilance';

export const seedReferentiel: SeedStep = async (trx, { ref }) => {
  await insertRows(
    trx,
    'bassin',
    ref.bassins.map((b) => ({
      slug: b.slug,
      code: b.code,
      nom: b.nom,
      territoire: b.territoire,
      ordre: b.ordre,
      west: b.bbox?.[0] ?? null,
      south: b.bbox?.[1] ?? null,
      east: b.bbox?.[2] ?? null,
      north: b.bbox?.[3] ?? null,
    })),
  );
  await insertRows(trx, 'departement', ref.departements);
  // Parents are set after every entity exists (self-reference).
  await insertRows(
    trx,
    'entite',
    ref.entites.map(({ departements: _d, parent_id: _p, ...e }) => ({ ...e, parent_id: null })),
    200,
  );
  await setEntiteParents(
    trx,
    ref.entites.flatMap((e) => (e.parent_id !== null ? [{ id: e.id, parent_id: e.parent_id }] : [])),
  );
  await insertRows(
    trx,
    'entite_departement',
    ref.entites.flatMap((e) => e.departements.map((d) => ({ entite_id: e.id, departement_code: d }))),
  );
  await insertRows(
    trx,
    'troncon',
    ref.troncons.map((t) => ({
      ...t,
      niveau_ts: t.niveau === null ? null : VIGILANCE_RECORDED_AT,
      geometry: null,
    })),
  );
  const tronconId = new Map(ref.troncons.map((t) => [t.code, t.id]));
  await insertRows(
    trx,
    'lieu',
    ref.lieux.map(({ troncon_code, ...l }) => ({
      ...l,
      troncon_id: troncon_code ? (tronconId.get(troncon_code) ?? null) : null,
    })),
    500,
  );
  await insertRows(trx, 'capteur', ref.capteurs);
};
