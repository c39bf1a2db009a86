/**
 * Database queries about one place (lieu): its page, sensors and data version, webcam, forecasts, the extrema of
 * its observations and an activity's thresholds there (portable Kysely: the same SQL on SQLite and PostgreSQL).
 * The observation range itself is read through `data/observations.repo.ts`.
 */
import type { RunPasse } from '@limni/shared/domain/fiabilite';
import type { Kysely } from 'kysely';
import {
  RaisonEcartee,
  type LieuDetail,
  type LieuWebcam,
  type Photo,
  type PrevisionSerie,
  type ValeurEcartee,
} from '@limni/shared/contracts/hydro';
import * as z from 'zod/mini';
import { webcamLegende } from '@limni/shared/domain/webcam';
import { uploadUrl } from '../../data/uploads';
import type { Database } from '../../db/schema';

export interface LieuCapteur {
  id: number;
  grandeur: 'H' | 'Q' | 'T';
  unite: string;
  libelle: string;
  source: string;
  pas_min: number | null;
  premier_ts: number | null;
  dernier_ts: number | null;
  donnees_version: number;
}

/** The sensors of a place (H, then Q, then T); `null` when the place does not exist. */
export async function lieuCapteurs(db: Kysely<Database>, lieuId: number): Promise<LieuCapteur[] | null> {
  const rows = await db
    .selectFrom('lieu')
    .leftJoin('capteur', 'capteur.lieu_id', 'lieu.id')
    .select([
      'capteur.id',
      'capteur.grandeur',
      'capteur.unite',
      'capteur.libelle',
      'capteur.source',
      'capteur.pas_min',
      'capteur.premier_ts',
      'capteur.dernier_ts',
      'capteur.donnees_version',
    ])
    .where('lieu.id', '=', lieuId)
    .orderBy('capteur.grandeur')
    .orderBy('capteur.id')
    .execute();
  if (rows.length === 0) return null;
  return rows.filter((r): r is LieuCapteur => r.id !== null);
}

/** A place with its entity, tronçon, sensors, photos; null when it does not exist. */
export async function getLieu(
  db: Kysely<Database>,
  id: number,
  publieesAu: number | null = null,
): Promise<LieuDetail | null> {
  const l = await db
    .selectFrom('lieu')
    .innerJoin('entite', 'entite.id', 'lieu.entite_id')
    .innerJoin('bassin', 'bassin.slug', 'entite.bassin_slug')
    .leftJoin('departement', 'departement.code', 'lieu.departement_code')
    .leftJoin('troncon', 'troncon.id', 'lieu.troncon_id')
    .leftJoin('episode', 'episode.code', 'lieu.episode')
    .select([
      'lieu.id',
      'lieu.nom',
      'lieu.libelle',
      'lieu.station_mesure_ok',
      'lieu.lat_gps',
      'lieu.lon_gps',
      'lieu.code_station',
      'lieu.commune',
      'lieu.altitude_zero',
      'lieu.surface_bv_km2',
      'lieu.infos_pratiques',
      'departement.code as dep_code',
      'departement.nom as dep_nom',
      'entite.id as entite_id',
      'entite.nom as entite_nom',
      'entite.type as entite_type',
      'bassin.slug as bassin_slug',
      'bassin.nom as bassin_nom',
      'troncon.id as troncon_id',
      'troncon.code as troncon_code',
      'troncon.nom as troncon_nom',
      'troncon.niveau as troncon_niveau',
      'troncon.niveau_ts as troncon_niveau_ts',
      'episode.code as episode_code',
      'episode.libelle as episode_libelle',
      'lieu.station_motif',
      'lieu.station_motif_depuis',
    ])
    .where('lieu.id', '=', id)
    .executeTakeFirst();
  if (!l) return null;
  const [capteurs, photos, webcam, ecartees] = await Promise.all([
    db
      .selectFrom('capteur')
      .select(['id', 'grandeur', 'unite', 'libelle', 'source', 'pas_min', 'premier_ts', 'dernier_ts'])
      .where('lieu_id', '=', id)
      .orderBy('grandeur')
      .orderBy('id')
      .execute(),
    lieuPhotos(db, id, publieesAu),
    db.selectFrom('webcam').select('id').where('lieu_id', '=', id).limit(1).executeTakeFirst(),
    valeursEcartees(db, id),
  ]);
  const previsions =
    capteurs.length === 0
      ? undefined
      : await db
          .selectFrom('prevision')
          .select('capteur_id')
          .where(
            'capteur_id',
            'in',
            capteurs.map((c) => c.id),
          )
          .$if(publieesAu !== null, (q) => q.where('run_ts', '<=', publieesAu as number))
          .limit(1)
          .executeTakeFirst();
  return {
    id: l.id,
    nom: l.nom,
    libelle: l.libelle,
    station_mesure_ok: l.station_mesure_ok === 1,
    a_des_mesures: capteurs.some((c) => c.dernier_ts !== null),
    lat_gps: l.lat_gps,
    lon_gps: l.lon_gps,
    code_station: l.code_station,
    commune: l.commune,
    departement: l.dep_code !== null && l.dep_nom !== null ? { code: l.dep_code, nom: l.dep_nom } : null,
    altitude_zero: l.altitude_zero,
    surface_bv_km2: l.surface_bv_km2,
    entite: {
      id: l.entite_id,
      nom: l.entite_nom,
      type: l.entite_type,
      bassin: { slug: l.bassin_slug, nom: l.bassin_nom },
    },
    troncon:
      l.troncon_id !== null && l.troncon_code !== null && l.troncon_nom !== null
        ? {
            id: l.troncon_id,
            code: l.troncon_code,
            nom: l.troncon_nom,
            niveau: l.troncon_niveau,
            niveau_ts: l.troncon_niveau_ts,
          }
        : null,
    capteurs,
    infos_pratiques: l.infos_pratiques,
    photos,
    a_webcam: webcam !== undefined,
    a_previsions: previsions !== undefined,
    // Only places of a recorded episode carry it (docs/decisions/088).
    ...(l.episode_code !== null && l.episode_libelle !== null
      ? { episode: { code: l.episode_code, libelle: l.episode_libelle } }
      : {}),
    station_arret:
      (l.station_motif === 'hors_service' || l.station_motif === 'absente_du_catalogue') &&
      l.station_motif_depuis !== null
        ? { motif: l.station_motif, depuis: l.station_motif_depuis }
        : null,
    valeurs_ecartees: ecartees,
  };
}

/** How far back before a place's latest reading set-aside values are shown. */
const ECARTEES_WINDOW_MS = 7 * 86_400_000;

/**
 * The readings of a place set aside as implausible (docs/decisions/136) in the week before its latest reading,
 * latest first, at most 5. A stored reason that does not parse is left out (never shown half).
 */
async function valeursEcartees(db: Kysely<Database>, lieuId: number): Promise<ValeurEcartee[]> {
  const rows = await db
    .selectFrom('valeur_ecartee')
    .innerJoin('capteur', 'capteur.id', 'valeur_ecartee.capteur_id')
    .select([
      'valeur_ecartee.capteur_id',
      'capteur.grandeur',
      'capteur.unite',
      'capteur.dernier_ts',
      'valeur_ecartee.ts',
      'valeur_ecartee.valeur',
      'valeur_ecartee.raison',
      'valeur_ecartee.recu_le',
    ])
    .where('capteur.lieu_id', '=', lieuId)
    .orderBy('valeur_ecartee.ts', 'desc')
    .limit(20)
    .execute();
  const out: ValeurEcartee[] = [];
  for (const r of rows) {
    const newest = Math.max(Number(r.dernier_ts ?? 0), Number(r.ts));
    if (Number(r.ts) < newest - ECARTEES_WINDOW_MS) continue;
    let raison: unknown;
    try {
      raison = JSON.parse(r.raison) as unknown;
    } catch {
      continue;
    }
    const parsed = z.safeParse(RaisonEcartee, raison);
    if (!parsed.success) continue;
    out.push({
      capteur_id: r.capteur_id,
      grandeur: r.grandeur,
      unite: r.unite,
      ts: Number(r.ts),
      valeur: r.valeur,
      raison: parsed.data,
      recu_le: Number(r.recu_le),
    });
    if (out.length === 5) break;
  }
  return out;
}

/** URL of a stored photo: absolute URLs and paths as they are, stored upload names (`<kind>/<name>`) as served. */
function photoUrl(fichier: string): string {
  return /^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(fichier) ? fichier : (uploadUrl(fichier) as string);
}

/** Photos of a place, newest first; photos of hidden publications are left out. */
/** The photos of a place; with `publieesAu`, the community photos published by then (the place's own photos stay). */
async function lieuPhotos(db: Kysely<Database>, lieuId: number, publieesAu: number | null): Promise<Photo[]> {
  const rows = await db
    .selectFrom('photo')
    .leftJoin('publication', 'publication.id', 'photo.publication_id')
    .select(['photo.id', 'photo.fichier', 'photo.credit', 'photo.legende', 'photo.created_at'])
    .where('photo.lieu_id', '=', lieuId)
    .where((eb) => eb.or([eb('photo.publication_id', 'is', null), eb('publication.statut', '=', 'publie')]))
    .$if(publieesAu !== null, (q) =>
      q.where((eb) =>
        eb.or([eb('photo.publication_id', 'is', null), eb('photo.created_at', '<=', publieesAu as number)]),
      ),
    )
    .orderBy('photo.created_at', 'desc')
    .orderBy('photo.id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    url: photoUrl(r.fichier),
    credit: r.credit,
    legende: r.legende,
    created_at: r.created_at,
  }));
}

/** The entity and tronçon of a place (for its alerts); null when it does not exist. */
export async function lieuScopes(
  db: Kysely<Database>,
  id: number,
): Promise<{ entite_id: number; troncon_id: number | null } | null> {
  const r = await db
    .selectFrom('lieu')
    .select(['entite_id', 'troncon_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return r ?? null;
}

/** Min and max of each sensor's observations in [start, end). */
export async function extremaBetween(
  db: Kysely<Database>,
  capteurIds: readonly number[],
  start: number,
  end: number,
): Promise<Map<number, { min: number | null; max: number | null }>> {
  if (capteurIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('observation')
    .select((eb) => ['capteur_id', eb.fn.min('valeur').as('min'), eb.fn.max('valeur').as('max')])
    .where('capteur_id', 'in', [...capteurIds])
    .where('ts', '>=', start)
    .where('ts', '<', end)
    .groupBy('capteur_id')
    .execute();
  return new Map(rows.map((r) => [r.capteur_id, { min: r.min, max: r.max }]));
}

/** True when a forecast point at or after `fromMs` exists for one of the sensors. */
export async function hasPrevisions(
  db: Kysely<Database>,
  capteurIds: readonly number[],
  fromMs: number,
  publieesAu: number | null = null,
): Promise<boolean> {
  if (capteurIds.length === 0) return false;
  const r = await db
    .selectFrom('prevision')
    .select('capteur_id')
    .where('capteur_id', 'in', [...capteurIds])
    .where('ts', '>=', fromMs)
    .$if(publieesAu !== null, (q) => q.where('run_ts', '<=', publieesAu as number))
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * The latest forecast run of each sensor with its points; with `publieesAu`, the latest published at or before that
 * instant (the archive keeps every run, docs/decisions/152).
 */
export async function latestPrevisions(
  db: Kysely<Database>,
  capteurs: ReadonlyArray<{ id: number; grandeur: 'H' | 'Q' | 'T'; unite: string }>,
  publieesAu: number | null = null,
): Promise<PrevisionSerie[]> {
  if (capteurs.length === 0) return [];
  const runs = await db
    .selectFrom('prevision')
    .select((eb) => ['capteur_id', eb.fn.max('run_ts').as('run_ts')])
    .where(
      'capteur_id',
      'in',
      capteurs.map((c) => c.id),
    )
    .$if(publieesAu !== null, (q) => q.where('run_ts', '<=', publieesAu as number))
    .groupBy('capteur_id')
    .execute();
  const out: PrevisionSerie[] = [];
  for (const c of capteurs) {
    const run = runs.find((r) => r.capteur_id === c.id);
    if (!run || run.run_ts === null) continue;
    const points = await db
      .selectFrom('prevision')
      .select(['ts', 'valeur', 'min', 'max', 'commentaire'])
      .where('capteur_id', '=', c.id)
      .where('run_ts', '=', run.run_ts)
      .orderBy('ts')
      .execute();
    out.push({
      capteur_id: c.id,
      grandeur: c.grandeur,
      unite: c.unite,
      run_ts: run.run_ts,
      commentaire: points.find((p) => p.commentaire)?.commentaire ?? null,
      points: points.map(({ ts, valeur, min, max }) => ({ ts, valeur, min, max })),
    });
  }
  return out;
}

export interface ActiviteSeuils {
  activite: { id: number; nom: string };
  seuils: Array<{
    grandeur: 'H' | 'Q' | 'T';
    seuil_bas: number | null;
    seuil_haut: number | null;
    indicatif: number;
    texte: string | null;
  }>;
}

/** The activity's name and its thresholds at a place; null when the activity does not exist. */
export async function activiteSeuils(
  db: Kysely<Database>,
  activiteId: number,
  lieuId: number,
): Promise<ActiviteSeuils | null> {
  const activite = await db
    .selectFrom('activite')
    .select(['id', 'nom'])
    .where('id', '=', activiteId)
    .executeTakeFirst();
  if (!activite) return null;
  const seuils = await db
    .selectFrom('activite_lieu')
    .select(['grandeur', 'seuil_bas', 'seuil_haut', 'indicatif', 'texte'])
    .where('activite_id', '=', activiteId)
    .where('lieu_id', '=', lieuId)
    .orderBy('grandeur')
    .execute();
  return { activite, seuils };
}

/** The webcam of a place (the first one when it has several); null when the place does not exist. */
export async function lieuWebcam(db: Kysely<Database>, lieuId: number): Promise<LieuWebcam | null> {
  const lieu = await db.selectFrom('lieu').select('id').where('id', '=', lieuId).executeTakeFirst();
  if (!lieu) return null;
  const w = await db
    .selectFrom('webcam')
    .select(['nom', 'url', 'credit'])
    .where('lieu_id', '=', lieuId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return w
    ? {
        idl: lieuId,
        disponible: true,
        url: w.url,
        legende: webcamLegende(w.url),
        nom: w.nom,
        credit: w.credit,
      }
    : { idl: lieuId, disponible: false, url: null, legende: null, nom: null, credit: null };
}

/**
 * Every archived forecast run of a sensor published at or before `atMs`, with its points up to `atMs` (what can be
 * judged), and the sensor's observations at those points' instants: what `fiabilite` compares.
 */
export async function previsionsPassees(
  db: Kysely<Database>,
  capteurId: number,
  atMs: number,
): Promise<{ runs: RunPasse[]; observations: Map<number, number> }> {
  const points = await db
    .selectFrom('prevision')
    .select(['run_ts', 'ts', 'valeur', 'min', 'max'])
    .where('capteur_id', '=', capteurId)
    .where('run_ts', '<=', atMs)
    .where('ts', '<=', atMs)
    .orderBy('run_ts')
    .orderBy('ts')
    .execute();
  const runs = new Map<number, RunPasse['points'][number][]>();
  for (const { run_ts, ts, valeur, min, max } of points) {
    const run = Number(run_ts);
    const list = runs.get(run) ?? [];
    list.push({ ts: Number(ts), valeur, min, max });
    runs.set(run, list);
  }
  const observations = new Map<number, number>();
  if (points.length > 0) {
    const instants = points.map((p) => Number(p.ts));
    const rows = await db
      .selectFrom('observation')
      .select(['ts', 'valeur'])
      .where('capteur_id', '=', capteurId)
      .where('ts', '>=', Math.min(...instants))
      .where('ts', '<=', Math.max(...instants))
      .execute();
    for (const r of rows) observations.set(Number(r.ts), Number(r.valeur));
  }
  return { runs: [...runs].map(([run_ts, pts]) => ({ run_ts, points: pts })), observations };
}
