/**
 * The statements of raw-observation retention on SQLite (raw-observations.ts): which sensors may be pruned with their
 * earliest reading, and batched deletes along the primary key (capteur_id, ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Sensors whose raw readings may go after 2 years, with their earliest one (one index probe each): not the daily-step
 * ones (their readings are their archive) nor those of a recorded episode.
 */
export async function prunableCapteurs(
  db: Kysely<Database>,
): Promise<Array<{ id: number; first: number | null }>> {
  const { rows } = await sql<{ id: number; first: number | string | null }>`
    select c.id, (select min(o.ts) from observation o where o.capteur_id = c.id) as first
    from capteur c join lieu l on l.id = c.lieu_id
    where (c.pas_min is null or c.pas_min <> 1440) and l.episode is null`.execute(db);
  return rows.map((r) => ({ id: r.id, first: r.first === null ? null : Number(r.first) }));
}

/**
 * Deletes at most `batch` of a sensor's readings before `end`, oldest first; returns how many went and whether some
 * may remain.
 */
export async function deleteObservationsBefore(
  db: Kysely<Database>,
  capteurId: number,
  end: number,
  batch: number,
): Promise<{ n: number; more: boolean }> {
  const edge = await db
    .selectFrom('observation')
    .select('ts')
    .where('capteur_id', '=', capteurId)
    .where('ts', '<', end)
    .orderBy('ts')
    .offset(batch - 1)
    .limit(1)
    .executeTakeFirst();
  const res = await db
    .deleteFrom('observation')
    .where('capteur_id', '=', capteurId)
    .where('ts', edge ? '<=' : '<', edge ? edge.ts : end)
    .executeTakeFirst();
  return { n: Number(res.numDeletedRows), more: edge !== undefined };
}
