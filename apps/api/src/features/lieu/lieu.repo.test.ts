/**
 * The compiled SQL of the place read that every series request makes before its cached body can be served (the
 * sensors and their data version, docs/decisions/013, 066), on both engines.
 */
import { describe, expect, it } from 'vitest';
import { compiledSql } from '../../../test/compiled-sql';
import { lieuCapteurs } from './lieu.repo';

describe('lieuCapteurs (the data version read of the series cache)', () => {
  it('is one indexed join, on SQLite', async () => {
    expect(await compiledSql('sqlite', (db) => lieuCapteurs(db, 2))).toMatchInlineSnapshot(`
      [
        {
          "parameters": [
            2,
          ],
          "sql": "select "capteur"."id", "capteur"."grandeur", "capteur"."unite", "capteur"."libelle", "capteur"."source", "capteur"."pas_min", "capteur"."premier_ts", "capteur"."dernier_ts", "capteur"."donnees_version" from "lieu" left join "capteur" on "capteur"."lieu_id" = "lieu"."id" where "lieu"."id" = ? order by "capteur"."grandeur", "capteur"."id"",
        },
      ]
    `);
  });

  it('is one indexed join, on PostgreSQL', async () => {
    expect(await compiledSql('postgres', (db) => lieuCapteurs(db, 2))).toMatchInlineSnapshot(`
      [
        {
          "parameters": [
            2,
          ],
          "sql": "select "capteur"."id", "capteur"."grandeur", "capteur"."unite", "capteur"."libelle", "capteur"."source", "capteur"."pas_min", "capteur"."premier_ts", "capteur"."dernier_ts", "capteur"."donnees_version" from "lieu" left join "capteur" on "capteur"."lieu_id" = "lieu"."id" where "lieu"."id" = $1 order by "capteur"."grandeur", "capteur"."id"",
        },
      ]
    `);
  });
});
