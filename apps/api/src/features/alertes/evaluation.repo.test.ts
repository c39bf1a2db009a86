/**
 * The SQL of the evaluator's rule scan (run after every ingestion run), as each engine receives it: a change of
 * this query shows in review. Compiled without a database (Kysely's DummyDriver).
 */
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { activeObservationReglesQuery } from './evaluation.repo';

const compilerOnly = (engine: 'sqlite' | 'postgres') =>
  new Kysely<Database>({
    dialect: {
      createAdapter: () => (engine === 'sqlite' ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        engine === 'sqlite' ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () =>
        engine === 'sqlite' ? new SqliteQueryCompiler() : new PostgresQueryCompiler(),
    },
  });

describe('activeObservationReglesQuery: active rules of active abonnements on the sensors that got observations', () => {
  it('SQLite', () => {
    const q = activeObservationReglesQuery(compilerOnly('sqlite'), [7, 42]).compile();
    expect(q.sql).toMatchInlineSnapshot(
      `"select "r"."id", "r"."user_id", "r"."lieu_id", "r"."type", "r"."grandeur", "r"."seuil", "r"."seuil2", "r"."activite_id", "e"."etat", "c"."id" as "capteur_id", "c"."pas_min", "l"."libelle" from "alerte_regle" as "r" inner join "abonnement" as "a" on "a"."user_id" = "r"."user_id" and "a"."lieu_id" = "r"."lieu_id" inner join "lieu" as "l" on "l"."id" = "r"."lieu_id" left join "alerte_regle_etat" as "e" on "e"."regle_id" = "r"."id" inner join "capteur" as "c" on "c"."lieu_id" = "r"."lieu_id" and "c"."grandeur" = "r"."grandeur" where "r"."actif" = ? and "a"."actif" = ? and "r"."type" in (?, ?, ?, ?) and "c"."id" in (?, ?)"`,
    );
    expect(q.parameters).toEqual([1, 1, 'au_dessus', 'en_dessous', 'montee', 'retour_plage', 7, 42]);
  });

  it('PostgreSQL', () => {
    const q = activeObservationReglesQuery(compilerOnly('postgres'), [7, 42]).compile();
    expect(q.sql).toMatchInlineSnapshot(
      `"select "r"."id", "r"."user_id", "r"."lieu_id", "r"."type", "r"."grandeur", "r"."seuil", "r"."seuil2", "r"."activite_id", "e"."etat", "c"."id" as "capteur_id", "c"."pas_min", "l"."libelle" from "alerte_regle" as "r" inner join "abonnement" as "a" on "a"."user_id" = "r"."user_id" and "a"."lieu_id" = "r"."lieu_id" inner join "lieu" as "l" on "l"."id" = "r"."lieu_id" left join "alerte_regle_etat" as "e" on "e"."regle_id" = "r"."id" inner join "capteur" as "c" on "c"."lieu_id" = "r"."lieu_id" and "c"."grandeur" = "r"."grandeur" where "r"."actif" = $1 and "a"."actif" = $2 and "r"."type" in ($3, $4, $5, $6) and "c"."id" in ($7, $8)"`,
    );
    expect(q.parameters).toEqual([1, 1, 'au_dessus', 'en_dessous', 'montee', 'retour_plage', 7, 42]);
  });
});
