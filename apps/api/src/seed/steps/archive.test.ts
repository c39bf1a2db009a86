import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyCsv, stationDays } from '../../../../../test-support/history-csv';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { seedDatabase } from '../seed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

const archiveCount = async () =>
  Number(
    (
      await ctx.db.db
        .selectFrom('archive_jour')
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
    const places = await ctx.db.db
      .selectFrom('lieu')
      .innerJoin('entite', 'entite.id', 'lieu.entite_id')
      .select(['lieu.code_station', 'entite.nom', 'lieu.departement_code'])
      .where('lieu.code_station', 'in', ['E645651001', 'Y862000101'])
      .orderBy('lieu.code_station')
      .execute();
    expect(places).toEqual([
      { code_station: 'E645651001', nom: 'Nièvre', departement_code: '80' },
      { code_station: 'Y862000101', nom: 'Le Taravo', departement_code: '2A' },
    ]);
  });

  it('is idempotent, and a database seeded before the archive gets it once at start', async () => {
    await seedDatabase(ctx.db);
    expect(await archiveCount()).toBe(historyCsv().length);
    await ctx.db.db.deleteFrom('climatologie').execute();
    await ctx.db.db.deleteFrom('climatologie_capteur').execute();
    await ctx.db.db.deleteFrom('archive_jour').execute();
    // The daily values also stand as the sensors' observations: drop them too, as an old database would not have them.
    const sensors = await ctx.db.db
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
        sensors.map((s) => s.id),
      )
      .execute();
    await seedDatabase(ctx.db);
    expect(await archiveCount()).toBe(historyCsv().length);
    const clim = await ctx.db.db.selectFrom('climatologie_capteur').select('capteur_id').execute();
    expect(clim).toHaveLength(new Set(historyCsv().map((r) => r.code)).size);
  });
});
