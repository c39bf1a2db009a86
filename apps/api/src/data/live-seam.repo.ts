/** One sensor's readings either side of the seam between archive and live readings (data/live-seam.ts). */
import type { Kysely } from 'kysely';
import { parisDay, parisDayRange } from '@limni/shared/domain/time';
import type { Database } from '../db/schema';
import { firstObservationTsAtOrAfter, lastObservationTsAtOrBefore } from './observations.repo';

/** The sensor's archived day nearest `jour`: the last before it, or the first from it. */
async function archiveDayNear(
  db: Kysely<Database>,
  capteurId: number,
  jour: string,
  side: 'before' | 'from',
): Promise<string | null> {
  const row = await db
    .selectFrom('archive_jour')
    .select('jour')
    .where('capteur_id', '=', capteurId)
    .where('jour', side === 'before' ? '<' : '>=', jour)
    .orderBy('jour', side === 'before' ? 'desc' : 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.jour ?? null;
}

const present = (xs: Array<number | null>) => xs.filter((x): x is number => x !== null);

/** One sensor's last reading before the seam and first from it (observations and daily archive). */
export async function aroundSeam(
  db: Kysely<Database>,
  capteurId: number,
  seam: number,
): Promise<{ avant: number | null; apres: number | null }> {
  const jour = parisDay(seam);
  const [obsAvant, obsApres, jourAvant, jourApres] = await Promise.all([
    lastObservationTsAtOrBefore(db, capteurId, seam - 1),
    firstObservationTsAtOrAfter(db, capteurId, seam),
    archiveDayNear(db, capteurId, jour, 'before'),
    archiveDayNear(db, capteurId, jour, 'from'),
  ]);
  const avants = present([obsAvant === null ? null : Number(obsAvant), jourAvant ? parisDayRange(jourAvant).end - 1 : null]);
  const apres = present([obsApres === null ? null : Number(obsApres), jourApres ? parisDayRange(jourApres).start : null]);
  return {
    avant: avants.length ? Math.max(...avants) : null,
    apres: apres.length ? Math.min(...apres) : null,
  };
}
