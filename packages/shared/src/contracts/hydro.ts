/** Contracts of the hydrology data API (`/api/hydro/*`). */
import * as z from 'zod/mini';
import { FRAICHEURS, TENDANCES } from '../domain/trend';
import { EpochMs, Grandeur } from './common';

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
  /** Places with at least one reading. */
  nb_lieux_mesures: z.int(),
  /** Highest vigilance level among the entity's tronçons, null when none is known. */
  vigilance: z.nullable(NiveauVigilance),
  /** Time of the latest reading of any of its places. */
  derniere_mesure: z.nullable(EpochMs),
});
export type IndexItem = z.infer<typeof IndexItem>;
export const IndexResponse = z.array(IndexItem);

/** National vigilance summary: how many tronçons at each level, and when the levels were published. */
export const VigilanceResume = z.object({
  /** Publication time of the most recent level, null when no level is known. */
  date: z.nullable(EpochMs),
  niveaux: z.object({ vert: z.int(), jaune: z.int(), orange: z.int(), rouge: z.int() }),
  troncons: z.array(z.object({ id: z.int(), code: z.string(), nom: z.string(), niveau: NiveauVigilance })),
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
});
export type EtatCapteur = z.infer<typeof EtatCapteur>;
