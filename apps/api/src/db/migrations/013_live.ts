/**
 * Live by default (docs/decisions/134–137):
 * - `serie_hubeau`: per station and quantity, the latest instant Hub'Eau returned for it. A request moves it only to
 *   what that station returned, never to the request's start, so a station that returned nothing is asked again from
 *   there (late readings are not lost, ADR 135).
 * - `valeur_ecartee`: readings outside their sensor's plausible bounds (ADR 136), kept apart from
 *   `observation` so that no verdict, class, alert, series or roll-up ever reads them.
 * - `ingest_job.running_since` (a run in progress and its age, for /api/health), `ingest_job.avertissements`
 *   (JSON list of the last run's warnings: a renamed field, a bulletin dated in the future…) and
 *   `ingest_job.demande_le` (an operator asked for a run now: `npm run admin -- run <job>`).
 * - `ingest_bail`: the ingestion leader's lease on SQLite (one leader per file, ADR 137).
 * - `lieu.station_motif` / `station_motif_depuis`: why a place's station stopped (out of service, or no longer in
 *   Hub'Eau's catalogue) and since when, shown on the place.
 * - `episode.debut` / `episode.fin`: an episode's period, fixed (its places may become live and get newer readings).
 */
import { sql, type Kysely } from 'kysely';
import { EPOCH_MS, FLOAT, withoutRowid, type DialectName } from '../dialect';

export function migration013(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const s = db.schema;
      await s
        .createTable('serie_hubeau')
        .addColumn('code_station', 'text', (c) => c.notNull())
        .addColumn('grandeur', 'text', (c) => c.notNull())
        .addColumn('lu_jusqu_a', EPOCH_MS, (c) => c.notNull())
        .addColumn('maj_le', EPOCH_MS, (c) => c.notNull())
        .addPrimaryKeyConstraint('serie_hubeau_pk', ['code_station', 'grandeur'])
        .modifyEnd(withoutRowid(dialect))
        .execute();

      await s
        .createTable('valeur_ecartee')
        .addColumn('capteur_id', 'integer', (c) => c.notNull().references('capteur.id').onDelete('cascade'))
        .addColumn('ts', EPOCH_MS, (c) => c.notNull())
        .addColumn('valeur', FLOAT, (c) => c.notNull())
        .addColumn('statut', 'integer')
        .addColumn('qualification', 'integer')
        .addColumn('raison', 'text', (c) => c.notNull())
        .addColumn('recu_le', EPOCH_MS, (c) => c.notNull())
        .addPrimaryKeyConstraint('valeur_ecartee_pk', ['capteur_id', 'ts'])
        .modifyEnd(withoutRowid(dialect))
        .execute();

      await s.alterTable('ingest_job').addColumn('running_since', EPOCH_MS).execute();
      await s.alterTable('ingest_job').addColumn('avertissements', 'text').execute();
      await s.alterTable('ingest_job').addColumn('demande_le', EPOCH_MS).execute();

      await s
        .createTable('ingest_bail')
        .addColumn('nom', 'text', (c) => c.primaryKey())
        .addColumn('detenteur', 'text', (c) => c.notNull())
        .addColumn('expire_le', EPOCH_MS, (c) => c.notNull())
        .execute();

      await s.alterTable('lieu').addColumn('station_motif', 'text').execute();
      await s.alterTable('lieu').addColumn('station_motif_depuis', EPOCH_MS).execute();

      await s.alterTable('episode').addColumn('debut', EPOCH_MS).execute();
      await s.alterTable('episode').addColumn('fin', EPOCH_MS).execute();
      await sql`
        update episode set
          debut = (select min(c.premier_ts) from capteur c join lieu l on l.id = c.lieu_id where l.episode = episode.code),
          fin = (select max(c.dernier_ts) from capteur c join lieu l on l.id = c.lieu_id where l.episode = episode.code)
      `.execute(db);
    },
  };
}
