/**
 * The demo dataset looked up by what identifies things in the source data (a station code, a name, a slug), so
 * that tests never depend on the ids the seed happened to give.
 */
import type { TestContext } from './helpers';

/** The place of a hydrometric station (e.g. O200004001: La Garonne à Toulouse (Pont-Neuf)). */
export async function lieuIdByCode(ctx: TestContext, codeStation: string): Promise<number> {
  const row = await ctx.db.db
    .selectFrom('lieu')
    .select('id')
    .where('code_station', '=', codeStation)
    .executeTakeFirstOrThrow(
      () => new Error(`Aucun lieu de code station ${codeStation} dans le jeu de données`),
    );
  return row.id;
}

/** A place by its full label (e.g. « Lac des Quatre-Cantons à Lucerne »). */
export async function lieuIdByLibelle(ctx: TestContext, libelle: string): Promise<number> {
  const row = await ctx.db.db
    .selectFrom('lieu')
    .select('id')
    .where('libelle', '=', libelle)
    .executeTakeFirstOrThrow(() => new Error(`Aucun lieu « ${libelle} » dans le jeu de données`));
  return row.id;
}

/** A lake or river by its name (e.g. « La Garonne »). */
export async function entiteIdByNom(ctx: TestContext, nom: string): Promise<number> {
  const row = await ctx.db.db
    .selectFrom('entite')
    .select('id')
    .where('nom', '=', nom)
    .executeTakeFirstOrThrow(() => new Error(`Aucun lac ni rivière « ${nom} » dans le jeu de données`));
  return row.id;
}

/** The sensor of a place for a quantity. */
export async function capteurIdOf(
  ctx: TestContext,
  lieuId: number,
  grandeur: 'H' | 'Q' | 'T',
): Promise<number> {
  const row = await ctx.db.db
    .selectFrom('capteur')
    .select('id')
    .where('lieu_id', '=', lieuId)
    .where('grandeur', '=', grandeur)
    .executeTakeFirstOrThrow(() => new Error(`Le lieu ${lieuId} n'a pas de capteur ${grandeur}`));
  return row.id;
}

/** An activity by its slug (e.g. « canoe-kayak »). */
export async function activiteIdBySlug(ctx: TestContext, slug: string): Promise<number> {
  const row = await ctx.db.db
    .selectFrom('activite')
    .select('id')
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow(() => new Error(`Aucune activité « ${slug} » dans le jeu de données`));
  return row.id;
}
