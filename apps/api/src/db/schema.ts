/**
 * Kysely row types. They do not depend on the dialect: instants are epoch milliseconds (number),
 * booleans are 0/1 integers, JSON is stored as text. See docs/decisions/003-instants-and-units.md.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** 0 or 1: booleans are stored as integers in both engines. */
export type Bool = 0 | 1;
/** Epoch milliseconds, UTC. */
export type EpochMs = number;

export interface BassinTable {
  slug: string;
  code: string | null;
  nom: string;
  territoire: string; // metropole | outre-mer | etranger
  ordre: number;
  west: number | null;
  south: number | null;
  east: number | null;
  north: number | null;
}

export interface DepartementTable {
  code: string;
  nom: string;
}

export interface EntiteTable {
  id: Generated<number>;
  type: 'R' | 'L';
  nom: string;
  slug: string;
  bassin_slug: string;
  parent_id: number | null;
  code_cours_eau: string | null;
  lat: number | null;
  lon: number | null;
  /** GeoJSON geometry (lake outline), as text. */
  geometry: string | null;
  description: string | null;
}

export interface EntiteDepartementTable {
  entite_id: number;
  departement_code: string;
}

export interface TronconTable {
  id: Generated<number>;
  code: string;
  nom: string;
  entite_id: number | null;
  territoire_code: string | null;
  territoire_nom: string | null;
  /** Vigicrues level 1–4 (vert, jaune, orange, rouge), null when unknown. */
  niveau: number | null;
  niveau_ts: EpochMs | null;
  geometry: string | null;
}

export interface LieuTable {
  id: Generated<number>;
  entite_id: number;
  troncon_id: number | null;
  /** Short name, e.g. "Toulouse (Pont-Neuf)". */
  nom: string;
  /** Full label with the water body, e.g. "La Garonne à Toulouse (Pont-Neuf)". */
  libelle: string;
  lat_gps: number;
  lon_gps: number;
  station_mesure_ok: Bool;
  code_station: string | null;
  code_site: string | null;
  commune: string | null;
  departement_code: string | null;
  infos_pratiques: string | null;
  altitude_zero: number | null;
  surface_bv_km2: number | null;
  /** Upstream → downstream order within the entity when known (catchment area), else null. */
  ordre: number | null;
  source: string;
  /** The recorded episode the place belongs to (its own data clock, docs/decisions/088); null: the main dataset. */
  episode: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Why the station stopped giving readings (migration 013): `hors_service` (Hub'Eau's catalogue says so) or
   * `absente_du_catalogue`; null while it is in service.
   */
  station_motif: ColumnType<string | null, string | null | undefined, string | null>;
  /** Since when `station_motif` holds (the catalogue read that found it). */
  station_motif_depuis: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
}

/** A recorded episode of another period than the main demo dataset (migration 010, docs/decisions/088). */
export interface EpisodeTable {
  code: string;
  /** « Crue annoncée de la Loire, décembre 2024 ». */
  libelle: string;
  /** Who produced the data, shown with the episode. */
  source: string;
  /** First and last reading of the episode, fixed when it is loaded (migration 013). */
  debut: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
  fin: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
}

export interface CapteurTable {
  id: Generated<number>;
  lieu_id: number;
  grandeur: 'H' | 'Q' | 'T';
  unite: string;
  libelle: string;
  source: string;
  code_station: string | null;
  /** Native step in minutes (5, 10, 15, 60, 1440 for daily means). */
  pas_min: number | null;
  derniere_valeur: number | null;
  dernier_ts: EpochMs | null;
  premier_ts: EpochMs | null;
  /**
   * Bumped whenever observations of the sensor are written or corrected (`markCapteurDataChanged` in
   * data/series-cache.ts): cached series bodies keyed on it are then recomputed (migration 002).
   */
  donnees_version: Generated<number>;
  /**
   * The daily statistic its archive holds in `archive_jour.moyenne` (migration 014, docs/decisions/140): the mean of
   * the day's readings, or their maximum (the Garonne's daily maxima at Toulouse since 1857).
   */
  statistique_jour: Generated<StatistiqueJour>;
}

export type StatistiqueJour = 'moyenne' | 'max';

export interface ObservationTable {
  capteur_id: number;
  ts: EpochMs;
  valeur: number;
  statut: number | null;
  qualification: number | null;
}

/**
 * A reading outside its sensor's plausible bounds (migration 013, docs/decisions/136): kept, never read as a value.
 * `raison` is a French sentence (« saut de +97,00 m en 15 min »).
 */
export interface ValeurEcarteeTable {
  capteur_id: number;
  ts: EpochMs;
  valeur: number;
  statut: number | null;
  qualification: number | null;
  raison: string;
  recu_le: EpochMs;
}

/** Per Hub'Eau station and quantity, the latest instant it returned (migration 013, docs/decisions/135). */
export interface SerieHubeauTable {
  code_station: string;
  grandeur: 'H' | 'Q';
  lu_jusqu_a: EpochMs;
  maj_le: EpochMs;
}

/** The ingestion leader's lease where no advisory lock exists (SQLite, migration 013, docs/decisions/137). */
export interface IngestBailTable {
  nom: string;
  /** The holder's `INSTANCE_ID`. */
  detenteur: string;
  expire_le: EpochMs;
}

/** One Europe/Paris day of a sensor in the long archive (migration 007, docs/decisions/085). */
export interface ArchiveJourTable {
  capteur_id: number;
  /** `YYYY-MM-DD`, Europe/Paris. */
  jour: string;
  /** The day's value of the sensor's daily statistic (`capteur.statistique_jour`): its mean, or its maximum. */
  moyenne: number;
  min: number | null;
  max: number | null;
  source: 'hubeau-elab' | 'demo' | 'rollup';
  /** Raw readings behind the day (roll-up, hourly source); null when the source gave the daily value itself. */
  n: number | null;
}

/** Percentiles of one calendar day `MM-DD` over the sensor's reference period (docs/decisions/086). */
/** Where the `obs_elab` backfill of a station and quantity stands (migration 011, docs/decisions/092). */
export interface HubeauElabRepriseTable {
  code_station: string;
  grandeur: 'QmnJ' | 'QIXnJ';
  /** Last day (`YYYY-MM-DD`) stored from obs_elab, null when none yet. */
  dernier_jour: string | null;
  /** 1 once the history from the start of the record was read to its end. */
  historique_complet: Bool;
  maj_le: EpochMs;
}

export interface ClimatologieTable {
  capteur_id: number;
  mmjj: string;
  p10: number;
  p25: number;
  p50: number;
  p75: number;
  p90: number;
  /** Values in the ±7-day window over the reference years. */
  n: number;
  /** JSON array, sorted ascending: the values of that very calendar day in the reference years (for the rank). */
  valeurs_jour: string;
}

/** A sensor's reference period (or why it has none), its records and what it was computed from. */
export interface ClimatologieCapteurTable {
  capteur_id: number;
  annee_debut: number | null;
  annee_fin: number | null;
  nb_annees: number;
  raison: string | null;
  record_max: number | null;
  record_max_jour: string | null;
  record_min: number | null;
  record_min_jour: string | null;
  premier_jour: string | null;
  dernier_jour: string | null;
  nb_jours: number;
  /** The named origin of the archived series (e.g. airGRdatasets), shown next to the band. */
  origine: string | null;
  calcule_le: EpochMs;
}

export interface PrevisionTable {
  capteur_id: number;
  run_ts: EpochMs;
  ts: EpochMs;
  valeur: number | null;
  min: number | null;
  max: number | null;
  commentaire: string | null;
}

export interface ActiviteTable {
  id: Generated<number>;
  nom: string;
  slug: string;
  icone: string;
  description: string;
}

export interface ActiviteLieuTable {
  activite_id: number;
  lieu_id: number;
  grandeur: 'H' | 'Q' | 'T';
  seuil_bas: number | null;
  seuil_haut: number | null;
  texte: string | null;
  indicatif: Bool;
}

export interface AlerteTable {
  id: Generated<number>;
  scope: 'lieu' | 'entite' | 'troncon';
  scope_id: number;
  source: 'vigicrues' | 'seuil' | 'manuel';
  niveau: number;
  titre: string;
  message: string;
  debut: EpochMs;
  fin: EpochMs | null;
  created_at: EpochMs;
}

export interface WebcamTable {
  id: Generated<number>;
  lieu_id: number;
  nom: string;
  url: string;
  credit: string | null;
}

export interface PhotoTable {
  id: Generated<number>;
  lieu_id: number;
  fichier: string;
  credit: string | null;
  legende: string | null;
  user_id: number | null;
  publication_id: number | null;
  created_at: EpochMs;
}

export interface PageTable {
  slug: string;
  titre: string;
  markdown: string;
  updated_at: EpochMs;
}

export interface ListeSibTable {
  id: Generated<number>;
  nom: string;
  description: string;
}

export interface ContactMessageTable {
  id: Generated<number>;
  nom: string;
  email: string;
  sujet: string;
  message: string;
  ip: string | null;
  created_at: EpochMs;
  sent_at: EpochMs | null;
  error: string | null;
}

export interface MetaTable {
  key: string;
  value: string;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  /** Case-folded username (NFKC, lower case), unique; null only for rows inserted by tests (migration 005). */
  username_key: string | null;
  /**
   * UTS #39 confusable skeleton of the username (`lib/squelette.ts`), unique: no two look-alike names (migration 017,
   * docs/decisions/160); null for a later look-alike found at that migration and for rows inserted by tests.
   */
  username_squelette: string | null;
  /** Lower-cased e-mail, unique. */
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_active: Bool;
  email_verified: Bool;
  created_at: EpochMs;
  updated_at: EpochMs;
  /** The language of the account's e-mails, `fr` or `en` (migration 012); `fr` unless registered in English. */
  langue: ColumnType<string, string | undefined, string>;
}

export interface ProfileTable {
  user_id: number;
  avatar: string | null;
  date_naissance: string | null;
  accept_prevision_alert: Bool;
  /** JSON object of notification preferences. */
  notifications: string;
}

/** A sign-in: tokens carry its id (`sid`); revoking the session revokes every token issued for it. */
export interface SessionTable {
  id: string;
  user_id: number;
  created_at: EpochMs;
  /** The original sign-in time: refresh is refused 7 days after it. */
  expires_at: EpochMs;
  revoked_at: EpochMs | null;
}

export interface EmailVerificationTable {
  key_hash: string;
  user_id: number;
  email: string;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

export interface PasswordResetTable {
  token_hash: string;
  user_id: number;
  created_at: EpochMs;
  expires_at: EpochMs;
  used_at: EpochMs | null;
}

export interface AbonnementTable {
  user_id: number;
  lieu_id: number;
  actif: Bool;
  created_at: EpochMs;
}

export interface UserListeSibTable {
  user_id: number;
  liste_id: number;
}

export interface AutorisationTable {
  id: number;
  nom: string;
  description: string;
}

export interface UserAutorisationTable {
  user_id: number;
  autorisation_id: number;
  created_at: EpochMs;
}

export interface PushRegistrationTable {
  id: Generated<number>;
  user_id: number;
  type: 'web' | 'android' | 'ios';
  registration_id: string;
  /** SHA-256 of registration_id, unique, so long push endpoints can be indexed. */
  registration_hash: string;
  created_at: EpochMs;
}

export interface PublicationTable {
  id: Generated<number>;
  user_id: number;
  lieu_id: number;
  texte: string;
  photo: string | null;
  /** JSON snapshot of the place's latest observations at posting time. */
  releves: string;
  statut: 'publie' | 'masque';
  created_at: EpochMs;
}

export interface SecretTable {
  name: string;
  value: string;
  created_at: EpochMs;
}

/** One row per ingestion job (migration 004): last run, success, error and counts, checkpoint as JSON. */
export interface IngestJobTable {
  job: string;
  last_run_at: EpochMs | null;
  last_success: EpochMs | null;
  last_error: string | null;
  last_error_at: EpochMs | null;
  /** JSON object of the last run's counts. */
  counts: Generated<string>;
  /** JSON checkpoint of the job (its own format), null before the first run. */
  checkpoint: string | null;
  consecutive_failures: Generated<number>;
  /** Stable code of the last error (migration 009), shown by /api/health instead of its message. */
  last_error_code: string | null;
  /** Start of the run in progress, null between runs (migration 013). */
  running_since: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
  /** JSON list of the last run's warnings `{ code, message }` (migration 013), null when none. */
  avertissements: ColumnType<string | null, string | null | undefined, string | null>;
  /** A run asked for now by an operator (migration 013): the leader starts one that begins after it. */
  demande_le: ColumnType<EpochMs | null, EpochMs | null | undefined, EpochMs | null>;
}

/** A VigiEau alert zone as last read (migration 015, docs/decisions/155). */
export interface SecheresseZoneTable {
  id: string;
  /** JSON of the shared contract `ZoneSecheresse`. */
  donnees: string;
  lu_le: EpochMs;
}

/** VigiEau's last answer about a place (migration 015); `origine` names a recorded answer, null when read live. */
export interface LieuSecheresseTable {
  lieu_id: number;
  etat: 'zone' | 'aucune' | 'non_couvert';
  zone_id: string | null;
  lu_le: EpochMs;
  origine: string | null;
}

/** The weather of one 0.1° cell (migration 009, docs/decisions/104): the outcome's JSON and its lifetime. */
export interface MeteoCacheTable {
  /** `"48.6,2.3"`: the rounded latitude and longitude. */
  cell: string;
  /** JSON: `{ ok: true, data }` or `{ ok: false, raison }`. */
  outcome: string;
  fetched_at: EpochMs;
  expires_at: EpochMs;
}

/** An event counted by a rate limit (migration 005): failed sign-in, registration, reset request… */
export interface RateEventTable {
  id: Generated<number>;
  bucket: string;
  /** The limited subject: an IP address, or a SHA-256 of a normalised account identifier. */
  key: string;
  ts: EpochMs;
}

/** A personal alert rule (migration 006, docs/decisions/055), attached to the subscription (user, place). */
export interface AlerteRegleTable {
  id: Generated<number>;
  user_id: number;
  lieu_id: number;
  type: 'au_dessus' | 'en_dessous' | 'montee' | 'retour_plage' | 'prevision' | 'vigilance';
  /** H or Q; null for vigilance rules. */
  grandeur: 'H' | 'Q' | null;
  /** X, Y, Z per hour or a (retour_plage), in the sensor's unit. */
  seuil: number | null;
  /** b of retour_plage. */
  seuil2: number | null;
  /** N of a forecast rule (hours). */
  horizon_h: number | null;
  /** The activity whose "trop haut" threshold the rule took (defaults), or the one chosen. */
  activite_id: number | null;
  origine: 'defaut' | 'utilisateur';
  actif: Bool;
  created_at: EpochMs;
  updated_at: EpochMs;
}

/** Evaluation state of a rule (JSON of `EtatRegle`, packages/shared/src/domain/alertes.ts). */
export interface AlerteRegleEtatTable {
  regle_id: number;
  etat: string;
  maj_at: EpochMs;
}

/** A notification of a user: the in-app list; `cle` (unique) makes each crossing notify once (ADR 056, 057). */
export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  regle_id: number | null;
  lieu_id: number | null;
  alerte_id: number | null;
  cle: string;
  type: AlerteRegleTable['type'];
  titre: string;
  message: string;
  grandeur: 'H' | 'Q' | null;
  valeur: number | null;
  unite: string | null;
  /** Instant of the observation, forecast point or bulletin notified (data time). */
  ts: EpochMs;
  /** Path of the web app to open (`/lieu/1/a-3`). */
  lien: string;
  /** Vigilance level (vigilance notifications). */
  niveau: number | null;
  /** Beyond the user's daily cap: in the app only, not mailed nor pushed. */
  plafonnee: Generated<Bool>;
  created_at: EpochMs;
  lu_at: EpochMs | null;
  masque_at: EpochMs | null;
}

export type StatutEnvoi = 'en_attente' | 'en_cours' | 'envoye' | 'echec' | 'annule' | 'sans_destinataire';

/** The delivery outbox: one row per notification and channel, retried with backoff (ADR 057). */
export interface NotificationEnvoiTable {
  id: Generated<number>;
  notification_id: number;
  canal: 'email' | 'push';
  statut: Generated<StatutEnvoi>;
  tentatives: Generated<number>;
  prochain_essai: EpochMs;
  /** A worker holds the row until then (another may take it over after). */
  verrou_jusqu_a: EpochMs | null;
  derniere_erreur: string | null;
  /** Push only, JSON `{ ok: [ids sent], retires: [ids gone] }`: registrations a retry skips. */
  faits: Generated<string>;
  envoye_at: EpochMs | null;
  created_at: EpochMs;
}

/** The replay (`npm run replay`), one row (id 1): shown by `GET /api/replay` and the web banner (ADR 059). */
export interface RelectureTable {
  id: number;
  statut: 'en_cours' | 'termine' | 'interrompu' | 'echec';
  debut: EpochMs;
  fin: EpochMs;
  vitesse: number;
  temps_simule: EpochMs;
  demarre_at: EpochMs;
  /** Heartbeat of the replaying process. */
  maj_at: EpochMs;
  termine_at: EpochMs | null;
  lectures: Generated<number>;
  notifications: Generated<number>;
  erreur: string | null;
}

export interface Database {
  bassin: BassinTable;
  departement: DepartementTable;
  entite: EntiteTable;
  entite_departement: EntiteDepartementTable;
  troncon: TronconTable;
  lieu: LieuTable;
  capteur: CapteurTable;
  observation: ObservationTable;
  prevision: PrevisionTable;
  episode: EpisodeTable;
  archive_jour: ArchiveJourTable;
  climatologie: ClimatologieTable;
  climatologie_capteur: ClimatologieCapteurTable;
  hubeau_elab_reprise: HubeauElabRepriseTable;
  activite: ActiviteTable;
  activite_lieu: ActiviteLieuTable;
  alerte: AlerteTable;
  webcam: WebcamTable;
  photo: PhotoTable;
  page: PageTable;
  liste_sib: ListeSibTable;
  contact_message: ContactMessageTable;
  meta: MetaTable;
  user: UserTable;
  profile: ProfileTable;
  session: SessionTable;
  email_verification: EmailVerificationTable;
  password_reset: PasswordResetTable;
  abonnement: AbonnementTable;
  user_liste_sib: UserListeSibTable;
  autorisation: AutorisationTable;
  user_autorisation: UserAutorisationTable;
  push_registration: PushRegistrationTable;
  publication: PublicationTable;
  secret: SecretTable;
  ingest_job: IngestJobTable;
  meteo_cache: MeteoCacheTable;
  secheresse_zone: SecheresseZoneTable;
  lieu_secheresse: LieuSecheresseTable;
  rate_event: RateEventTable;
  alerte_regle: AlerteRegleTable;
  alerte_regle_etat: AlerteRegleEtatTable;
  notification: NotificationTable;
  notification_envoi: NotificationEnvoiTable;
  relecture: RelectureTable;
  valeur_ecartee: ValeurEcarteeTable;
  serie_hubeau: SerieHubeauTable;
  ingest_bail: IngestBailTable;
}

export type Lieu = Selectable<LieuTable>;
export type NewLieu = Insertable<LieuTable>;
export type Entite = Selectable<EntiteTable>;
export type Capteur = Selectable<CapteurTable>;
export type Observation = Selectable<ObservationTable>;
export type User = Selectable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type { ColumnType };
