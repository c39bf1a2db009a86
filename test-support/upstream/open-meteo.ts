/**
 * Open-Meteo `v1/forecast`: the recorded answer of 4 Apr 2026 (48.64° N, 2.32° E) with its local days moved to start
 * today (Europe/Paris), `current.time` the present quarter-hour, and `utc_offset_seconds` / `timezone_abbreviation`
 * those of Paris today. The requested coordinates are echoed (rounded to 2 decimals); the values stay the recorded
 * ones whatever the point.
 */
import type { Reply, RequestContext } from './core';
import { fixture } from './recordings';
import { addDays, isoZ, parisDay, parisOffsetMs } from './time';

type Json = Record<string, unknown>;
const RECORDED_DAY = '2026-04-04';

const dayDiff = (a: string, b: string) =>
  Math.round((Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / 86_400_000);

/** `2026-04-04T05:00` → the same wall time `days` later. */
const moveLocal = (local: string, days: number) => `${addDays(local.slice(0, 10), days)}${local.slice(10)}`;

export function meteo(ctx: RequestContext): Reply {
  const lat = Number(ctx.query.get('latitude'));
  const lon = Number(ctx.query.get('longitude'));
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return {
      status: 400,
      json: {
        error: true,
        reason: 'Latitude must be in range of -90 to 90°. Longitude must be in range of -180 to 180°.',
      },
    };
  }
  const doc = fixture<Json>('open-meteo/forecast_lat48.64_lon2.32_2026-04-04.json');
  const today = parisDay(ctx.now);
  const days = dayDiff(today, RECORDED_DAY);
  const offset = parisOffsetMs(ctx.now);
  doc.latitude = Math.round(lat * 100) / 100;
  doc.longitude = Math.round(lon * 100) / 100;
  doc.utc_offset_seconds = offset / 1000;
  doc.timezone_abbreviation = `GMT+${offset / 3_600_000}`;
  const hourly = doc.hourly as { time: string[] } | undefined;
  if (hourly) hourly.time = hourly.time.map((t) => moveLocal(t, days));
  const daily = doc.daily as { time: string[]; sunrise?: string[]; sunset?: string[] } | undefined;
  if (daily) {
    daily.time = daily.time.map((t) => moveLocal(t, days));
    daily.sunrise = daily.sunrise?.map((t) => moveLocal(t, days));
    daily.sunset = daily.sunset?.map((t) => moveLocal(t, days));
  }
  const current = doc.current as Json | undefined;
  if (current) {
    const quarter = Math.floor(ctx.now / 900_000) * 900_000;
    current.time = isoZ(quarter + parisOffsetMs(quarter)).slice(0, 16);
  }
  return { status: 200, json: doc };
}
