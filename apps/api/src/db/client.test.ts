/**
 * The SQLite statement cache of openDb (docs/decisions/027): one prepared statement per SQL text, reused across
 * executions — and still right after the schema changed under it (migrations run on a live handle).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from './client';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-client-'));
const handle = openDb({ dataDir: dir });
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SQLite statement cache', () => {
  it('reuses a statement with new parameters, streams, and follows a schema change', async () => {
    const db = handle.db as unknown as Kysely<{ t: { n: number; m?: number | null } }>;
    await sql`create table t (n integer primary key)`.execute(db);
    for (let i = 1; i <= 3; i++) await db.insertInto('t').values({ n: i }).execute();
    const seen: number[] = [];
    for await (const row of db.selectFrom('t').select('n').orderBy('n').stream()) seen.push(row.n);
    expect(seen).toEqual([1, 2, 3]);
    const all = () => sql<Record<string, number | null>>`select * from t order by n`.execute(db);
    expect((await all()).rows).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await sql`alter table t add column m integer`.execute(db);
    await db.updateTable('t').set({ m: 7 }).where('n', '=', 2).execute();
    expect((await all()).rows).toEqual([
      { n: 1, m: null },
      { n: 2, m: 7 },
      { n: 3, m: null },
    ]);
  });
});
