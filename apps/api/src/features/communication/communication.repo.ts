/** The mailing lists (table `liste_sib`). */
import type { Kysely } from 'kysely';
import type { ListeSib } from '@limni/shared/contracts/communication';
import type { Database } from '../../db/schema';

export async function listListes(db: Kysely<Database>): Promise<ListeSib[]> {
  return db.selectFrom('liste_sib').select(['id', 'nom', 'description']).orderBy('id').execute();
}
