import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { parseCsv, seedDataDir } from './files';
import { seedDatabase } from './seed';
import { isSeeded } from './seed.repo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const count = async (table: 'entite' | 'lieu' | 'observation') =>
  Number(
    (
      await ctx.db.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seed', () => {
  it('does nothing on a database that already holds data', async () => {
    expect(await isSeeded(ctx.db.db)).toBe(true);
    const before = await count('observation');
    const result = await seedDatabase(ctx.db);
    expect(result.seeded).toBe(false);
    expect(await count('observation')).toBe(before);
  });

  it('stores the Toulouse Pont-Neuf water levels as resultat_obs_mm / 1000 at the source timestamps', async () => {
    const csv = zlib
      .gunzipSync(fs.readFileSync(path.join(seedDataDir(), 'garonne_H_2022-01_native.csv.gz')))
      .toString();
    const source = parseCsv(csv).filter((r) => r['code_station'] === 'O200004001');
    const rows = await ctx.db.db
      .selectFrom('observation')
      .innerJoin('capteur', 'capteur.id', 'observation.capteur_id')
      .select(['observation.ts', 'observation.valeur'])
      .where('capteur.code_station', '=', 'O200004001')
      .where('capteur.grandeur', '=', 'H')
      .orderBy('observation.ts')
      .execute();
    expect(rows).toHaveLength(source.length);
    for (const [i, r] of source.entries()) {
      expect(rows[i]?.ts).toBe(Date.parse(r['date_obs'] ?? ''));
      expect(rows[i]?.valeur).toBe(Number(r['resultat_obs_mm']) / 1000);
    }
  });

  it('writes practical information that does not repeat the Infos table', async () => {
    const lieux = await ctx.db.db
      .selectFrom('lieu')
      .select(['infos_pratiques', 'commune', 'code_station', 'lat_gps', 'surface_bv_km2'])
      .where('code_station', 'is not', null)
      .where('code_station', 'like', 'O%')
      .execute();
    expect(lieux.length).toBeGreaterThan(0);
    for (const l of lieux) {
      const text = l.infos_pratiques ?? '';
      expect(text).not.toContain(l.code_station ?? '§');
      if (l.commune) expect(text).not.toContain(l.commune);
      expect(text).not.toContain(l.lat_gps.toFixed(5));
      expect(text).not.toMatch(/bassin versant|Coordonnées|Cote du zéro/);
    }
  });

  it('rebuilds everything with reset, without duplicates', async () => {
    const [e, l, o] = [await count('entite'), await count('lieu'), await count('observation')];
    const result = await seedDatabase(ctx.db, { reset: true });
    expect(result.seeded).toBe(true);
    expect([await count('entite'), await count('lieu'), await count('observation')]).toEqual([e, l, o]);
    // A whole seed (130,000 readings) on a 2-core machine running another test file beside it: a deadline, not a
    // speed check.
  }, 120_000);
});
