/**
 * Monthly partitions of `observation` on PostgreSQL (docs/decisions/122, 157); nothing on SQLite (one table, one
 * region or the demo). Without copying a row:
 * - the table becomes `observation_avant`, given a check `ts < B` (B: the Paris month start after both now and its
 *   newest reading) and attached to a new partitioned `observation` as the partition `[MINVALUE, B)`: the check
 *   proves the bound, so attaching does not scan again, and its primary key index becomes the partition's;
 * - the new `observation` has the same columns, primary key (capteur_id, ts) and foreign key, so every read and the
 *   upsert `on conflict (capteur_id, ts)` are unchanged;
 * - monthly partitions from B up to two months ahead, a default partition as a safety net, and a BRIN index on `ts`
 *   (the roll-up's day scans read a day's blocks, not the table's).
 * The daily upkeep creates the next months' partitions (maintenance/raw-observations.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../dialect';
import {
  addMonths,
  MONTHS_AHEAD,
  monthRange,
  monthStart,
  PARTITION_AVANT,
  PARTITION_DEFAUT,
  parisMonthOf,
  partitionName,
} from '../partitions';

export function migration016(dialect: DialectName, now: () => number = Date.now) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      // Newest reading: one index probe per sensor (the primary key starts with capteur_id), not a scan.
      const { rows } = await sql<{ max: string | null }>`
        select max((select max(o.ts) from observation o where o.capteur_id = c.id)) as max from capteur c`.execute(
        db,
      );
      const newest = rows[0]?.max == null ? 0 : Number(rows[0].max);
      const first = addMonths(parisMonthOf(Math.max(now(), newest)), 1);
      const bound = monthStart(first);

      await sql`alter table observation rename to ${sql.table(PARTITION_AVANT)}`.execute(db);
      // Renaming the index renames its primary-key constraint too.
      await sql`alter index observation_pk rename to observation_avant_pk`.execute(db);
      await sql`alter table ${sql.table(PARTITION_AVANT)} add constraint observation_avant_borne check (ts < ${sql.lit(bound)}) not valid`.execute(
        db,
      );
      await sql`alter table ${sql.table(PARTITION_AVANT)} validate constraint observation_avant_borne`.execute(
        db,
      );
      await sql`create table observation (
          capteur_id integer not null references capteur (id) on delete cascade,
          ts bigint not null,
          valeur double precision not null,
          statut integer,
          qualification integer,
          constraint observation_pk primary key (capteur_id, ts)
        ) partition by range (ts)`.execute(db);
      await sql`alter table observation attach partition ${sql.table(PARTITION_AVANT)} for values from (minvalue) to (${sql.lit(bound)})`.execute(
        db,
      );
      // The check has done its work (the partition bound now holds); it would only slow later writes.
      await sql`alter table ${sql.table(PARTITION_AVANT)} drop constraint observation_avant_borne`.execute(
        db,
      );
      const current = parisMonthOf(now());
      for (
        let m = first;
        monthStart(m) <= monthStart(addMonths(current, MONTHS_AHEAD));
        m = addMonths(m, 1)
      ) {
        const { start, end } = monthRange(m);
        await sql`create table ${sql.table(partitionName(m))} partition of observation for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(
          db,
        );
      }
      await sql`create table ${sql.table(PARTITION_DEFAUT)} partition of observation default`.execute(db);
      await sql`create index observation_ts_brin on observation using brin (ts)`.execute(db);
    },
  };
}
