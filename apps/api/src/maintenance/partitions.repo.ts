/**
 * The statements of the monthly partitions of `observation` (PostgreSQL only, docs/decisions/157): which partitions
 * exist and their bounds, creating a month's partition (moving into it any row the default partition caught for that
 * month), counting what the default partition holds, and replacing an old partition by one holding only the rows
 * kept past retention. Table names are built from `partitionName` only (never from input).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { monthRange, PARTITION_DEFAUT, partitionName, type ParisMonth } from '../db/partitions';

/** One partition of `observation`: its name and bounds (null: MINVALUE, or the default partition). */
export interface PartitionInfo {
  name: string;
  from: number | null;
  to: number | null;
  isDefault: boolean;
  /** Already reduced to the rows kept past retention (its comment says so). */
  pruned: boolean;
}

/** The comment of a partition reduced to its kept rows. */
const PRUNED = 'limni: relevés bruts élagués';

/** `FOR VALUES FROM (MINVALUE) TO ('1764543600000')` → bounds. */
function parseBound(expr: string): { from: number | null; to: number | null; isDefault: boolean } {
  if (/^DEFAULT$/i.test(expr.trim())) return { from: null, to: null, isDefault: true };
  const m = /FROM \((.+?)\) TO \((.+?)\)/i.exec(expr);
  const num = (s: string | undefined) => {
    const v = s?.replace(/'/g, '').trim();
    return v === undefined || /^MINVALUE|MAXVALUE$/i.test(v) ? null : Number(v);
  };
  return { from: num(m?.[1]), to: num(m?.[2]), isDefault: false };
}

/** True when `observation` is partitioned (migration 016 applied on PostgreSQL). */
export async function isPartitioned(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from pg_partitioned_table p join pg_class c on c.oid = p.partrelid
    where c.relname = 'observation' and c.relnamespace = current_schema()::regnamespace`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

/** Every partition of `observation` with its bounds, oldest first (the default one last). */
export async function listPartitions(db: Kysely<Database>): Promise<PartitionInfo[]> {
  const { rows } = await sql<{ name: string; bound: string; comment: string | null }>`
    select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound, obj_description(c.oid, 'pg_class') as comment
    from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
    where p.relname = 'observation' and p.relnamespace = current_schema()::regnamespace`.execute(db);
  return rows
    .map((r) => ({ name: r.name, ...parseBound(r.bound), pruned: r.comment === PRUNED }))
    .sort((a, b) =>
      a.isDefault !== b.isDefault ? (a.isDefault ? 1 : -1) : (a.from ?? -Infinity) - (b.from ?? -Infinity),
    );
}

/**
 * Creates a month's partition if missing. Rows the default partition caught for that month (the partition was
 * missing when they arrived) are moved into it, in the same transaction. Returns whether it was created.
 */
export async function createMonthPartition(db: Kysely<Database>, m: ParisMonth): Promise<boolean> {
  const name = partitionName(m);
  const { start, end } = monthRange(m);
  const table = sql.table(name);
  return db.transaction().execute(async (trx) => {
    const exists = await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = ${name}
      and relnamespace = current_schema()::regnamespace`.execute(trx);
    if ((exists.rows[0]?.n ?? 0) > 0) return false;
    const caught = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(PARTITION_DEFAUT)}
      where ts >= ${start} and ts < ${end}`.execute(trx);
    if ((caught.rows[0]?.n ?? 0) === 0) {
      await sql`create table ${table} partition of observation for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(
        trx,
      );
      return true;
    }
    // The default partition holds rows of this month: they move into a table attached as the month's partition.
    await sql`create table ${table} (like observation including defaults)`.execute(trx);
    await sql`insert into ${table} select * from ${sql.table(PARTITION_DEFAUT)} where ts >= ${start} and ts < ${end}`.execute(
      trx,
    );
    await sql`delete from ${sql.table(PARTITION_DEFAUT)} where ts >= ${start} and ts < ${end}`.execute(trx);
    await sql`alter table observation attach partition ${table} for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(
      trx,
    );
    return true;
  });
}

/** What the default partition holds: a row there is a clock or source bug, logged by the upkeep. */
export async function defaultPartitionRows(
  db: Kysely<Database>,
): Promise<{ n: number; min: number | null; max: number | null }> {
  const { rows } = await sql<{ n: number; min: string | null; max: string | null }>`
    select count(*)::int as n, min(ts) as min, max(ts) as max from ${sql.table(PARTITION_DEFAUT)}`.execute(
    db,
  );
  const r = rows[0];
  return {
    n: r?.n ?? 0,
    min: r?.min == null ? null : Number(r.min),
    max: r?.max == null ? null : Number(r.max),
  };
}

/** Earliest reading of a partition (null: empty). */
export async function partitionMinTs(db: Kysely<Database>, name: string): Promise<number | null> {
  const { rows } = await sql<{ min: string | null }>`select min(ts) as min from ${sql.table(name)}`.execute(
    db,
  );
  return rows[0]?.min == null ? null : Number(rows[0].min);
}

/**
 * Replaces an old partition by one holding only the readings kept past retention (sensors whose readings are their
 * archive: daily-step ones, and places of a recorded episode), in one transaction: detach, copy the kept rows into a
 * new table, drop the old one, attach the new one with the same bounds. Constant time in the rows dropped: no
 * delete, no dead rows, no vacuum. Returns the rows kept.
 */
export async function replaceByKeptRows(db: Kysely<Database>, p: PartitionInfo): Promise<number> {
  if (p.isDefault || p.to === null) throw new Error(`partition sans borne supérieure : ${p.name}`);
  const old = sql.table(p.name);
  const next = `${p.name}_k`;
  const from = p.from === null ? sql`minvalue` : sql.lit(p.from);
  return db.transaction().execute(async (trx) => {
    await sql`alter table observation detach partition ${old}`.execute(trx);
    await sql`create table ${sql.table(next)} (like observation including defaults)`.execute(trx);
    const kept = await sql`insert into ${sql.table(next)} select o.* from ${old} o
      where o.capteur_id in (select c.id from capteur c join lieu l on l.id = c.lieu_id
                             where c.pas_min = 1440 or l.episode is not null)`.execute(trx);
    await sql`drop table ${old}`.execute(trx);
    await sql`alter table ${sql.table(next)} rename to ${sql.table(p.name)}`.execute(trx);
    await sql`alter table observation attach partition ${old} for values from (${from}) to (${sql.lit(p.to)})`.execute(
      trx,
    );
    await sql`comment on table ${old} is ${sql.lit(PRUNED)}`.execute(trx);
    return Number(kept.numAffectedRows ?? 0n);
  });
}
