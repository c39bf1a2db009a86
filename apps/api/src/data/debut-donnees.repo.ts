/** The first instant of the data: the earliest of the sensors' first readings and of their archived days. */
import type { Kysely } from 'kysely';
import { parisDayRange } from '@limni/shared/domain/time';
import type { Database } from '../db/schema';

/** The first instant any sensor has a value for (a reading or an archived day), null for an empty database. */
export async function debutDesDonnees(db: Kysely<Database>): Promise<number | null> {
  const [obs, jour] = await Promise.all([
    db
      .selectFrom('capteur')
      .select((eb) => eb.fn.min('premier_ts').as('ts'))
      .executeTakeFirst(),
    db
      .selectFrom('archive_jour')
      .select((eb) => eb.fn.min('jour').as('jour'))
      .executeTakeFirst(),
  ]);
  const candidates: number[] = [];
  if (obs?.ts !== null && obs?.ts !== undefined) candidates.push(Number(obs.ts));
  if (typeof jour?.jour === 'string') candidates.push(parisDayRange(jour.jour).start);
  return candidates.length ? Math.min(...candidates) : null;
}
