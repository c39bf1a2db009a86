/**
 * `GET hydro/lieu/{id}/secheresse`: the drought restrictions (arrêtés sécheresse) of the surface-water alert zone a
 * place lies in, as VigiEau published them when Limni last asked (docs/decisions/155).
 */
import * as z from 'zod/mini';
import { NIVEAUX_SECHERESSE } from '../domain/secheresse';
import { EpochMs } from './common';

export const NiveauSecheresse = z.enum(NIVEAUX_SECHERESSE);

export const UsageRestreint = z.object({
  nom: z.string(),
  thematique: z.string(),
  /** « Interdiction », « Interdiction sauf exception », « Interdiction sur plage horaire »…, when the order says. */
  restriction: z.nullable(z.string()),
  /** The order's own words about this usage. */
  details: z.nullable(z.string()),
  /** Hours of a time-window restriction (`09:00`), when the order gives them. */
  heure_debut: z.nullable(z.string()),
  heure_fin: z.nullable(z.string()),
  /** Limni's activities (slugs) this usage concerns (`domain/secheresse.ts`). */
  activites: z.array(z.string()),
});
export type UsageRestreint = z.infer<typeof UsageRestreint>;

export const ZoneSecheresse = z.object({
  id: z.string(),
  nom: z.string(),
  /** SUP: surface water (the only kind Limni asks for). */
  type: z.string(),
  departement: z.nullable(z.string()),
  niveau: NiveauSecheresse,
  arrete: z.object({
    /** First and last days of validity (Paris days, YYYY-MM-DD); `fin` null when open-ended. */
    debut: z.nullable(z.string()),
    fin: z.nullable(z.string()),
    /** The order's PDF and that of the framework order, as published. */
    pdf: z.nullable(z.string()),
    pdf_cadre: z.nullable(z.string()),
  }),
  usages: z.array(UsageRestreint),
});
export type ZoneSecheresse = z.infer<typeof ZoneSecheresse>;

export const LieuSecheresse = z.object({
  lieu_id: z.int(),
  /**
   * `zone`: the place lies in a zone with an order in force; `aucune`: VigiEau knows no order in force there;
   * `non_couvert`: VigiEau does not cover the place's département; `inconnu`: Limni has not asked yet.
   */
  etat: z.enum(['zone', 'aucune', 'non_couvert', 'inconnu']),
  /** When VigiEau gave this answer (null when `inconnu`). */
  lu_le: z.nullable(EpochMs),
  /**
   * True for a recorded answer (the offline demo): dated, never today's situation. False for an answer Limni read
   * itself from VigiEau.
   */
  enregistrement: z.boolean(),
  /** Where the recorded answer comes from (null for a live one). */
  origine: z.nullable(z.string()),
  zone: z.nullable(ZoneSecheresse),
  source: z.object({ nom: z.string(), url: z.string() }),
});
export type LieuSecheresse = z.infer<typeof LieuSecheresse>;
