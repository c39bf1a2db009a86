/**
 * The places a user follows, as the profile (`GET user/profile`) and the alerts feature (answers of
 * `user/*-abonnement`) list them. Writes belong to `features/alertes` (docs/decisions/068).
 */
import type { Kysely, Transaction } from 'kysely';
import type { AbonnementLieu } from '@limni/shared/contracts/alertes';
import type { Database } from '../db/schema';

/** Places followed, oldest abonnement first; `nom` is the place's full label ("La Garonne à Toulouse"). */
export async function abonnementsOf(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
): Promise<AbonnementLieu[]> {
  const rows = await db
    .selectFrom('abonnement')
    .innerJoin('lieu', 'lieu.id', 'abonnement.lieu_id')
    .select(['lieu.id', 'lieu.libelle', 'abonnement.actif'])
    .where('abonnement.user_id', '=', userId)
    .orderBy('abonnement.created_at')
    .orderBy('lieu.id')
    .execute();
  return rows.map((r) => ({ id: r.id, nom: r.libelle, actif: r.actif === 1 }));
}
