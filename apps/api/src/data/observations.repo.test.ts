/**
 * The compiled SQL of the reads that matter most for speed, on both engines (docs/decisions/066): the series range
 * read (every chart, chronicle and 7-day table) and the latest-values read (every sensor state: place and entity
 * pages, activity verdicts, publications). Both must stay range scans of the primary key (capteur_id, ts).
 */
import { describe, expect, it } from 'vitest';
import { compiledSql, type RecordedQuery } from '../../test/compiled-sql';
import { capteurStatesAt } from './observations';
import { observationsBetween } from './observations.repo';

const H = 3_600_000;
const AT = Date.parse('2022-01-28T12:00:00Z');

/** Two sensors: one whose latest observation is after AT (slow path), one before (fast path). */
const answer = (q: RecordedQuery) => {
  if (q.sql.includes('"derniere_valeur"')) {
    const capteur = { unite: 'm', libelle: 'Hauteur', pas_min: 15, derniere_valeur: 1.2 };
    return [
      { ...capteur, id: 11, lieu_id: 3, grandeur: 'H', dernier_ts: AT + H },
      { ...capteur, id: 12, lieu_id: 3, grandeur: 'Q', dernier_ts: AT - H },
    ];
  }
  if (q.sql.includes('limit')) return [{ ts: AT - 15 * 60_000 }];
  return [];
};

const latestValuesRead = (dialect: 'sqlite' | 'postgres') =>
  compiledSql(dialect, (db) => capteurStatesAt(db, [3, 5], AT), answer);

describe('series range read', () => {
  it('is one ordered range scan per sensor, on SQLite', async () => {
    expect(await compiledSql('sqlite', (db) => observationsBetween(db, 11, AT - 7 * 24 * H, AT)))
      .toMatchInlineSnapshot(`
        [
          {
            "parameters": [
              11,
              1642766400000,
              1643371200000,
            ],
            "sql": "select "ts", "valeur", "statut", "qualification" from "observation" where "capteur_id" = ? and "ts" >= ? and "ts" < ? order by "ts"",
          },
        ]
      `);
  });

  it('is one ordered range scan per sensor, on PostgreSQL', async () => {
    expect(await compiledSql('postgres', (db) => observationsBetween(db, 11, AT - 7 * 24 * H, AT)))
      .toMatchInlineSnapshot(`
        [
          {
            "parameters": [
              11,
              1642766400000,
              1643371200000,
            ],
            "sql": "select "ts", "valeur", "statut", "qualification" from "observation" where "capteur_id" = $1 and "ts" >= $2 and "ts" < $3 order by "ts"",
          },
        ]
      `);
  });
});

describe('latest-values read', () => {
  it('reads the sensors of the places, then one trend window each (after a lookup when the cached latest value is too recent), on SQLite', async () => {
    expect(await latestValuesRead('sqlite')).toMatchInlineSnapshot(`
      [
        {
          "parameters": [
            3,
            5,
          ],
          "sql": "select "id", "lieu_id", "grandeur", "unite", "libelle", "pas_min", "dernier_ts", "derniere_valeur" from "capteur" where "lieu_id" in (?, ?) order by "lieu_id", "grandeur"",
        },
        {
          "parameters": [
            11,
            1643371200000,
            12,
            1,
          ],
          "sql": "select "ts" from "observation" where "capteur_id" = ? and "ts" <= ? and ("observation"."qualification" is null or "observation"."qualification" <> ?) order by "ts" desc limit ?",
        },
        {
          "parameters": [
            12,
            1643356800000,
            1643371200000,
          ],
          "sql": "select "ts", "valeur", "qualification" from "observation" where "capteur_id" = ? and "ts" >= ? and "ts" <= ? order by "ts"",
        },
        {
          "parameters": [
            11,
            1643359500000,
            1643371200000,
          ],
          "sql": "select "ts", "valeur", "qualification" from "observation" where "capteur_id" = ? and "ts" >= ? and "ts" <= ? order by "ts"",
        },
      ]
    `);
  });

  it('same on PostgreSQL', async () => {
    expect(await latestValuesRead('postgres')).toMatchInlineSnapshot(`
      [
        {
          "parameters": [
            3,
            5,
          ],
          "sql": "select "id", "lieu_id", "grandeur", "unite", "libelle", "pas_min", "dernier_ts", "derniere_valeur" from "capteur" where "lieu_id" in ($1, $2) order by "lieu_id", "grandeur"",
        },
        {
          "parameters": [
            11,
            1643371200000,
            12,
            1,
          ],
          "sql": "select "ts" from "observation" where "capteur_id" = $1 and "ts" <= $2 and ("observation"."qualification" is null or "observation"."qualification" <> $3) order by "ts" desc limit $4",
        },
        {
          "parameters": [
            12,
            1643356800000,
            1643371200000,
          ],
          "sql": "select "ts", "valeur", "qualification" from "observation" where "capteur_id" = $1 and "ts" >= $2 and "ts" <= $3 order by "ts"",
        },
        {
          "parameters": [
            11,
            1643359500000,
            1643371200000,
          ],
          "sql": "select "ts", "valeur", "qualification" from "observation" where "capteur_id" = $1 and "ts" >= $2 and "ts" <= $3 order by "ts"",
        },
      ]
    `);
  });
});
