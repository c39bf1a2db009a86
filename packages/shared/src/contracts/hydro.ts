/** Contracts of the hydrology data API (`/api/hydro/*`). */
import * as z from 'zod/mini';
import { FRAICHEURS, TENDANCES } from '../domain/trend';
import { DayParam, EpochMs, Grandeur, IdParam, MAX_ID, NbDaysParam } from './common';
import { ClasseNormale } from './historique';

export const EntiteType = z.enum(['R', 'L']);
export type EntiteType = z.infer<typeof EntiteType>;

/** [west, south, east, north] in degrees. */
export const BBox = z.tuple([z.number(), z.number(), z.number(), z.number()]);

export const Bassin = z.object({
  slug: z.string(),
  nom: z.string(),
  code: z.nullable(z.string()),
  territoire: z.enum(['metropole', 'outre-mer', 'etranger']),
  bbox: z.nullable(BBox),
  nb_entites: z.int(),
});
export type Bassin = z.infer<typeof Bassin>;
export const BassinsResponse = z.array(Bassin);

export const DepartementRef = z.object({ code: z.string(), nom: z.string() });
export type DepartementRef = z.infer<typeof DepartementRef>;

/** Vigicrues vigilance level: 1 vert, 2 jaune, 3 orange, 4 rouge. */
export const NiveauVigilance = z.int().check(z.minimum(1), z.maximum(4));

export const IndexItem = z.object({
  id: z.int(),
  nom: z.string(),
  type: EntiteType,
  bassin: z.string(),
  departements: z.array(DepartementRef),
  lat: z.nullable(z.number()),
  lon: z.nullable(z.number()),
  nb_lieux: z.int(),
  /** Places with at least one observation. */
  nb_lieux_mesures: z.int(),
  /** Highest vigilance level among the entity's tronçons, null when none is known. */
  vigilance: z.nullable(NiveauVigilance),
  /** Time of the latest observation of any of its places. */
  derniere_mesure: z.nullable(EpochMs),
  /**
   * Situation against the usual range of the date (docs/decisions/100): of its places' up-to-date readings that have
   * a band, the class furthest from « normales ». Null when no place has an up-to-date reading with a band.
   */
  classe: z.nullable(ClasseNormale),
});
export type IndexItem = z.infer<typeof IndexItem>;
export const IndexResponse = z.array(IndexItem);

/** National vigilance summary: how many tronçons at each level, and when the levels were published. */
export const VigilanceResume = z.object({
  /** Publication time of the most recent level, null when no level is known. */
  date: z.nullable(EpochMs),
  niveaux: z.object({ vert: z.int(), jaune: z.int(), orange: z.int(), rouge: z.int() }),
  troncons: z.array(
    z.object({
      id: z.int(),
      code: z.string(),
      nom: z.string(),
      niveau: NiveauVigilance,
      /** The river Limni links the tronçon to, null when unknown. */
      entite_id: z.nullable(z.int()),
      /** Places of Limni on the tronçon. */
      nb_lieux: z.int(),
    }),
  ),
});
export type VigilanceResume = z.infer<typeof VigilanceResume>;

export const GeoGeometry = z.object({ type: z.string(), coordinates: z.unknown() });

export const EntiteRef = z.object({ id: z.int(), nom: z.string(), type: EntiteType });

export const TronconRef = z.object({
  id: z.int(),
  code: z.string(),
  nom: z.string(),
  niveau: z.nullable(NiveauVigilance),
  /** When the level was published. */
  niveau_ts: z.nullable(EpochMs),
});
export type TronconRef = z.infer<typeof TronconRef>;

export const LieuRef = z.object({
  id: z.int(),
  nom: z.string(),
  libelle: z.string(),
  lat_gps: z.number(),
  lon_gps: z.number(),
  station_mesure_ok: z.boolean(),
  /** At least one reading of the place is in Limni (a station alone does not say so, docs/decisions/144). */
  a_des_mesures: z.boolean(),
  /** Upstream → downstream rank within the entity, null when unknown. */
  ordre: z.nullable(z.int()),
  troncon_id: z.nullable(z.int()),
});
export type LieuRef = z.infer<typeof LieuRef>;

export const EntiteDetail = z.object({
  id: z.int(),
  nom: z.string(),
  type: EntiteType,
  slug: z.string(),
  bassin: z.object({ slug: z.string(), nom: z.string() }),
  parent: z.nullable(EntiteRef),
  lat: z.nullable(z.number()),
  lon: z.nullable(z.number()),
  geometry: z.nullable(GeoGeometry),
  description: z.nullable(z.string()),
  departements: z.array(DepartementRef),
  /** Sub-entities (tributaries, parts of a lake). */
  entites_f: z.array(EntiteRef),
  troncons: z.array(TronconRef),
  /** Places, upstream → downstream when known, then by name. */
  lieux: z.array(LieuRef),
});
export type EntiteDetail = z.infer<typeof EntiteDetail>;

export const Tendance = z.enum(TENDANCES);
export const Fraicheur = z.enum(FRAICHEURS);

/** State of one sensor at an instant: latest value at or before it, trend over 3 hours, freshness. */
export const EtatCapteur = z.object({
  capteur_id: z.int(),
  lieu_id: z.int(),
  grandeur: Grandeur,
  unite: z.string(),
  libelle: z.string(),
  valeur: z.nullable(z.number()),
  /** Time of that value. */
  ts: z.nullable(EpochMs),
  tendance: z.nullable(Tendance),
  /** Signed change per hour, in the sensor's unit. */
  variation_h: z.nullable(z.number()),
  fraicheur: Fraicheur,
  /** The sensor's native step in minutes (1440: one daily mean per day, shown as a day, not a time), null if unknown. */
  pas_min: z.nullable(z.int()),
  /**
   * Where the value sits against the usual range of its calendar day (docs/decisions/087): null when the sensor has
   * no band (fewer than 5 complete years in its archive) or no value.
   */
  classe: z.nullable(ClasseNormale),
  /**
   * The newest reading at or before the instant when its producer judged it doubtful (qualification 12): it is not
   * `valeur`, which is the latest non-doubtful one, and the page says so (docs/decisions/154); null otherwise.
   */
  douteuse: z.nullable(z.object({ ts: EpochMs, valeur: z.number() })),
});
export type EtatCapteur = z.infer<typeof EtatCapteur>;

// ---------------------------------------------------------------------------------------------------------------
// Map configuration, search terms, webcams, tronçons.

/** One offline base layer served by the web app (GeoJSON outlines). */
export const CoucheFond = z.object({
  id: z.enum(['departements', 'lacs', 'rivieres']),
  nom: z.string(),
  /** Path of the GeoJSON file on the web app's origin (`/geo/…`). */
  url: z.string(),
  /** How the layer is drawn. */
  rendu: z.enum(['fill', 'line']),
  attribution: z.string(),
});
export type CoucheFond = z.infer<typeof CoucheFond>;

export const MapsConfig = z.object({
  /** Offline outlines, bottom to top. */
  couches: z.array(CoucheFond),
  /** Optional raster tiles drawn under the outlines (`TILE_URL`), null when not configured. */
  tuiles: z.nullable(z.object({ url: z.string(), attribution: z.string() })),
  /** Default extent: metropolitan France. */
  emprise: BBox,
  /** Extent of each basin (null when unknown). */
  bassins: z.array(z.object({ slug: z.string(), nom: z.string(), bbox: z.nullable(BBox) })),
});
export type MapsConfig = z.infer<typeof MapsConfig>;

/** Search terms: every entity and every place, with ids (the header search, docs/requirements.md R3.1). */
export const RechercheTerms = z.object({
  entites: z.array(z.object({ id: z.int(), nom: z.string(), type: EntiteType })),
  lieux: z.array(
    z.object({
      id: z.int(),
      nom: z.string(),
      /** Département code, e.g. "31", to tell homonyms apart. */
      departement: z.nullable(z.string()),
      entite_id: z.int(),
      entite_nom: z.string(),
      /** Type of the place's entity. */
      type: EntiteType,
    }),
  ),
});
export type RechercheTerms = z.infer<typeof RechercheTerms>;

export const LieuCourt = z.object({ id: z.int(), nom: z.string(), libelle: z.string() });

export const Webcam = z.object({
  id: z.int(),
  nom: z.string(),
  url: z.string(),
  /** "le dd/mm/yyyy à HHhMM" read from the date in the URL (domain/webcam.ts), null when it has none. */
  legende: z.nullable(z.string()),
  credit: z.nullable(z.string()),
  lieu: LieuCourt,
  entite: EntiteRef,
});
export type Webcam = z.infer<typeof Webcam>;
export const WebcamsResponse = z.array(Webcam);

/** The webcam of a place (docs/requirements.md R5.3: url, legende, idl); `url` is null when the place has none. */
export const LieuWebcam = z.object({
  idl: z.int(),
  disponible: z.boolean(),
  url: z.nullable(z.string()),
  legende: z.nullable(z.string()),
  nom: z.nullable(z.string()),
  credit: z.nullable(z.string()),
});
export type LieuWebcam = z.infer<typeof LieuWebcam>;

/** A place on a tronçon map: it may belong to a tributary, hence its entity. */
export const TronconLieu = z.extend(LieuRef, { entite_id: z.int(), entite_nom: z.string() });

export const TronconDetail = z.object({
  id: z.int(),
  code: z.string(),
  nom: z.string(),
  niveau: z.nullable(NiveauVigilance),
  niveau_ts: z.nullable(EpochMs),
  territoire: z.nullable(z.object({ code: z.string(), nom: z.string() })),
  entite: z.nullable(EntiteRef),
  geometry: z.nullable(GeoGeometry),
  /** Extent of its places, null without places. */
  bbox: z.nullable(BBox),
  lieux: z.array(TronconLieu),
});
export type TronconDetail = z.infer<typeof TronconDetail>;

// ---------------------------------------------------------------------------------------------------------------
// Periods, states and alerts of entities and places.

/**
 * A break in a place's readings where its archive (the demo dataset, an imported archive) meets its live readings
 * (docs/decisions/138): no reading after `du` before `au`.
 */
export const Interruption = z.object({ du: EpochMs, au: EpochMs });
export type Interruption = z.infer<typeof Interruption>;

/** First and last observation (all sensors of the place or entity), as instants and as Paris days. */
export const DateRange = z.object({
  debut: z.nullable(EpochMs),
  fin: z.nullable(EpochMs),
  jour_debut: z.nullable(z.string()),
  jour_fin: z.nullable(z.string()),
  /** A place's break between archive and live readings; absent when they run on (or for an entity). */
  interruption: z.optional(Interruption),
});
export type DateRange = z.infer<typeof DateRange>;

export const LieuAvecEtats = z.extend(LieuRef, {
  capteurs: z.array(EtatCapteur),
  /**
   * A place of a recorded episode (docs/decisions/088): its states are judged at its episode's clock, `maintenant`,
   * not at the list's. Absent for the places of the main dataset.
   */
  episode: z.optional(z.object({ code: z.string(), libelle: z.string(), maintenant: EpochMs })),
});

/** Places of an entity with the state of each sensor at the data "now". */
export const EntiteLieux = z.object({
  entite_id: z.int(),
  /** The instant the states are judged at (data "now", ADR 009). */
  maintenant: EpochMs,
  lieux: z.array(LieuAvecEtats),
});
export type EntiteLieux = z.infer<typeof EntiteLieux>;

export const Alerte = z.object({
  id: z.int(),
  scope: z.enum(['lieu', 'entite', 'troncon']),
  scope_id: z.int(),
  /** Name of the place, entity or tronçon it concerns. */
  scope_nom: z.string(),
  source: z.enum(['vigicrues', 'seuil', 'manuel']),
  niveau: z.int(),
  titre: z.string(),
  message: z.string(),
  debut: EpochMs,
  fin: z.nullable(EpochMs),
  /** Not ended at the data "now". */
  en_cours: z.boolean(),
});
export type Alerte = z.infer<typeof Alerte>;
export const AlertesResponse = z.array(Alerte);

export const CapteurInfo = z.object({
  id: z.int(),
  grandeur: Grandeur,
  unite: z.string(),
  libelle: z.string(),
  source: z.string(),
  /** Native step in minutes. */
  pas_min: z.nullable(z.int()),
  premier_ts: z.nullable(EpochMs),
  dernier_ts: z.nullable(EpochMs),
});
export type CapteurInfo = z.infer<typeof CapteurInfo>;

export const Photo = z.object({
  id: z.int(),
  /** URL of the image (absolute, or a path on this origin). */
  url: z.string(),
  credit: z.nullable(z.string()),
  legende: z.nullable(z.string()),
  created_at: EpochMs,
});
export type Photo = z.infer<typeof Photo>;

/** A place (docs/requirements.md R6.4: id, nom, station_mesure_ok, lat_gps, lon_gps) with everything its tabs need. */
/** Why a reading was set aside as implausible (docs/decisions/136), with the figure it was compared with. */
export const RaisonEcartee = z.discriminatedUnion('code', [
  z.object({ code: z.literal('bornes'), min: z.number(), max: z.number() }),
  z.object({ code: z.literal('historique'), min: z.number(), max: z.number() }),
  z.object({ code: z.literal('saut'), reference: z.number(), minutes: z.number() }),
]);
export type RaisonEcartee = z.infer<typeof RaisonEcartee>;

/** A reading received and set aside as implausible: never a value, a verdict, a class or an alert. */
export const ValeurEcartee = z.object({
  capteur_id: z.int(),
  grandeur: Grandeur,
  unite: z.string(),
  ts: EpochMs,
  valeur: z.number(),
  raison: RaisonEcartee,
  /** When Limni received it. */
  recu_le: EpochMs,
});
export type ValeurEcartee = z.infer<typeof ValeurEcartee>;

/** Why a place's station gives no more readings, from Hub'Eau's catalogue, and since when. */
export const StationArret = z.object({
  motif: z.enum(['hors_service', 'absente_du_catalogue']),
  depuis: EpochMs,
});
export type StationArret = z.infer<typeof StationArret>;

/** A place with readings that an empty place points to (docs/decisions/144). */
export const VoisinAvecObservations = z.object({
  id: z.int(),
  libelle: z.string(),
  entite: EntiteRef,
  /** Upstream or downstream on the same river, elsewhere on the same water body, or on another one nearby. */
  relation: z.enum(['amont', 'aval', 'meme_entite', 'proche']),
  distance_km: z.number(),
  /** Its latest reading. */
  derniere_mesure: EpochMs,
});
export type VoisinAvecObservations = z.infer<typeof VoisinAvecObservations>;

/** Why a place shows no reading: how many places of Limni have some, and where to look instead. */
export const SansObservations = z.object({
  lieux_avec_mesures: z.int(),
  lieux: z.int(),
  /** The place with readings nearest to it (same water body first); null when none is near. */
  voisin: z.nullable(VoisinAvecObservations),
});
export type SansObservations = z.infer<typeof SansObservations>;

export const LieuDetail = z.object({
  id: z.int(),
  nom: z.string(),
  libelle: z.string(),
  /** A measuring station is linked to the place (docs/requirements.md R6.4); it may have no reading in Limni. */
  station_mesure_ok: z.boolean(),
  /** At least one reading of the place is in Limni. */
  a_des_mesures: z.boolean(),
  lat_gps: z.number(),
  lon_gps: z.number(),
  code_station: z.nullable(z.string()),
  commune: z.nullable(z.string()),
  departement: z.nullable(DepartementRef),
  altitude_zero: z.nullable(z.number()),
  surface_bv_km2: z.nullable(z.number()),
  entite: z.extend(EntiteRef, { bassin: z.object({ slug: z.string(), nom: z.string() }) }),
  troncon: z.nullable(TronconRef),
  capteurs: z.array(CapteurInfo),
  /** Practical information, markdown. */
  infos_pratiques: z.nullable(z.string()),
  photos: z.array(Photo),
  a_webcam: z.boolean(),
  /** Forecasts exist for one of its sensors (viewing them needs authorisation 1). */
  a_previsions: z.boolean(),
  /** The recorded episode the place belongs to, whose clock its ages use (docs/decisions/088); absent: main dataset. */
  episode: z.optional(z.nullable(z.object({ code: z.string(), libelle: z.string() }))),
  /** The station stopped giving readings (Hub'Eau's catalogue says why); absent or null: in service. */
  station_arret: z.optional(z.nullable(StationArret)),
  /** Readings of the last week set aside as implausible, latest first (at most 5). */
  valeurs_ecartees: z.optional(z.array(ValeurEcartee)),
  /** A place without any reading: the coverage of Limni and the nearest place with readings. */
  sans_mesures: z.optional(z.nullable(SansObservations)),
});
export type LieuDetail = z.infer<typeof LieuDetail>;

/** State of each sensor of a place at the end of a Paris day (or at the data "now" if earlier). */
export const LieuEtat = z.object({
  lieu_id: z.int(),
  date: z.string(),
  /** The instant the states are taken at. */
  instant: EpochMs,
  capteurs: z.array(EtatCapteur),
});
export type LieuEtat = z.infer<typeof LieuEtat>;

export const StatJour = z.object({
  /** Paris day `YYYY-MM-DD`. */
  date: z.string(),
  min: z.nullable(z.number()),
  max: z.nullable(z.number()),
  /** Arithmetic mean of the observations of the day. */
  moyenne: z.nullable(z.number()),
  nb: z.int(),
});
export type StatJour = z.infer<typeof StatJour>;

/** Per day of the 7 days ending at `date`, min / max / mean per sensor. */
export const Lieu7j = z.object({
  lieu_id: z.int(),
  date: z.string(),
  jours: z.array(z.string()),
  capteurs: z.array(
    z.object({
      capteur_id: z.int(),
      grandeur: Grandeur,
      unite: z.string(),
      libelle: z.string(),
      jours: z.array(StatJour),
    }),
  ),
});
export type Lieu7j = z.infer<typeof Lieu7j>;

export const PrevisionSerie = z.object({
  capteur_id: z.int(),
  grandeur: Grandeur,
  unite: z.string(),
  /** Production time of the forecast run shown (the latest). */
  run_ts: EpochMs,
  commentaire: z.nullable(z.string()),
  points: z.array(
    z.object({
      ts: EpochMs,
      valeur: z.nullable(z.number()),
      min: z.nullable(z.number()),
      max: z.nullable(z.number()),
    }),
  ),
});
export type PrevisionSerie = z.infer<typeof PrevisionSerie>;

const Comparaison = {
  /** Forecast runs with at least one hour compared with an observation. */
  previsions: z.int(),
  /** Forecast hours compared with an observation. */
  comparees: z.int(),
  /** Hours whose observation fell inside the published 10–90 % band. */
  dans_fourchette: z.int(),
  /** Hours that had a band. */
  avec_fourchette: z.int(),
  /** Median absolute error of the central value, in the sensor's unit; null when none was compared. */
  erreur_mediane_abs: z.nullable(z.number()),
  /** Mean error of the central value (positive: forecast above what happened); null when none was compared. */
  biais: z.nullable(z.number()),
};

/**
 * How good the sensor's past forecasts were at the instant of the answer (`domain/fiabilite.ts`, docs/decisions/152):
 * over all lead times and per lead-time class.
 */
export const Fiabilite = z.object({
  ...Comparaison,
  classes: z.array(z.object({ apres_h: z.int(), jusqu_a_h: z.nullable(z.int()), ...Comparaison })),
});
export type Fiabilite = z.infer<typeof Fiabilite>;

/**
 * Forecasts of a place (authorisation 1): the latest run of each sensor published at the instant of the answer (now,
 * or `?t=`); empty when none. `fiabilite`: per sensor with archived forecasts, how good they were.
 */
export const LieuPrevisions = z.object({
  lieu_id: z.int(),
  series: z.array(PrevisionSerie),
  fiabilite: z.array(
    z.object({ capteur_id: z.int(), grandeur: Grandeur, unite: z.string(), fiabilite: Fiabilite }),
  ),
});
export type LieuPrevisions = z.infer<typeof LieuPrevisions>;

// ---------------------------------------------------------------------------------------------------------------
// Series, chart options, hourly chronicle.

/**
 * Observations of one sensor, columnar (uPlot-ready): `ts[i]`, `valeur[i]`, `statut[i]`, `qualification[i]` describe
 * one point.
 */
export const SerieDonnees = z.object({
  capteur_id: z.int(),
  grandeur: Grandeur,
  unite: z.string(),
  libelle: z.string(),
  pas_min: z.nullable(z.int()),
  /** Observations in the period. */
  nb_brut: z.int(),
  /** Points returned: fewer than nb_brut when downsampled (LTTB, above 2,000 points). */
  nb_renvoye: z.int(),
  sous_echantillonne: z.boolean(),
  ts: z.array(EpochMs),
  valeur: z.array(z.number()),
  /** Hub'Eau status code (4 brute, 12 pré-validée, 16 validée…), null when the source does not say. */
  statut: z.array(z.nullable(z.int())),
  /**
   * Hub'Eau qualification code (12 douteuse, 16 non qualifiée, 20 bonne), null when the source does not say; a
   * doubtful point is drawn and marked, never the current value (docs/decisions/154).
   */
  qualification: z.array(z.nullable(z.int())),
});
export type SerieDonnees = z.infer<typeof SerieDonnees>;

export const LieuDonnees = z.object({
  lieu_id: z.int(),
  date: z.string(),
  nb: z.int(),
  /** [debut, fin) of the period: from the start of the first Paris day to the end of `date`. */
  debut: EpochMs,
  fin: EpochMs,
  series: z.array(SerieDonnees),
});
export type LieuDonnees = z.infer<typeof LieuDonnees>;

export const SerieOption = z.object({
  capteur_id: z.int(),
  grandeur: Grandeur,
  unite: z.string(),
  /** French label, e.g. "Hauteur d'eau (m)". */
  libelle: z.string(),
  couleur: z.string(),
  /** Suggested y range (data, thresholds of that grandeur, padding); null without data in the period. */
  y: z.nullable(z.object({ min: z.number(), max: z.number() })),
});
export type SerieOption = z.infer<typeof SerieOption>;

export const SeuilOption = z.object({
  grandeur: Grandeur,
  type: z.enum(['bas', 'haut']),
  valeur: z.number(),
  libelle: z.string(),
  couleur: z.string(),
  /** Dash pattern in px (uPlot `dash`). */
  tirets: z.array(z.number()),
  activite_id: z.int(),
  /** Indicative threshold (not an official one). */
  indicatif: z.boolean(),
  /** How the threshold was chosen (activite_lieu.texte), for a tooltip; null when not given. */
  texte: z.nullable(z.string()),
});
export type SeuilOption = z.infer<typeof SeuilOption>;

export const GraphOptions = z.object({
  lieu_id: z.int(),
  date: z.string(),
  nb: z.int(),
  debut: EpochMs,
  fin: EpochMs,
  series: z.array(SerieOption),
  activite: z.nullable(z.object({ id: z.int(), nom: z.string() })),
  seuils: z.array(SeuilOption),
  /** Forecasts exist for this place (viewing them needs authorisation 1). */
  previsions: z.boolean(),
});
export type GraphOptions = z.infer<typeof GraphOptions>;

export const GraphOptionsQuery = z.object({
  /** Activity whose thresholds at this place are drawn; none without it. */
  activite: z.optional(
    z.pipe(
      z
        .string()
        .check(z.regex(/^[1-9]\d{0,9}$/, "L'identifiant d'activité doit être un nombre entier positif")),
      z.pipe(
        z.transform((v: string) => Number(v)),
        z.number().check(z.maximum(MAX_ID, "L'identifiant d'activité est trop grand")),
      ),
    ),
  ),
});

/** One row of the hourly chronicle (docs/requirements.md R7.9): Paris day, hour slot 0–23, value and unit. */
export const ChroniqueLigne = z.object({
  date: z.string(),
  /** The hour the reading is rounded to (docs/requirements.md R7.9). */
  heure: z.int().check(z.minimum(0), z.maximum(23)),
  valeur: z.number(),
  unite: z.string(),
  /** The reading's own time. */
  ts: EpochMs,
  /** Its Hub'Eau status and qualification codes (see `SerieDonnees`), null when the source does not say. */
  statut: z.nullable(z.int()),
  qualification: z.nullable(z.int()),
});
export type ChroniqueLigne = z.infer<typeof ChroniqueLigne>;

export const ChroniqueHoraire = z.object({
  lieu_id: z.int(),
  date: z.string(),
  nb: z.int(),
  series: z.array(
    z.object({
      capteur_id: z.int(),
      grandeur: Grandeur,
      unite: z.string(),
      libelle: z.string(),
      lignes: z.array(ChroniqueLigne),
    }),
  ),
});
export type ChroniqueHoraire = z.infer<typeof ChroniqueHoraire>;

// Path parameters.
export const LieuDateParams = z.object({ id: IdParam, date: DayParam });
export const LieuPeriodParams = z.object({ id: IdParam, date: DayParam, nb: NbDaysParam });
