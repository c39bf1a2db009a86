/**
 * Contract of the weather of a place (`GET /api/meteo/lieu/{id}`): Open-Meteo by the place's coordinates, now and
 * the next 3 days. When Open-Meteo cannot be reached (or refuses, or answers something unexpected) the answer is
 * still 200, with `etat: 'indisponible'` and a French message: the page shows it instead of an error.
 */
import * as z from 'zod/mini';
import { EpochMs, IdParam } from './common';

export const MeteoParams = z.object({ id: IdParam });

/** Who provides the data, with the attribution that CC BY 4.0 requires. */
export const MeteoSource = z.object({
  nom: z.string(),
  attribution: z.string(),
  url: z.string(),
});
export type MeteoSource = z.infer<typeof MeteoSource>;

const num = z.nullable(z.number());

export const MeteoActuel = z.object({
  ts: EpochMs,
  /** °C */
  temperature: num,
  temperature_ressentie: num,
  /** % */
  humidite: num,
  /** mm over the last interval */
  precipitation: num,
  /** km/h */
  vent: num,
  rafales: num,
  /** degrees, where the wind comes from */
  direction_vent: num,
  /** WMO weather code and its French label */
  code_meteo: z.nullable(z.int()),
  libelle: z.nullable(z.string()),
  est_jour: z.nullable(z.boolean()),
});
export type MeteoActuel = z.infer<typeof MeteoActuel>;

export const MeteoHeure = z.object({
  ts: EpochMs,
  temperature: num,
  precipitation: num,
  /** % */
  probabilite_precipitation: num,
  vent: num,
  code_meteo: z.nullable(z.int()),
  libelle: z.nullable(z.string()),
});
export type MeteoHeure = z.infer<typeof MeteoHeure>;

export const MeteoJour = z.object({
  /** Local calendar day `YYYY-MM-DD` (Europe/Paris for metropolitan places). */
  jour: z.string(),
  temperature_min: num,
  temperature_max: num,
  /** mm over the day */
  precipitation: num,
  code_meteo: z.nullable(z.int()),
  libelle: z.nullable(z.string()),
  lever: z.nullable(EpochMs),
  coucher: z.nullable(EpochMs),
});
export type MeteoJour = z.infer<typeof MeteoJour>;

export const MeteoDisponible = z.object({
  etat: z.literal('disponible'),
  lieu_id: z.int(),
  source: MeteoSource,
  /** The model grid cell that answered (not exactly the place), with its elevation in metres. */
  point: z.object({ lat: z.number(), lon: z.number(), altitude: num }),
  fuseau: z.string(),
  /** When Limni fetched the forecast (answers are cached 30 minutes). */
  mise_a_jour: EpochMs,
  unites: z.object({
    temperature: z.string(),
    precipitation: z.string(),
    vent: z.string(),
    humidite: z.string(),
  }),
  actuel: z.nullable(MeteoActuel),
  /** Hourly forecast from the current hour to 72 hours later. */
  horaire: z.array(MeteoHeure),
  /** Today and the next 3 days. */
  quotidien: z.array(MeteoJour),
});
export type MeteoDisponible = z.infer<typeof MeteoDisponible>;

export const MeteoIndisponible = z.object({
  etat: z.literal('indisponible'),
  lieu_id: z.int(),
  source: MeteoSource,
  /**
   * `injoignable`, `quota` (Open-Meteo refused: its daily limit), `reponse_invalide`, `budget` (Limni's own daily
   * budget of Open-Meteo calls is spent), `trop_de_demandes` (too many new cells asked from one address,
   * docs/decisions/104), `reseau` (the asker's network has spent its share of the daily budget, or has asked much
   * today while the budget is down to its reserve, docs/decisions/161).
   */
  raison: z.enum(['injoignable', 'quota', 'reponse_invalide', 'budget', 'trop_de_demandes', 'reseau']),
  message: z.string(),
});
export type MeteoIndisponible = z.infer<typeof MeteoIndisponible>;

export const MeteoLieuResponse = z.discriminatedUnion('etat', [MeteoDisponible, MeteoIndisponible]);
export type MeteoLieuResponse = z.infer<typeof MeteoLieuResponse>;
