import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, readSeedText } from '../files';
import { historyCsv, stationDays } from '../../../../../test-support/history-csv';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { seedDatabase } from '../seed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

/** Archived days of daily means (Toulouse's daily maxima since 1857 are another step's, toulouse-maxima.test.ts). */
const archiveCount = async () =>
  Number(
    (
      await ctx.db.db
        .selectFrom('archive_jour')
        .innerJoin('capteur', 'capteur.id', 'archive_jour.capteur_id')
        .where('capteur.statistique_jour', '=', 'moyenne')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seed step: daily archive', () => {
  it('loads every day of the history file, on a Q sensor of each station’s place, as source « demo »', async () => {
    expect(await archiveCount()).toBe(historyCsv().length);
    const rows = await ctx.db.db
      .selectFrom('archive_jour')
      .innerJoin('capteur', 'capteur.id', 'archive_jour.capteur_id')
      .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
      .select(['archive_jour.jour', 'archive_jour.moyenne', 'archive_jour.source', 'capteur.grandeur'])
      .where('lieu.code_station', '=', 'F439000101')
      .orderBy('archive_jour.jour')
      .execute();
    const csv = stationDays('F439000101');
    expect(rows.map((r) => [r.jour, r.moyenne])).toEqual(csv.map((d) => [d.jour, d.moyenne]));
    expect(new Set(rows.map((r) => `${r.source}/${r.grandeur}`))).toEqual(new Set(['demo/Q']));
  });

  it('makes places of the two airGR stations missing from the national list, on their rivers', async () => {
    const lieux = await ctx.db.db
      .selectFrom('lieu')
      .innerJoin('entite', 'entite.id', 'lieu.entite_id')
      .select(['lieu.code_station', 'entite.nom', 'lieu.departement_code'])
      .where('lieu.code_station', 'in', ['E645651001', 'Y862000101'])
      .orderBy('lieu.code_station')
      .execute();
    expect(lieux).toEqual([
      { code_station: 'E645651001', nom: 'Nièvre', departement_code: '80' },
      { code_station: 'Y862000101', nom: 'Le Taravo', departement_code: '2A' },
    ]);
  });

  it('puts each smash series on the place of its gauge: the Lez under its old codes, the Deume and the Ternay new', async () => {
    // EPSG:2154 (Lambert-93) as the EPSG registry publishes it, independent of the code under test.
    const l93 =
      '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
    const metres = (a: [number, number], b: [number, number]) => {
      const k = Math.PI / 180;
      const x = (b[0] - a[0]) * k * Math.cos(((a[1] + b[1]) / 2) * k);
      return 6_371_000 * Math.hypot(x, (b[1] - a[1]) * k);
    };
    for (const g of parseCsv(readSeedText('smash_stations.csv'))) {
      const code = g['code_station'] ?? '';
      const lieu = await ctx.db.db
        .selectFrom('lieu')
        .innerJoin('entite', 'entite.id', 'lieu.entite_id')
        .select(['lieu.lon_gps', 'lieu.lat_gps', 'entite.nom'])
        .where('lieu.code_station', '=', code)
        .executeTakeFirstOrThrow();
      const gauge = proj4(l93, 'EPSG:4326', [Number(g['x_l93']), Number(g['y_l93'])]) as [number, number];
      // The smash gauge and the place are the same site: within 100 m.
      expect(metres(gauge, [lieu.lon_gps, lieu.lat_gps]), code).toBeLessThan(100);
      expect(stationDays(code).length, code).toBeGreaterThan(0);
    }
    const lez = await ctx.db.db
      .selectFrom('lieu')
      .innerJoin('entite', 'entite.id', 'lieu.entite_id')
      .select(['lieu.code_station', 'entite.nom', 'entite.code_cours_eau'])
      .where('lieu.code_station', 'in', ['Y320002001', 'Y321001001', 'Y321002001', 'V3515010', 'V3517010'])
      .orderBy('lieu.code_station')
      .execute();
    expect(lez.map((l) => [l.code_station, l.nom, l.code_cours_eau])).toEqual([
      ['V3515010', 'La Deume', 'V3510500'],
      ['V3517010', 'Le Ternay', 'V3510700'],
      ['Y320002001', 'Le Lez', 'Y32-0400'],
      ['Y321001001', 'Le Lez', 'Y32-0400'],
      ['Y321002001', 'Le Lez', 'Y32-0400'],
    ]);
  });

  // Toulouse's daily maxima since 1857 are loaded again with it (ADR 140): more than the default 30 s on PostgreSQL.
  it('is idempotent, and a database seeded before the archive gets it once at start', async () => {
    await seedDatabase(ctx.db);
    expect(await archiveCount()).toBe(historyCsv().length);
    await ctx.db.db.deleteFrom('climatologie').execute();
    await ctx.db.db.deleteFrom('climatologie_capteur').execute();
    await ctx.db.db.deleteFrom('archive_jour').execute();
    // The daily values also stand as the sensors' observations: drop them too, as an old database would not have them.
    const capteurs = await ctx.db.db
      .selectFrom('capteur')
      .select('id')
      .where('libelle', '=', 'Débit moyen journalier')
      .where('pas_min', '=', 1440)
      .where('code_station', 'in', [...new Set(historyCsv().map((r) => r.code))])
      .execute();
    await ctx.db.db
      .deleteFrom('observation')
      .where(
        'capteur_id',
        'in',
        capteurs.map((s) => s.id),
      )
      .execute();
    await seedDatabase(ctx.db);
    expect(await archiveCount()).toBe(historyCsv().length);
    const clim = await ctx.db.db
      .selectFrom('climatologie_capteur')
      .innerJoin('capteur', 'capteur.id', 'climatologie_capteur.capteur_id')
      .where('capteur.statistique_jour', '=', 'moyenne')
      .select('capteur_id')
      .execute();
    expect(clim).toHaveLength(new Set(historyCsv().map((r) => r.code)).size);
  }, 120_000);
});
