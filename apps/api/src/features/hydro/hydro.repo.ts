/**
 * Database queries of the hydrology API: basins, the entity index, search terms, webcams, vigilance, entities and
 * tronçons (portable Kysely: same SQL shape on SQLite and PostgreSQL). Places are in `features/lieu`.
 */
import type { Kysely } from 'kysely';
import type {
  Bassin,
  DateRange,
  EntiteDetail,
  IndexItem,
  LieuRef,
  MapsConfig,
  RechercheTerms,
  TronconDetail,
  VigilanceResume,
  Webcam,
} from '@limni/shared/contracts/hydro';
import { webcamLegende } from '@limni/shared/domain/webcam';
import type { AlerteScopes } from '../../data/alertes.repo';
import { aDesObservations, asBool } from '../../data/couverture.repo';
import { toDateRange } from '../../data/date-range';
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
  // Places with observations, counted separately (a place may have several sensors).
  const observes = await db
    .selectFrom('lieu')
    .select((eb) => ['lieu.entite_id', eb.fn.countAll<number>().as('n')])
    .where(aDesObservations)
    .groupBy('lieu.entite_id')
    .execute();

  const depsBy = new Map<number, Array<{ code: string; nom: string }>>();
  for (const d of deps) {
    const list = depsBy.get(d.entite_id) ?? [];
    list.push({ code: d.code, nom: d.nom });
    depsBy.set(d.entite_id, list);
  }
  const lieuxBy = new Map(lieux.map((l) => [l.entite_id, l]));
  const observationsBy = new Map(observes.map((m) => [m.entite_id, Number(m.n)]));
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
    nb_lieux_mesures: observationsBy.get(e.id) ?? 0,
    vigilance: vigBy.get(e.id) ?? null,
    derniere_mesure: lieuxBy.get(e.id)?.derniere ?? null,
    classe: null,
  }));
}

/** Places with a sensor whose climatology has a band (a reference period), with their entity. */
export async function lieuxWithBand(
  db: Kysely<Database>,
): Promise<Array<{ lieu_id: number; entite_id: number }>> {
  return db
    .selectFrom('climatologie_capteur')
    .innerJoin('capteur', 'capteur.id', 'climatologie_capteur.capteur_id')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select(['lieu.id as lieu_id', 'lieu.entite_id'])
    .where('climatologie_capteur.annee_debut', 'is not', null)
    .distinct()
    .execute();
}

/** Tronçons at yellow, orange or red, and the count of tronçons at each level. */
/**
 * The vigilance summary: levels of every tronçon — their latest bulletin, or with `aInstant` the bulletin valid at a
 * past instant (docs/decisions/152: `bulletinsValidesA`, absent means none known then).
 */
export async function vigilanceResume(
  db: Kysely<Database>,
  aInstant: ((ids: number[]) => Promise<Map<number, { niveau: number; ts: number }>>) | null = null,
): Promise<VigilanceResume> {
  let query = db.selectFrom('troncon').select((eb) => [
    'troncon.id',
    'troncon.code',
    'troncon.nom',
    'troncon.niveau',
    'troncon.niveau_ts',
    'troncon.entite_id',
    eb
      .selectFrom('lieu')
      .whereRef('lieu.troncon_id', '=', 'troncon.id')
      .select((e) => e.fn.countAll<number | string>().as('n'))
      .as('nb_lieux'),
  ]);
  if (aInstant === null) query = query.where('troncon.niveau', 'is not', null);
  const stored = await query.orderBy('troncon.niveau', 'desc').orderBy('troncon.nom').execute();
  const then = aInstant && (await aInstant(stored.map((r) => r.id)));
  const rows = (
    then
      ? stored.map((r) => ({
          ...r,
          niveau: then.get(r.id)?.niveau ?? null,
          niveau_ts: then.get(r.id)?.ts ?? null,
        }))
      : stored
  )
    .filter((r) => r.niveau !== null)
    .sort((a, b) => (b.niveau ?? 0) - (a.niveau ?? 0) || (a.nom < b.nom ? -1 : a.nom > b.nom ? 1 : 0));
  const count = (n: number) => rows.filter((r) => r.niveau === n).length;
  const dates = rows.map((r) => r.niveau_ts).filter((d): d is number => d !== null);
  return {
    date: dates.length ? Math.max(...dates) : null,
    niveaux: { vert: count(1), jaune: count(2), orange: count(3), rouge: count(4) },
    troncons: rows
      .filter((r) => (r.niveau ?? 0) >= 2)
      .map((r) => ({
        id: r.id,
        code: r.code,
        nom: r.nom,
        niveau: r.niveau as number,
        entite_id: r.entite_id,
        nb_lieux: Number(r.nb_lieux ?? 0),
      })),
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
    lieuxOfEntite(db, id),
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
    lieux,
  };
}

/** Columns of a `LieuRef`. */
const LIEU_REF_COLUMNS = [
  'lieu.id',
  'lieu.nom',
  'lieu.libelle',
  'lieu.lat_gps',
  'lieu.lon_gps',
  'lieu.station_mesure_ok',
  'lieu.ordre',
  'lieu.troncon_id',
] as const;

/** Places upstream → downstream when known, then by name; `station_mesure_ok` and `a_des_mesures` as booleans. */
function toLieuRefs<
  T extends { ordre: number | null; nom: string; station_mesure_ok: number; a_des_mesures: unknown },
>(
  rows: T[],
): Array<
  Omit<T, 'station_mesure_ok' | 'a_des_mesures'> & { station_mesure_ok: boolean; a_des_mesures: boolean }
> {
  rows.sort((a, b) => (a.ordre ?? Infinity) - (b.ordre ?? Infinity) || a.nom.localeCompare(b.nom, 'fr'));
  return rows.map((l) => ({
    ...l,
    station_mesure_ok: l.station_mesure_ok === 1,
    a_des_mesures: asBool(l.a_des_mesures),
  }));
}

async function lieuxOfEntite(db: Kysely<Database>, entiteId: number): Promise<LieuRef[]> {
  return toLieuRefs(
    await db
      .selectFrom('lieu')
      .select((eb) => [...LIEU_REF_COLUMNS, aDesObservations(eb).as('a_des_mesures')])
      .where('lieu.entite_id', '=', entiteId)
      .execute(),
  );
}

async function entiteExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('entite').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Maps, search terms, webcams, tronçons.

export async function bassinExtents(db: Kysely<Database>): Promise<MapsConfig['bassins']> {
  const rows = await db
    .selectFrom('bassin')
    .select(['slug', 'nom', 'west', 'south', 'east', 'north'])
    .orderBy('ordre')
    .execute();
  return rows.map((r) => ({ slug: r.slug, nom: r.nom, bbox: toBBox(r) }));
}

function toBBox(r: {
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}): [number, number, number, number] | null {
  return r.west !== null && r.south !== null && r.east !== null && r.north !== null
    ? [r.west, r.south, r.east, r.north]
    : null;
}

export async function rechercheTerms(db: Kysely<Database>): Promise<RechercheTerms> {
  const [entites, lieux] = await Promise.all([
    db.selectFrom('entite').select(['id', 'nom', 'type']).orderBy('nom').orderBy('id').execute(),
    db
      .selectFrom('lieu')
      .innerJoin('entite', 'entite.id', 'lieu.entite_id')
      .select([
        'lieu.id',
        'lieu.nom',
        'lieu.departement_code as departement',
        'entite.id as entite_id',
        'entite.nom as entite_nom',
        'entite.type',
      ])
      .orderBy('lieu.nom')
      .orderBy('lieu.id')
      .execute(),
  ]);
  return { entites, lieux };
}

function webcamsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('webcam')
    .innerJoin('lieu', 'lieu.id', 'webcam.lieu_id')
    .innerJoin('entite', 'entite.id', 'lieu.entite_id')
    .select([
      'webcam.id',
      'webcam.nom',
      'webcam.url',
      'webcam.credit',
      'lieu.id as lieu_id',
      'lieu.nom as lieu_nom',
      'lieu.libelle as lieu_libelle',
      'entite.id as entite_id',
      'entite.nom as entite_nom',
      'entite.type as entite_type',
    ]);
}

export async function listWebcams(db: Kysely<Database>): Promise<Webcam[]> {
  const rows = await webcamsQuery(db)
    .orderBy('entite.nom')
    .orderBy('lieu.nom')
    .orderBy('webcam.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    nom: r.nom,
    url: r.url,
    legende: webcamLegende(r.url),
    credit: r.credit,
    lieu: { id: r.lieu_id, nom: r.lieu_nom, libelle: r.lieu_libelle },
    entite: { id: r.entite_id, nom: r.entite_nom, type: r.entite_type },
  }));
}

export async function getTroncon(db: Kysely<Database>, id: number): Promise<TronconDetail | null> {
  const t = await db
    .selectFrom('troncon')
    .leftJoin('entite', 'entite.id', 'troncon.entite_id')
    .select([
      'troncon.id',
      'troncon.code',
      'troncon.nom',
      'troncon.niveau',
      'troncon.niveau_ts',
      'troncon.territoire_code',
      'troncon.territoire_nom',
      'troncon.geometry',
      'entite.id as entite_id',
      'entite.nom as entite_nom',
      'entite.type as entite_type',
    ])
    .where('troncon.id', '=', id)
    .executeTakeFirst();
  if (!t) return null;
  const lieux = toLieuRefs(
    await db
      .selectFrom('lieu')
      .innerJoin('entite', 'entite.id', 'lieu.entite_id')
      .select((eb) => [
        ...LIEU_REF_COLUMNS,
        aDesObservations(eb).as('a_des_mesures'),
        'entite.id as entite_id',
        'entite.nom as entite_nom',
      ])
      .where('lieu.troncon_id', '=', id)
      .execute(),
  );
  const lons = lieux.map((l) => l.lon_gps);
  const lats = lieux.map((l) => l.lat_gps);
  return {
    id: t.id,
    code: t.code,
    nom: t.nom,
    niveau: t.niveau,
    niveau_ts: t.niveau_ts,
    territoire:
      t.territoire_code !== null
        ? { code: t.territoire_code, nom: t.territoire_nom ?? t.territoire_code }
        : null,
    entite:
      t.entite_id !== null && t.entite_nom !== null && t.entite_type !== null
        ? { id: t.entite_id, nom: t.entite_nom, type: t.entite_type }
        : null,
    geometry: t.geometry ? (JSON.parse(t.geometry) as TronconDetail['geometry']) : null,
    bbox: lieux.length ? [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)] : null,
    lieux,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Periods and alert scopes.

/** First and last observation of the places of an entity; null when the entity does not exist. */
export async function entiteDateRange(db: Kysely<Database>, entiteId: number): Promise<DateRange | null> {
  if (!(await entiteExists(db, entiteId))) return null;
  const r = await db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select((eb) => [eb.fn.min('capteur.premier_ts').as('debut'), eb.fn.max('capteur.dernier_ts').as('fin')])
    .where('lieu.entite_id', '=', entiteId)
    .executeTakeFirst();
  return toDateRange(r?.debut ?? null, r?.fin ?? null);
}

/** The places of an entity (same order as `getEntite`); null when the entity does not exist. */
export async function entiteLieuxRefs(db: Kysely<Database>, entiteId: number): Promise<LieuRef[] | null> {
  return (await entiteExists(db, entiteId)) ? lieuxOfEntite(db, entiteId) : null;
}

/** Scopes of an entity's alerts: itself, its tronçons (its own and those of its places), its places. */
export async function entiteAlerteScopes(
  db: Kysely<Database>,
  entiteId: number,
): Promise<AlerteScopes | null> {
  if (!(await entiteExists(db, entiteId))) return null;
  const [lieux, troncons] = await Promise.all([
    db.selectFrom('lieu').select(['id', 'troncon_id']).where('entite_id', '=', entiteId).execute(),
    db.selectFrom('troncon').select('id').where('entite_id', '=', entiteId).execute(),
  ]);
  const tronconIds = new Set(troncons.map((t) => t.id));
  for (const l of lieux) if (l.troncon_id !== null) tronconIds.add(l.troncon_id);
  return { entite: [entiteId], troncon: [...tronconIds], lieu: lieux.map((l) => l.id) };
}
