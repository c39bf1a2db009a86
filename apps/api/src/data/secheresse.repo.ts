/**
 * Drought restrictions as stored (migration 015, docs/decisions/155): a zone row per VigiEau alert zone, shared by
 * the places inside it, and VigiEau's last answer per place.
 */
import type { Kysely } from 'kysely';
import type { ZoneSecheresse } from '@limni/shared/contracts/secheresse';
import type { Database, LieuSecheresseTable } from '../db/schema';

export interface ReponseLieu {
  lieuId: number;
  etat: LieuSecheresseTable['etat'];
  zone: ZoneSecheresse | null;
  luLe: number;
  /** A recorded answer's origin; null when read live. */
  origine: string | null;
}

/**
 * Writes VigiEau's answers about places in one transaction: each zone once, then each place's answer. A failed
 * write leaves the previous answers as they were.
 */
export async function writeReponsesSecheresse(db: Kysely<Database>, reponses: readonly ReponseLieu[]): Promise<void> {
  if (reponses.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const zones = new Map<string, { zone: ZoneSecheresse; luLe: number }>();
    for (const r of reponses) if (r.zone) zones.set(r.zone.id, { zone: r.zone, luLe: r.luLe });
    for (const [id, { zone, luLe }] of zones) {
      const donnees = JSON.stringify(zone);
      await trx
        .insertInto('secheresse_zone')
        .values({ id, donnees, lu_le: luLe })
        .onConflict((oc) => oc.column('id').doUpdateSet({ donnees, lu_le: luLe }))
        .execute();
    }
    for (const r of reponses) {
      const row = { etat: r.etat, zone_id: r.zone?.id ?? null, lu_le: r.luLe, origine: r.origine };
      await trx
        .insertInto('lieu_secheresse')
        .values({ lieu_id: r.lieuId, ...row })
        .onConflict((oc) => oc.column('lieu_id').doUpdateSet(row))
        .execute();
    }
  });
}

/** A place's stored answer with its zone's JSON, or undefined when VigiEau was never asked about it. */
export function lieuSecheresse(db: Kysely<Database>, lieuId: number) {
  return db
    .selectFrom('lieu_secheresse as l')
    .leftJoin('secheresse_zone as z', 'z.id', 'l.zone_id')
    .select(['l.etat', 'l.lu_le', 'l.origine', 'z.donnees'])
    .where('l.lieu_id', '=', lieuId)
    .executeTakeFirst();
}

/**
 * The places to ask VigiEau about, those never asked or asked longest ago first, then by id; places of recorded
 * episodes are left out (their period is not today's).
 */
export function lieuxASonder(db: Kysely<Database>, avant: number) {
  return db
    .selectFrom('lieu')
    .leftJoin('lieu_secheresse as s', 's.lieu_id', 'lieu.id')
    .select(['lieu.id', 'lieu.lat_gps', 'lieu.lon_gps', 's.lu_le', 's.origine'])
    .where('lieu.episode', 'is', null)
    .where((eb) => eb.or([eb('s.lu_le', 'is', null), eb('s.lu_le', '<', avant), eb('s.origine', 'is not', null)]))
    .orderBy('s.lu_le', (ob) => ob.asc().nullsFirst())
    .orderBy('lieu.id')
    .execute();
}
