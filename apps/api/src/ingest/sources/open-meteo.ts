/**
 * Open-Meteo forecast by coordinates (docs/requirements.md R18.7), no key, CC BY 4.0. Times come local to the
 * point without an offset (`2026-04-04T18:45`) plus `utc_offset_seconds`: they are converted to epoch ms with that
 * offset, corrected with the IANA zone when a daylight-saving change falls inside the forecast.
 */
import { z } from 'zod';
import type { MeteoActuel, MeteoHeure, MeteoJour } from '@limni/shared/contracts/meteo';
import { libelleMeteo } from '@limni/shared/domain/meteo';
import { zoneOffsetMs } from '@limni/shared/domain/time';
import { getJson, parsePayload, underBase, type HttpOptions } from '../http';

const SOURCE = 'Open-Meteo' as const;

const CURRENT = [
  'temperature_2m',
  'relative_humidity_2m',
  'apparent_temperature',
  'precipitation',
  'weather_code',
  'wind_speed_10m',
  'wind_direction_10m',
  'wind_gusts_10m',
  'is_day',
];
const HOURLY = [
  'temperature_2m',
  'precipitation',
  'precipitation_probability',
  'weather_code',
  'wind_speed_10m',
];
const DAILY = [
  'weather_code',
  'temperature_2m_max',
  'temperature_2m_min',
  'precipitation_sum',
  'sunrise',
  'sunset',
];
/** Today and the next 3 days. */
export const FORECAST_DAYS = 4;
const HOURS_AHEAD = 72;

const LocalTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, 'heure locale attendue');
const LocalDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'jour attendu');
const Value = z.number().nullable();

const aligned = <T extends { time: unknown[] }>(block: T) =>
  Object.entries(block).every(([, v]) => !Array.isArray(v) || v.length === block.time.length);

export const MeteoPayload = z.object({
  latitude: z.number(),
  longitude: z.number(),
  elevation: z.number().nullish(),
  utc_offset_seconds: z.number().int(),
  timezone: z.string(),
  current_units: z.record(z.string(), z.string()).optional(),
  current: z.object({ time: LocalTime, interval: z.number().optional() }).catchall(Value).optional(),
  hourly_units: z.record(z.string(), z.string()).optional(),
  hourly: z
    .object({ time: z.array(LocalTime) })
    .catchall(z.array(Value))
    .refine(aligned, 'séries horaires de longueurs différentes')
    .optional(),
  daily_units: z.record(z.string(), z.string()).optional(),
  daily: z
    .object({ time: z.array(LocalDay) })
    .catchall(z.array(z.union([z.number(), z.string(), z.null()])))
    .refine(aligned, 'séries quotidiennes de longueurs différentes')
    .optional(),
});
export type MeteoPayload = z.infer<typeof MeteoPayload>;

export interface OpenMeteoOptions extends HttpOptions {
  baseUrl: string;
}

export function meteoUrl(baseUrl: string, lat: number, lon: number): string {
  const q = new URLSearchParams({
    latitude: String(lat),
    longitude: String(lon),
    current: CURRENT.join(','),
    hourly: HOURLY.join(','),
    daily: DAILY.join(','),
    timezone: 'auto',
    forecast_days: String(FORECAST_DAYS),
  });
  return `${baseUrl.replace(/\/+$/, '')}/forecast?${q.toString()}`;
}

export async function fetchMeteo(lat: number, lon: number, opts: OpenMeteoOptions): Promise<MeteoPayload> {
  const res = await getJson(SOURCE, meteoUrl(opts.baseUrl, lat, lon), underBase(opts));
  return parsePayload(SOURCE, 'forecast', MeteoPayload, res.body, opts.log);
}

/** Local wall time of the payload → epoch ms: `utc_offset_seconds`, corrected by the zone across a DST change. */
export function localToUtc(local: string, offsetSeconds: number, zone: string): number {
  const wall = Date.parse(`${local.length === 16 ? `${local}:00` : local}Z`);
  const guess = wall - offsetSeconds * 1000;
  let actual: number;
  try {
    actual = zoneOffsetMs(guess, zone);
  } catch {
    // A zone this runtime does not know: the payload's own offset is all there is.
    return guess;
  }
  return actual === offsetSeconds * 1000 ? guess : wall - actual;
}

export interface NormalisedMeteo {
  point: { lat: number; lon: number; altitude: number | null };
  fuseau: string;
  unites: { temperature: string; precipitation: string; vent: string; humidite: string };
  actuel: MeteoActuel | null;
  horaire: MeteoHeure[];
  quotidien: MeteoJour[];
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const int = (v: unknown): number | null => {
  const n = num(v);
  return n === null ? null : Math.round(n);
};

/** From the payload to the contract's shape: now, hourly to +72 h, today and the next 3 days. */
export function normaliseMeteo(p: MeteoPayload): NormalisedMeteo {
  const toUtc = (local: string) => localToUtc(local, p.utc_offset_seconds, p.timezone);
  const c = p.current;
  const actuel: MeteoActuel | null = c
    ? {
        ts: toUtc(c.time),
        temperature: num(c.temperature_2m),
        temperature_ressentie: num(c.apparent_temperature),
        humidite: num(c.relative_humidity_2m),
        precipitation: num(c.precipitation),
        vent: num(c.wind_speed_10m),
        rafales: num(c.wind_gusts_10m),
        direction_vent: num(c.wind_direction_10m),
        code_meteo: int(c.weather_code),
        libelle: libelleMeteo(int(c.weather_code)),
        est_jour: c.is_day === undefined || c.is_day === null ? null : c.is_day === 1,
      }
    : null;

  // "Now" is the model's current time (robust to a skewed server clock); without it, the first hour.
  const nowLocal = c?.time ?? p.hourly?.time[0] ?? p.daily?.time[0] ?? '';
  const hourStart = nowLocal.slice(0, 13);
  const today = nowLocal.slice(0, 10);
  const h = p.hourly;
  const horaire: MeteoHeure[] = [];
  if (h) {
    const first = h.time.findIndex((t) => t.slice(0, 13) >= hourStart);
    for (let i = Math.max(0, first); i >= 0 && i < h.time.length && horaire.length <= HOURS_AHEAD; i++) {
      const code = int(h.weather_code?.[i]);
      horaire.push({
        ts: toUtc(h.time[i] as string),
        temperature: num(h.temperature_2m?.[i]),
        precipitation: num(h.precipitation?.[i]),
        probabilite_precipitation: num(h.precipitation_probability?.[i]),
        vent: num(h.wind_speed_10m?.[i]),
        code_meteo: code,
        libelle: libelleMeteo(code),
      });
    }
  }

  const quotidien: MeteoJour[] = [];
  const d = p.daily;
  if (d) {
    for (let i = 0; i < d.time.length; i++) {
      const jour = d.time[i] as string;
      if (jour < today || quotidien.length >= FORECAST_DAYS) continue;
      const code = int(d.weather_code?.[i]);
      const sunrise = d.sunrise?.[i];
      const sunset = d.sunset?.[i];
      quotidien.push({
        jour,
        temperature_min: num(d.temperature_2m_min?.[i]),
        temperature_max: num(d.temperature_2m_max?.[i]),
        precipitation: num(d.precipitation_sum?.[i]),
        code_meteo: code,
        libelle: libelleMeteo(code),
        lever: typeof sunrise === 'string' && sunrise.length >= 16 ? toUtc(sunrise) : null,
        coucher: typeof sunset === 'string' && sunset.length >= 16 ? toUtc(sunset) : null,
      });
    }
  } else if (h) {
    // No daily block: the days are summarised from the hourly series (min/max temperature, total rain).
    const days = new Map<string, number[]>();
    h.time.forEach((t, i) => {
      const jour = t.slice(0, 10);
      if (jour >= today) days.set(jour, [...(days.get(jour) ?? []), i]);
    });
    for (const [jour, idx] of [...days].slice(0, FORECAST_DAYS)) {
      const temps = idx.map((i) => num(h.temperature_2m?.[i])).filter((v): v is number => v !== null);
      const rain = idx.map((i) => num(h.precipitation?.[i])).filter((v): v is number => v !== null);
      const codes = idx.map((i) => int(h.weather_code?.[i])).filter((v): v is number => v !== null);
      const code = codes.length ? Math.max(...codes) : null;
      quotidien.push({
        jour,
        temperature_min: temps.length ? Math.min(...temps) : null,
        temperature_max: temps.length ? Math.max(...temps) : null,
        precipitation: rain.length ? Math.round(rain.reduce((a, b) => a + b, 0) * 100) / 100 : null,
        code_meteo: code,
        libelle: libelleMeteo(code),
        lever: null,
        coucher: null,
      });
    }
  }

  const units = { ...p.hourly_units, ...p.current_units };
  return {
    point: { lat: p.latitude, lon: p.longitude, altitude: p.elevation ?? null },
    fuseau: p.timezone,
    unites: {
      temperature: units.temperature_2m ?? '°C',
      precipitation: units.precipitation ?? 'mm',
      vent: units.wind_speed_10m ?? 'km/h',
      humidite: units.relative_humidity_2m ?? '%',
    },
    actuel,
    horaire,
    quotidien,
  };
}
