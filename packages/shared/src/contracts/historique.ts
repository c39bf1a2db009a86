/**
 * Contracts of the history API (`/api/hydro/lieu/:id/normales/:date`, `/api/hydro/lieu/:id/archive/:date/:annees`,
 * docs/decisions/087): where a day sits in the place's history — the usual range per calendar day, class, rank,
 * records, last year — and years of daily values from the archive.
 */
import * as z from 'zod/mini';
import { CLASSES } from '../domain/climatologie';
import { DayParam, Grandeur, IdParam } from './common';

export const ClasseNormale = z.enum(CLASSES);

/** Usual range of one calendar day `MM-DD` (P10…P90 of the reference period, ±7 days). */
export const BandeJour = z.object({
  mmjj: z.string(),
  p10: z.number(),
  p25: z.number(),
  p50: z.number(),
  p75: z.number(),
  p90: z.number(),
});
export type BandeJour = z.infer<typeof BandeJour>;

const ValeurJour = z.object({ valeur: z.number(), jour: z.string() });

/** The daily statistic of the archived series: the day's mean, or its maximum (docs/decisions/140). */
export const StatistiqueJour = z.enum(['moyenne', 'max']);
export type StatistiqueJour = z.infer<typeof StatistiqueJour>;

/** The highest value of each year of the archive, ranked (docs/decisions/140). */
export const MaximaAnnuels = z.object({
  /** First and last year with archived days, and how many years have some. */
  debut: z.int(),
  fin: z.int(),
  nb_annees: z.int(),
  /** The highest annual maxima, highest first (at most 5), each with its day. */
  plus_hauts: z.array(ValeurJour),
  /**
   * The highest value of the asked date's year up to that date, and its rank among the annual maxima of the years up
   * to that one (1 = highest; ties share the better rank); null when that year has no archived day yet.
   */
  annee: z.nullable(z.object({ valeur: z.number(), jour: z.string(), rang: z.int(), sur: z.int() })),
});
export type MaximaAnnuels = z.infer<typeof MaximaAnnuels>;

export const NormalesLieu = z.object({
  lieu_id: z.int(),
  date: z.string(),
  /** The sensor whose archive the band describes (the place's daily flow), null when the place has none. */
  capteur: z.nullable(
    z.object({ capteur_id: z.int(), grandeur: Grandeur, unite: z.string(), libelle: z.string() }),
  ),
  /** Which daily value the archive, band and records are of: the day's mean or its maximum. */
  statistique: StatistiqueJour,
  /** Named origin of the archived series (e.g. « airGRdatasets (INRAE)… »). */
  origine: z.nullable(z.string()),
  /** Reference period: the complete calendar years used; null with `raison` when there is no band. */
  periode: z.nullable(z.object({ debut: z.int(), fin: z.int(), nb_annees: z.int() })),
  /** Why there is no band (plain French), null when there is one. */
  raison: z.nullable(z.string()),
  /** Span of the archive (Paris days). */
  archive: z.nullable(z.object({ premier_jour: z.string(), dernier_jour: z.string(), nb_jours: z.int() })),
  records: z.object({ max: z.nullable(ValeurJour), min: z.nullable(ValeurJour) }),
  /** Annual maxima of the archive, null without one. */
  maxima_annuels: z.nullable(MaximaAnnuels),
  /** The band for each of the 366 calendar days (empty without a band). */
  bande: z.array(BandeJour),
  /** The day asked for: its daily value in the archive, class, rank among the values of that calendar day. */
  jour: z.object({
    valeur: z.nullable(z.number()),
    bande: z.nullable(BandeJour),
    classe: z.nullable(ClasseNormale),
    /** Share (%) of that calendar day's values in the reference years strictly lower than `valeur`. */
    rang: z.nullable(z.int()),
    /** How many values of that calendar day the rank is taken among. */
    nb_valeurs_jour: z.int(),
  }),
  /** Same day one year earlier (29 February → 28 February). */
  an_dernier: z.object({ jour: z.string(), valeur: z.nullable(z.number()) }),
});
export type NormalesLieu = z.infer<typeof NormalesLieu>;

export const ARCHIVE_PERIODES = ['1', '5', 'tout'] as const;
export const ArchivePeriode = z.enum(ARCHIVE_PERIODES, {
  error: 'La période doit être 1 (an), 5 (ans) ou tout',
});
export type ArchivePeriode = z.infer<typeof ArchivePeriode>;

export const LieuArchiveParams = z.object({ id: IdParam, date: DayParam, annees: ArchivePeriode });
