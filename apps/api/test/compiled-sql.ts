/**
 * The SQL a repository function sends, compiled by Kysely for SQLite or PostgreSQL (what `.compile()` gives)
 * without a database: a driver records each compiled query and answers it with the rows the test chooses. Used
 * by the compiled-SQL snapshot tests, so that a change to a hot query shows in review.
 */
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { DialectName } from '../src/db/dialect';
import type { Database } from '../src/db/schema';

export interface RecordedQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** Answers a query with rows (none by default). */
export type Answer = (query: RecordedQuery) => unknown[];

class RecordingDriver implements Driver {
  constructor(
    private readonly queries: RecordedQuery[],
    private readonly answer: Answer,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const { queries, answer } = this;
    return {
      async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
        const q = { sql: compiled.sql, parameters: compiled.parameters };
        queries.push(q);
        return { rows: answer(q) as R[] };
      },
      streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
        throw new Error('streamQuery is not recorded: no repository streams');
      },
    };
  }

  async beginTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}
  async releaseConnection(): Promise<void> {}
  async destroy(): Promise<void> {}
}

/** Runs `fn` on a recording Kysely of the dialect; returns the queries it sent, in order. */
export async function compiledSql(
  dialect: DialectName,
  fn: (db: Kysely<Database>) => Promise<unknown>,
  answer: Answer = () => [],
): Promise<RecordedQuery[]> {
  const queries: RecordedQuery[] = [];
  const driver = new RecordingDriver(queries, answer);
  const db = new Kysely<Database>({
    dialect:
      dialect === 'sqlite'
        ? {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => driver,
            createIntrospector: (k) => new SqliteIntrospector(k),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          }
        : {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => driver,
            createIntrospector: (k) => new PostgresIntrospector(k),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          },
  });
  try {
    await fn(db);
  } finally {
    await db.destroy();
  }
  return queries;
}
