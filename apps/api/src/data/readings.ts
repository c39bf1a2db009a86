/**
 * Reading the state of sensors: shared by every feature that shows or judges a value (hydro, activities,
 * publications' snapshot, alerts). Not a feature itself: features import it, never each other.
 */
import type { Kysely } from 'kysely';
import type { EtatCapteur } from '@limni/shared/contracts/hydro';
import { computeFreshness, computeTrend, TREND_WINDOW_MS } from '@limni/shared/domain/trend';
import type { Env } from '../config/env';
import type { Database } from '../db/schema';

/**
 * "Now" of the data: the real clock when live ingestion runs; otherwise the time of the latest reading in the
 * database (the demo dataset, or a replay), so that freshness and default dates follow the data shown.
 */
export async function dataNow(db: Kysely<Database>, env: Pick<Env, 'INGEST'>, now: () => number): Promise<number> {
  if (env.INGEST === 'live') return now();
  const row = await db
    .selectFrom('capteur')
    .select((eb) => eb.fn.max('dernier_ts').as('t'))
    .executeTakeFirst();
  return row?.t ?? now();
}

/**
 * State of every sensor of the given places at `atMs` (latest reading at or before it, trend over the 3 hours
 * ending with it), freshness judged at `refMs` (usually min(atMs, dataNow)).
 */
export async function sensorStatesAt(
  db: Kysely<Database>,
  lieuIds: readonly number[],
  atMs: number,
  refMs: number = atMs,
): Promise<EtatCapteur[]> {
  if (lieuIds.length === 0) return [];
  const capteurs = await db
    .selectFrom('capteur')
    .select(['id', 'lieu_id', 'grandeur', 'unite', 'libelle', 'pas_min', 'dernier_ts', 'derniere_valeur'])
    .where('lieu_id', 'in', [...lieuIds])
    .orderBy('lieu_id')
    .orderBy('grandeur')
    .execute();
  return Promise.all(
    capteurs.map(async (c) => {
      const window =
        c.dernier_ts === null
          ? []
          : c.dernier_ts <= atMs
            ? // Fast path: the cached latest reading is the one we want.
              await db
                .selectFrom('observation')
                .select(['ts', 'valeur'])
                .where('capteur_id', '=', c.id)
                .where('ts', '>=', c.dernier_ts - TREND_WINDOW_MS)
                .where('ts', '<=', c.dernier_ts)
                .orderBy('ts')
                .execute()
            : await windowBefore(db, c.id, atMs);
      const last = window[window.length - 1];
      const trend = computeTrend(window, c.grandeur);
      return {
        capteur_id: c.id,
        lieu_id: c.lieu_id,
        grandeur: c.grandeur,
        unite: c.unite,
        libelle: c.libelle,
        valeur: last?.valeur ?? null,
        ts: last?.ts ?? null,
        tendance: trend?.tendance ?? null,
        variation_h: trend?.variation_h ?? null,
        fraicheur: computeFreshness(last?.ts ?? null, refMs, c.pas_min),
      };
    }),
  );
}

async function windowBefore(db: Kysely<Database>, capteurId: number, atMs: number) {
  const last = await db
    .selectFrom('observation')
    .select('ts')
    .where('capteur_id', '=', capteurId)
    .where('ts', '<=', atMs)
    .orderBy('ts', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return [];
  return db
    .selectFrom('observation')
    .select(['ts', 'valeur'])
    .where('capteur_id', '=', capteurId)
    .where('ts', '>=', last.ts - TREND_WINDOW_MS)
    .where('ts', '<=', last.ts)
    .orderBy('ts')
    .execute();
}
