/** Database queries of the hydrology API (portable Kysely: same SQL shape on SQLite and PostgreSQL). */
import type { Kysely } from 'kysely';
import type { Bassin, EntiteDetail, IndexItem, VigilanceResume } from '@limni/shared/contracts/hydro';
import type { Database } from '../../db/schema';

export async function listBassins(db: Kysely<Database>): Promise<Bassin[]> {
  const rows = await db
    .selectFrom('bassin')
    .leftJoin('entite', 'entite.bassin_slug', 'bassin.slug')
    .select((eb) => [
      'bassin.slug',
      'bassin.nom',
      'bassin.code',
      'bassin.territoire',
      'bassin.ordre',
      'bassin.west',
      'bassin.south',
      'bassin.east',
      'bassin.north',
      eb.fn.count<number>('entite.id').as('nb_entites'),
    ])
    .groupBy([
      'bassin.slug',
      'bassin.nom',
      'bassin.code',
      'bassin.territoire',
      'bassin.ordre',
      'bassin.west',
      'bassin.south',
      'bassin.east',
      'bassin.north',
    ])
    .orderBy('bassin.ordre')
    .execute();
  return rows.map((r) => ({
    slug: r.slug,
    nom: r.nom,
    code: r.code,
    territoire: r.territoire as Bassin['territoire'],
    bbox:
      r.west !== null && r.south !== null && r.east !== null && r.north !== null
        ? [r.west, r.south, r.east, r.north]
        : null,
    nb_entites: Number(r.nb_entites),
  }));
}

export async function listIndex(db: Kysely<Database>): Promise<IndexItem[]> {
  const [entites, deps, lieux, vigilance] = await Promise.all([
    db
      .selectFrom('entite')
      .select(['id', 'nom', 'type', 'bassin_slug', 'lat', 'lon'])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('entite_departement')
      .innerJoin('departement', 'departement.code', 'entite_departement.departement_code')
      .select(['entite_departement.entite_id', 'departement.code', 'departement.nom'])
      .orderBy('departement.code')
      .execute(),
    db
      .selectFrom('lieu')
      .leftJoin('capteur', 'capteur.lieu_id', 'lieu.id')
      .select((eb) => [
        'lieu.entite_id',
        eb.fn.count<number>('lieu.id').distinct().as('nb'),
        eb.fn.count<number>('capteur.dernier_ts').as('nb_capteurs_mesures'),
        eb.fn.max('capteur.dernier_ts').as('derniere'),
      ])
      .groupBy('lieu.entite_id')
      .execute(),
    db
      .selectFrom('troncon')
      .select((eb) => ['entite_id', eb.fn.max('niveau').as('niveau')])
      .where('entite_id', 'is not', null)
      .groupBy('entite_id')
      .execute(),
  ]);
  // Places with readings, counted separately (a place may have several sensors).
  const mesures = await db
    .selectFrom('lieu')
    .select((eb) => ['lieu.entite_id', eb.fn.countAll<number>().as('n')])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('capteur')
          .select('capteur.id')
          .whereRef('capteur.lieu_id', '=', 'lieu.id')
          .where('capteur.dernier_ts', 'is not', null),
      ),
    )
    .groupBy('lieu.entite_id')
    .execute();

  const depsBy = new Map<number, Array<{ code: string; nom: string }>>();
  for (const d of deps) {
    const list = depsBy.get(d.entite_id) ?? [];
    list.push({ code: d.code, nom: d.nom });
    depsBy.set(d.entite_id, list);
  }
  const lieuxBy = new Map(lieux.map((l) => [l.entite_id, l]));
  const mesuresBy = new Map(mesures.map((m) => [m.entite_id, Number(m.n)]));
  const vigBy = new Map(vigilance.map((v) => [v.entite_id, v.niveau]));
  return entites.map((e) => ({
    id: e.id,
    nom: e.nom,
    type: e.type,
    bassin: e.bassin_slug,
    departements: depsBy.get(e.id) ?? [],
    lat: e.lat,
    lon: e.lon,
    nb_lieux: Number(lieuxBy.get(e.id)?.nb ?? 0),
    nb_lieux_mesures: mesuresBy.get(e.id) ?? 0,
    vigilance: vigBy.get(e.id) ?? null,
    derniere_mesure: lieuxBy.get(e.id)?.derniere ?? null,
  }));
}

/** Tronçons at yellow, orange or red, and the count of tronçons at each level. */
export async function vigilanceResume(db: Kysely<Database>): Promise<VigilanceResume> {
  const rows = await db
    .selectFrom('troncon')
    .select(['id', 'code', 'nom', 'niveau', 'niveau_ts'])
    .where('niveau', 'is not', null)
    .orderBy('niveau', 'desc')
    .orderBy('nom')
    .execute();
  const count = (n: number) => rows.filter((r) => r.niveau === n).length;
  const dates = rows.map((r) => r.niveau_ts).filter((d): d is number => d !== null);
  return {
    date: dates.length ? Math.max(...dates) : null,
    niveaux: { vert: count(1), jaune: count(2), orange: count(3), rouge: count(4) },
    troncons: rows
      .filter((r) => (r.niveau ?? 0) >= 2)
      .map((r) => ({ id: r.id, code: r.code, nom: r.nom, niveau: r.niveau as number })),
  };
}

/** An entity with its places, sub-entities, tronçons and départements; null when it does not exist. */
export async function getEntite(db: Kysely<Database>, id: number): Promise<EntiteDetail | null> {
  const e = await db
    .selectFrom('entite')
    .innerJoin('bassin', 'bassin.slug', 'entite.bassin_slug')
    .select([
      'entite.id',
      'entite.nom',
      'entite.type',
      'entite.slug',
      'entite.parent_id',
      'entite.lat',
      'entite.lon',
      'entite.geometry',
      'entite.description',
      'bassin.slug as bassin_slug',
      'bassin.nom as bassin_nom',
    ])
    .where('entite.id', '=', id)
    .executeTakeFirst();
  if (!e) return null;
  const [parent, enfants, deps, lieux] = await Promise.all([
    e.parent_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('entite')
          .select(['id', 'nom', 'type'])
          .where('id', '=', e.parent_id)
          .executeTakeFirst(),
    db
      .selectFrom('entite')
      .select(['id', 'nom', 'type'])
      .where('parent_id', '=', id)
      .orderBy('nom')
      .execute(),
    db
      .selectFrom('entite_departement')
      .innerJoin('departement', 'departement.code', 'entite_departement.departement_code')
      .select(['departement.code', 'departement.nom'])
      .where('entite_departement.entite_id', '=', id)
      .orderBy('departement.code')
      .execute(),
    db
      .selectFrom('lieu')
      .select(['id', 'nom', 'libelle', 'lat_gps', 'lon_gps', 'station_mesure_ok', 'ordre', 'troncon_id'])
      .where('entite_id', '=', id)
      .execute(),
  ]);
  const tronconIds = [...new Set(lieux.map((l) => l.troncon_id).filter((t): t is number => t !== null))];
  const troncons = await db
    .selectFrom('troncon')
    .select(['id', 'code', 'nom', 'niveau', 'niveau_ts'])
    .where((eb) =>
      eb.or([eb('entite_id', '=', id), ...(tronconIds.length ? [eb('id', 'in', tronconIds)] : [])]),
    )
    .orderBy('code')
    .execute();
  lieux.sort((a, b) => (a.ordre ?? Infinity) - (b.ordre ?? Infinity) || a.nom.localeCompare(b.nom, 'fr'));
  return {
    id: e.id,
    nom: e.nom,
    type: e.type,
    slug: e.slug,
    bassin: { slug: e.bassin_slug, nom: e.bassin_nom },
    parent: parent ?? null,
    lat: e.lat,
    lon: e.lon,
    geometry: e.geometry ? (JSON.parse(e.geometry) as EntiteDetail['geometry']) : null,
    description: e.description,
    departements: deps,
    entites_f: enfants,
    troncons,
    lieux: lieux.map((l) => ({ ...l, station_mesure_ok: l.station_mesure_ok === 1 })),
  };
}
