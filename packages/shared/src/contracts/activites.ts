/**
 * Contracts of the activities API (`/api/activites/*`): the six activities, where each is practised (docs/requirements.md R5.3
 * `activiteTroncons`), and the verdict of a place for an activity at a date (docs/decisions/015 and 016).
 * Thresholds are indicative: every answer that carries them says so (`indicatif`, `avertissement`).
 */
import * as z from 'zod/mini';
import { VERDICTS } from '../domain/verdict';
import { DayParam, EpochMs, Grandeur, IdParam } from './common';
import { EntiteType, Fraicheur, NiveauVigilance } from './hydro';

export const Verdict = z.enum(VERDICTS);
export type Verdict = z.infer<typeof Verdict>;

export const Activite = z.object({
  id: z.int(),
  /** baignade, peche, canoe-kayak, voile, aviron, stand-up-paddle */
  slug: z.string(),
  nom: z.string(),
  /** Icon name used by the web app. */
  icone: z.string(),
  description: z.string(),
});
export type Activite = z.infer<typeof Activite>;

export const ActiviteResume = z.extend(Activite, {
  /** Places with thresholds for this activity. */
  nb_lieux: z.int(),
  nb_entites: z.int(),
});
export type ActiviteResume = z.infer<typeof ActiviteResume>;
export const ActivitesResponse = z.array(ActiviteResume);

/**
 * What a threshold rests on (docs/decisions/141): `reference` a published one, `archive` percentiles (`centile_bas`,
 * `centile_haut`) of the place's daily values (`statistique`: daily means or maxima) over complete years
 * `annee_debut`–`annee_fin`, `historique_insuffisant` none: not enough history for an opinion (both bounds null).
 */
export const FondementSeuil = z.object({
  kind: z.enum(['reference', 'archive', 'historique_insuffisant']),
  annee_debut: z.nullable(z.int()),
  annee_fin: z.nullable(z.int()),
  statistique: z.nullable(z.enum(['moyenne', 'max'])),
  centile_bas: z.nullable(z.int()),
  centile_haut: z.nullable(z.int()),
});
export type FondementSeuil = z.infer<typeof FondementSeuil>;

/** Bounds of an activity at a place for one quantity; a null bound means "no limit on that side". */
export const SeuilActivite = z.object({
  grandeur: Grandeur,
  unite: z.string(),
  seuil_bas: z.nullable(z.number()),
  seuil_haut: z.nullable(z.number()),
  /** How the thresholds were chosen and what they mean here. */
  texte: z.nullable(z.string()),
  /** True for thresholds computed by Limni (not official). */
  indicatif: z.boolean(),
  /** What the bounds rest on. */
  fondement: z.optional(z.nullable(FondementSeuil)),
});
export type SeuilActivite = z.infer<typeof SeuilActivite>;

export const LieuActivite = z.object({
  id: z.int(),
  nom: z.string(),
  libelle: z.string(),
  entite_id: z.int(),
  troncon_id: z.nullable(z.int()),
  lat_gps: z.number(),
  lon_gps: z.number(),
  station_mesure_ok: z.boolean(),
  seuils: z.array(SeuilActivite),
});
export type LieuActivite = z.infer<typeof LieuActivite>;

/** `GET activites/type-{ida}`: the activity with the entities, tronçons and places where it is practised. */
export const ActiviteDetail = z.extend(Activite, {
  /** True when any threshold shown is indicative. */
  indicatif: z.boolean(),
  avertissement: z.string(),
  entites: z.array(
    z.object({
      id: z.int(),
      nom: z.string(),
      type: EntiteType,
      bassin: z.string(),
      /** Places of this entity where the activity has thresholds. */
      lieux: z.array(z.int()),
    }),
  ),
  troncons: z.array(
    z.object({
      id: z.int(),
      code: z.string(),
      nom: z.string(),
      entite_id: z.nullable(z.int()),
      niveau: z.nullable(NiveauVigilance),
      niveau_ts: z.nullable(EpochMs),
      lieux: z.array(z.int()),
    }),
  ),
  lieux: z.array(LieuActivite),
});
export type ActiviteDetail = z.infer<typeof ActiviteDetail>;

export const ActiviteRef = z.object({ id: z.int(), slug: z.string(), nom: z.string(), icone: z.string() });

export const LieuVerdictRef = z.object({
  id: z.int(),
  nom: z.string(),
  libelle: z.string(),
  entite_id: z.int(),
  troncon_id: z.nullable(z.int()),
  station_mesure_ok: z.boolean(),
});

/** The observation a verdict rests on (the JSON field `mesure`). */
export const ObservationVerdict = z.object({
  capteur_id: z.int(),
  grandeur: Grandeur,
  unite: z.string(),
  valeur: z.number(),
  ts: EpochMs,
  /** The sensor's step in minutes: 1440 and more, `ts` stands for a day (a daily mean), not an instant. */
  pas_min: z.nullable(z.int()),
  fraicheur: Fraicheur,
});
export type ObservationVerdict = z.infer<typeof ObservationVerdict>;

/** The highest Vigicrues level in force on the place's tronçon during the day, up to the reference instant. */
export const VigilanceVerdict = z.object({
  troncon_id: z.int(),
  code: z.string(),
  nom: z.string(),
  niveau: NiveauVigilance,
  /** When that level was published. */
  ts: EpochMs,
});
export type VigilanceVerdict = z.infer<typeof VigilanceVerdict>;

/** The verdict itself: shared by the per-day, per-place and per-entity answers. */
const verdictShape = {
  /** "trop bas", "praticable", "trop haut", "déconseillé" or "inconnu". */
  verdict: Verdict,
  /** Why, in one French sentence. */
  raison: z.string(),
  mesure: z.nullable(ObservationVerdict),
  vigilance: z.nullable(VigilanceVerdict),
  /** What the thresholds the verdict rests on rest on; `historique_insuffisant`: no opinion (ADR 141). */
  fondement: z.optional(z.nullable(FondementSeuil)),
};

/** A verdict for one day: the situation at the end of that day, or at the data "now" for the current day. */
export const VerdictJour = z.object({
  /** Europe/Paris calendar day. */
  date: z.string(),
  /** The reference instant (end of the day, or the data "now"). */
  instant: EpochMs,
  ...verdictShape,
});
export type VerdictJour = z.infer<typeof VerdictJour>;

/** Which activity at which place, with its thresholds, said to be indicative. */
const lieuActiviteShape = {
  activite: ActiviteRef,
  lieu: LieuVerdictRef,
  seuils: z.array(SeuilActivite),
  indicatif: z.boolean(),
  avertissement: z.string(),
};

/** `GET activites/type-{ida}/lieu-{idl}` and `…/{date}`. */
export const VerdictLieu = z.extend(VerdictJour, lieuActiviteShape);
export type VerdictLieu = z.infer<typeof VerdictLieu>;

/** `GET activites/type-{ida}/lieu-{idl}/7j/{date}`: one verdict per day, oldest first, the 7th is `date`. */
export const VerdictLieu7j = z.object({ ...lieuActiviteShape, jours: z.array(VerdictJour) });
export type VerdictLieu7j = z.infer<typeof VerdictLieu7j>;

/** `GET activites/type-{ida}/entite-{id}/{date}`: the verdict of every place of the entity. */
export const VerdictEntite = z.object({
  activite: ActiviteRef,
  entite: z.object({ id: z.int(), nom: z.string(), type: EntiteType }),
  date: z.string(),
  instant: EpochMs,
  indicatif: z.boolean(),
  avertissement: z.string(),
  /** Places upstream → downstream when known, then by name. */
  lieux: z.array(z.object({ lieu: LieuVerdictRef, seuils: z.array(SeuilActivite), ...verdictShape })),
});
export type VerdictEntite = z.infer<typeof VerdictEntite>;

// Path parameters.
export const ActiviteParams = z.object({ ida: IdParam });
export const ActiviteLieuParams = z.object({ ida: IdParam, idl: IdParam });
export const ActiviteLieuDateParams = z.object({ ida: IdParam, idl: IdParam, date: DayParam });
export const ActiviteEntiteParams = z.object({ ida: IdParam, id: IdParam });
export const ActiviteEntiteDateParams = z.object({ ida: IdParam, id: IdParam, date: DayParam });
