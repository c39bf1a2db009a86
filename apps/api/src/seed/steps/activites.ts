/**
 * Seed step: the six activities and their indicative thresholds per place (docs/decisions/015, 099, 141): a row
 * without bounds (« pas assez d'historique pour un avis ») for every place with a recorded water-level series, then,
 * for every place with a long daily archive of at least 10 complete years, percentiles of that archive over its
 * climatology's reference period instead. The rules live in `data/activite-seuils.ts`.
 */
import type { Kysely } from 'kysely';
import {
  ACTIVITES,
  recomputeArchiveThresholds,
  seuilsDuLieu,
  type SerieLieu,
} from '../../data/activite-seuils';
import type { Database } from '../../db/schema';
import {
  insertRows,
  levelCapteursWithSeries,
  capteursWithReferencePeriod,
  capteurValues,
} from '../seed.repo';
import type { SeedStep } from '../step';

/** Every place with a recorded water-level series (the Garonne/Ariège stations and the Swiss lakes). */
async function seriesDesLieux(trx: Kysely<Database>): Promise<SerieLieu[]> {
  const out: SerieLieu[] = [];
  for (const c of await levelCapteursWithSeries(trx)) {
    out.push({
      lieu_id: c.lieu_id,
      type: c.type,
      surface_bv_km2: c.surface_bv_km2,
      grandeur: 'H',
      valeurs: await capteurValues(trx, c.id),
      origine: { kind: 'releves', premier_ts: c.premier_ts as number, dernier_ts: c.dernier_ts as number },
    });
  }
  return out;
}

export const seedActivites: SeedStep = async (trx, { log }) => {
  await insertRows(
    trx,
    'activite',
    ACTIVITES.map((a) => ({ ...a })),
  );
  const seuils = (await seriesDesLieux(trx)).flatMap(seuilsDuLieu);
  await insertRows(trx, 'activite_lieu', seuils, 500);
  let archive = 0;
  for (const capteurId of await capteursWithReferencePeriod(trx)) {
    archive += await recomputeArchiveThresholds(trx, capteurId);
  }
  log(
    `${ACTIVITES.length} activités, ${seuils.length} lieux-activités sans historique suffisant, ${archive} seuils sur les archives longues`,
  );
};
