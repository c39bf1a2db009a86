/** What `/api/health` reads: the period covered by the observations and the version of the loaded dataset. */
import type { Kysely } from 'kysely';
import type { HealthEpisode } from '@limni/shared/contracts/health';
import type { Database } from '../../db/schema';

/** First and last observation over the sensors of the main dataset, outside any episode (null when none). */
export async function dataPeriod(
  db: Kysely<Database>,
): Promise<{ debut: number | null; fin: number | null }> {
  const row = await db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select((eb) => [eb.fn.min('capteur.premier_ts').as('debut'), eb.fn.max('capteur.dernier_ts').as('fin')])
    .where('lieu.episode', 'is', null)
    .executeTakeFirst();
  return { debut: row?.debut ?? null, fin: row?.fin ?? null };
}

/** Each recorded episode (docs/decisions/088) with its period, fixed when it was loaded (migration 013). */
export async function episodePeriods(db: Kysely<Database>): Promise<HealthEpisode[]> {
  const rows = await db
    .selectFrom('episode')
    .select(['code', 'libelle', 'source', 'debut', 'fin'])
    .orderBy('code')
    .execute();
  return rows.map((r) => ({
    code: r.code,
    libelle: r.libelle,
    source: r.source,
    debut: r.debut === null ? null : Number(r.debut),
    fin: r.fin === null ? null : Number(r.fin),
  }));
}

/** The `dataset_version` written by the seed; null when absent. */
export async function datasetVersion(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('meta')
    .select('value')
    .where('key', '=', 'dataset_version')
    .executeTakeFirst();
  return row?.value ?? null;
}

/** The live observations of the last hour, and the sensors they belong to. */
export async function observationsSince(
  db: Kysely<Database>,
  since: number,
): Promise<{ mesures: number; capteurs: number }> {
  const capteurs = await db
    .selectFrom('capteur')
    .select('id')
    .where('dernier_ts', '>=', since)
    .where('source', 'in', ['hubeau', 'vigicrues'])
    .execute();
  if (capteurs.length === 0) return { mesures: 0, capteurs: 0 };
  let observations = 0;
  const ids = capteurs.map((c) => c.id);
  for (let i = 0; i < ids.length; i += 500) {
    const row = await db
      .selectFrom('observation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('capteur_id', 'in', ids.slice(i, i + 500))
      .where('ts', '>=', since)
      .executeTakeFirst();
    observations += Number(row?.n ?? 0);
  }
  return { mesures: observations, capteurs: capteurs.length };
}

/**
 * In-service stations (places with a station code) without a reading since `since`, and the one whose latest reading
 * is the oldest (never read first).
 */
export async function stationsBehind(
  db: Kysely<Database>,
  since: number,
): Promise<{ n: number; oldest: { code: string; lieuId: number; nom: string; ts: number | null } | null }> {
  const rows = await db
    .selectFrom('lieu')
    .leftJoin('capteur', 'capteur.lieu_id', 'lieu.id')
    .select((eb) => [
      'lieu.id',
      'lieu.code_station',
      'lieu.libelle',
      eb.fn.max('capteur.dernier_ts').as('ts'),
    ])
    .where('lieu.code_station', 'is not', null)
    .where('lieu.station_mesure_ok', '=', 1)
    .where('lieu.episode', 'is', null)
    .groupBy(['lieu.id', 'lieu.code_station', 'lieu.libelle'])
    .execute();
  let n = 0;
  let oldest: { code: string; lieuId: number; nom: string; ts: number | null } | null = null;
  for (const r of rows) {
    const ts = r.ts === null ? null : Number(r.ts);
    if (ts !== null && ts >= since) continue;
    n++;
    if (!oldest || (oldest.ts !== null && (ts === null || ts < oldest.ts))) {
      oldest = { code: r.code_station as string, lieuId: r.id, nom: r.libelle, ts };
    }
  }
  return { n, oldest };
}

/** The last Open-Meteo answer received (a cached cell), and the last failure kept. */
export async function meteoOutcomes(
  db: Kysely<Database>,
): Promise<{ derniereReussite: number | null; dernierEchec: number | null }> {
  const ok = await db
    .selectFrom('meteo_cache')
    .select((eb) => eb.fn.max('fetched_at').as('t'))
    .where('outcome', 'like', '{"ok":true%')
    .executeTakeFirst();
  const ko = await db
    .selectFrom('meteo_cache')
    .select((eb) => eb.fn.max('fetched_at').as('t'))
    .where('outcome', 'like', '{"ok":false%')
    .executeTakeFirst();
  return {
    derniereReussite: ok?.t == null ? null : Number(ok.t),
    dernierEchec: ko?.t == null ? null : Number(ko.t),
  };
}

/** The holder of the ingestion lease (SQLite, docs/decisions/137), null when none holds a valid one. */
export async function leaseHolder(db: Kysely<Database>, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('ingest_bail')
    .select(['detenteur', 'expire_le'])
    .where('nom', '=', 'ingestion')
    .executeTakeFirst();
  return row && Number(row.expire_le) > now ? row.detenteur : null;
}
