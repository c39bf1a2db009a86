/**
 * The recorded data the upstream plays, read once from the repository's own files and kept immutable (every server
 * instance shares them; what changes — shifts, faults, holds — lives on the instance). Values are kept in Hub'Eau's
 * units (H in mm, Q in l/s) and instants in the recording's original time (epoch ms, UTC).
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { parsePrv, type PrevisionSeries } from '../../apps/api/src/ingest/sources/vigicrues-exchange';

const ROOT = new URL('../../', import.meta.url);
const SEED = new URL('apps/api/seed-data/', ROOT);
/** The recorded and hand-written upstream answers of the ingestion tests. */
export const FIXTURES = new URL('apps/api/src/ingest/fixtures/', ROOT);
const OWN = new URL('recordings/', import.meta.url);

/** Which time shift applies to a recording (one constant per recording). */
export type Recording = 'garonne' | 'loire' | 'cance';

export interface RecordedSeries {
  /** e.g. `garonne:O200004001:H`. */
  id: string;
  recording: Recording;
  /** The station the values were recorded at. */
  code: string;
  grandeur: 'H' | 'Q';
  /** Original instants (epoch ms), strictly ascending. */
  ts: Float64Array;
  /** Hub'Eau units: mm for H, l/s for Q. */
  values: Float64Array;
}

export interface DailySeries {
  /** Station (10 characters) or site (8 characters) code as in `history_daily.csv.gz`. */
  code: string;
  /** `YYYY-MM-DD`, ascending. */
  days: string[];
  /** Daily mean flow in m³/s as recorded. */
  m3s: number[];
}

export interface CatalogueRow {
  code_station: string;
  code_site: string;
  libelle_station: string;
  libelle_site: string;
  longitude: number | null;
  latitude: number | null;
  en_service: boolean;
  code_cours_eau: string | null;
  libelle_cours_eau: string | null;
  code_commune: string | null;
  libelle_commune: string | null;
  code_departement: string | null;
  libelle_departement: string | null;
  code_region: string | null;
  libelle_region: string | null;
  altitude_ref_alti_station: number | null;
  date_ouverture_station: string | null;
  date_fermeture_station: string | null;
}

export interface SiteRow {
  code_site: string;
  libelle_site: string;
  longitude: number;
  latitude: number;
  code_cours_eau: string | null;
  libelle_cours_eau: string | null;
  code_commune: string | null;
  libelle_commune: string | null;
  code_departement: string | null;
  libelle_departement: string | null;
  code_region: string | null;
  libelle_region: string | null;
  /** Vigicrues stations on this site in 2021 (0: a site no real station of the catalogue sits on). */
  vigicrues: number;
}

const text = (url: URL) => {
  const buf = fs.readFileSync(url);
  return (url.pathname.endsWith('.gz') ? zlib.gunzipSync(buf) : buf).toString('utf8');
};
const csv = (url: URL) =>
  parse(text(url), { columns: true, skip_empty_lines: true, bom: true }) as Array<Record<string, string>>;
const str = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());
const num = (v: string | undefined) => {
  const s = str(v);
  if (s === null) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};

/** Sorts (ts, value) pairs and keeps one value per instant (the last one read). */
function toSeries(id: string, recording: Recording, code: string, grandeur: 'H' | 'Q', pairs: number[][]) {
  pairs.sort((a, b) => (a[0] as number) - (b[0] as number));
  const ts: number[] = [];
  const values: number[] = [];
  for (const [t, v] of pairs as Array<[number, number]>) {
    if (ts.length && ts[ts.length - 1] === t) values[values.length - 1] = v;
    else {
      ts.push(t);
      values.push(v);
    }
  }
  return { id, recording, code, grandeur, ts: Float64Array.from(ts), values: Float64Array.from(values) };
}

/** Garonne/Ariège heights, January 2022 (`garonne_H_2022-01_native.csv.gz`), mm, 5 or 15 min, UTC. */
function readGaronne(): RecordedSeries[] {
  const byCode = new Map<string, number[][]>();
  const lines = text(new URL('garonne_H_2022-01_native.csv.gz', SEED)).split('\n');
  for (let i = 1; i < lines.length; i++) {
    const [code, date, mm] = (lines[i] as string).split(',');
    if (!code || !date || mm === undefined || mm === '') continue;
    const t = Date.parse(date);
    const v = Number(mm);
    if (!Number.isFinite(t) || !Number.isFinite(v)) continue;
    let list = byCode.get(code);
    if (!list) byCode.set(code, (list = []));
    list.push([t, v]);
  }
  return [...byCode]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, pairs]) => toSeries(`garonne:${code}:H`, 'garonne', code, 'H', pairs));
}

/** The Loire's hourly flows, 11–16 Dec 2024 (HydroPortail QmnH exports, m³/s → l/s). */
function readLoire(file: string, station: string): RecordedSeries {
  const rows = csv(new URL(file, SEED));
  const pairs = rows
    .map((r) => [Date.parse(r['Date (TU)'] ?? ''), Math.round(Number(r['Valeur (en m³/s)']) * 1000)])
    .filter(([t, v]) => Number.isFinite(t) && Number.isFinite(v));
  return toSeries(`loire:${station}:Q`, 'loire', station, 'Q', pairs);
}

/** A smash `qobs` excerpt: first line `YYYYMMDDHHMM`, then one hourly m³/s value a line, negative = missing. */
export function readSmashHourly(body: string): Array<[number, number]> {
  const lines = body.split(/\r?\n/).filter((l) => l.trim() !== '');
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec((lines[0] ?? '').trim());
  if (!m) throw new Error('smash : première ligne sans horodatage YYYYMMDDHHMM');
  const t0 = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  const out: Array<[number, number]> = [];
  lines.slice(1).forEach((l, i) => {
    const v = Number(l);
    if (Number.isFinite(v) && v >= 0) out.push([t0 + i * 3_600_000, v]);
  });
  return out;
}

/** The excerpt of La Cance à Sarras copied into `recordings/` (smash, hourly, m³/s → l/s). */
export const CANCE_FILE = new URL('V3524010_2014-10-10_2014-11-09.csv', OWN);

function readCance(): RecordedSeries {
  const pairs = readSmashHourly(text(CANCE_FILE)).map(([t, v]) => [t, Math.round(v * 1000)]);
  return toSeries('cance:V352401001:Q', 'cance', 'V352401001', 'Q', pairs);
}

/** The two Loire forecast stations and their files (Digoin, Gilly-sur-Loire). */
export const LOIRE = [
  {
    station: 'K118001010',
    flows: 'loire_2024-12_K1180010_QmnH.csv.gz',
    prv: 'loire_2024-12_Prev_E_20241211_0706_20241211_0707_5159.prv.gz',
  },
  {
    station: 'K144001010',
    flows: 'loire_2024-12_K1440010_QmnH.csv.gz',
    prv: 'loire_2024-12_Prev_E_20241211_0706_20241211_0707_5166.prv.gz',
  },
] as const;

export interface Recordings {
  /** The 22 Garonne height series, by station code. */
  garonne: RecordedSeries[];
  /** Recorded flow series: Digoin, Gilly, Sarras. */
  flows: RecordedSeries[];
  /** Series per recorded station code. */
  byStation: Map<string, RecordedSeries[]>;
  /** Expert forecasts (`parsePrv`): H under the station code, Q under the site code, m and m³/s. */
  forecasts: PrevisionSeries[];
  daily: DailySeries[];
  catalogue: CatalogueRow[];
  sites: SiteRow[];
}

function readPrevisions(): PrevisionSeries[] {
  return LOIRE.flatMap((l) => parsePrv(text(new URL(l.prv, SEED))));
}

/** `history_daily.csv.gz`: code_station, jour, moyenne_m3s (derived daily means, see seed-data/SOURCES.md). */
function readDaily(): DailySeries[] {
  const by = new Map<string, DailySeries>();
  const lines = text(new URL('history_daily.csv.gz', SEED)).split('\n');
  for (let i = 1; i < lines.length; i++) {
    const [code, day, mean] = (lines[i] as string).split(',');
    if (!code || !day || !mean) continue;
    let s = by.get(code);
    if (!s) by.set(code, (s = { code, days: [], m3s: [] }));
    s.days.push(day);
    s.m3s.push(Number(mean));
  }
  for (const s of by.values()) {
    const order = s.days
      .map((_, i) => i)
      .sort((a, b) => ((s.days[a] as string) < (s.days[b] as string) ? -1 : 1));
    s.days = order.map((i) => s.days[i] as string);
    s.m3s = order.map((i) => s.m3s[i] as number);
  }
  return [...by.values()].sort((a, b) => (a.code < b.code ? -1 : 1));
}

function readSites(): SiteRow[] {
  return csv(new URL('france_sites_hubeau_2020.csv.gz', SEED))
    .filter((r) => r.coord_ok === 'true' && num(r.longitude) !== null && num(r.latitude) !== null)
    .map((r) => ({
      code_site: r.code_site ?? '',
      libelle_site: r.libelle_site ?? '',
      longitude: num(r.longitude) as number,
      latitude: num(r.latitude) as number,
      code_cours_eau: str(r.code_cours_eau),
      libelle_cours_eau: str(r.libelle_cours_eau),
      code_commune: str(r.code_commune),
      libelle_commune: str(r.libelle_commune),
      code_departement: str(r.code_departement),
      libelle_departement: str(r.libelle_departement),
      code_region: str(r.code_region),
      libelle_region: str(r.libelle_region),
      vigicrues: num(r.nb_stations_vigicrues_2021) ?? 0,
    }));
}

/** france_stations (2,060 Vigicrues stations, 2021) completed by garonne_stations (133), one row per code. */
function readCatalogue(sites: readonly SiteRow[]): CatalogueRow[] {
  const siteOf = new Map(sites.map((s) => [s.code_site, s]));
  const out = new Map<string, CatalogueRow>();
  for (const r of csv(new URL('france_stations.csv.gz', SEED))) {
    const site = siteOf.get(r.code_site ?? '');
    out.set(r.code_station ?? '', {
      code_station: r.code_station ?? '',
      code_site: r.code_site ?? '',
      libelle_station: r.libelle_station ?? '',
      libelle_site: r.libelle_site ?? '',
      longitude: num(r.longitude),
      latitude: num(r.latitude),
      // Vigicrues listed them in 2021: taken as in service.
      en_service: true,
      code_cours_eau: site?.code_cours_eau ?? null,
      libelle_cours_eau: site?.libelle_cours_eau ?? str(r.libelle_cours_eau),
      code_commune: str(r.code_commune),
      libelle_commune: str(r.libelle_commune),
      code_departement: str(r.code_departement),
      libelle_departement: str(r.libelle_departement),
      code_region: str(r.code_region),
      libelle_region: str(r.libelle_region),
      altitude_ref_alti_station: null,
      date_ouverture_station: null,
      date_fermeture_station: null,
    });
  }
  for (const r of csv(new URL('garonne_stations.csv', SEED))) {
    const code = r.code_station ?? '';
    const prev = out.get(code);
    const site = siteOf.get(r.code_site ?? '');
    out.set(code, {
      code_station: code,
      code_site: r.code_site ?? '',
      libelle_station: prev?.libelle_station ?? r.libelle_station ?? '',
      libelle_site: r.libelle_site ?? prev?.libelle_site ?? '',
      longitude: num(r.longitude) ?? prev?.longitude ?? null,
      latitude: num(r.latitude) ?? prev?.latitude ?? null,
      en_service: r.en_service === 'true',
      code_cours_eau: prev?.code_cours_eau ?? site?.code_cours_eau ?? null,
      libelle_cours_eau: str(r.libelle_cours_eau) ?? prev?.libelle_cours_eau ?? null,
      code_commune: prev?.code_commune ?? site?.code_commune ?? null,
      libelle_commune: str(r.libelle_commune) ?? prev?.libelle_commune ?? null,
      code_departement: str(r.code_departement) ?? prev?.code_departement ?? null,
      libelle_departement: str(r.libelle_departement) ?? prev?.libelle_departement ?? null,
      code_region: prev?.code_region ?? site?.code_region ?? null,
      libelle_region: prev?.libelle_region ?? site?.libelle_region ?? null,
      altitude_ref_alti_station: num(r.cote_zero_echelle_m),
      date_ouverture_station: str(r.date_ouverture_station),
      date_fermeture_station: str(r.date_fermeture_station),
    });
  }
  return [...out.values()].sort((a, b) => (a.code_station < b.code_station ? -1 : 1));
}

let cache: Recordings | null = null;

/** Every recording, read on first use (about a second) and shared afterwards. */
export function recordings(): Recordings {
  if (cache) return cache;
  const garonne = readGaronne();
  const flows = [...LOIRE.map((l) => readLoire(l.flows, l.station)), readCance()];
  const byStation = new Map<string, RecordedSeries[]>();
  for (const s of [...garonne, ...flows]) byStation.set(s.code, [...(byStation.get(s.code) ?? []), s]);
  const sites = readSites();
  cache = {
    garonne,
    flows,
    byStation,
    forecasts: readPrevisions(),
    daily: readDaily(),
    catalogue: readCatalogue(sites),
    sites,
  };
  return cache;
}

/** A fixture of `apps/api/src/ingest/fixtures/` as parsed JSON (a fresh copy each call). */
export function fixture<T = unknown>(rel: string): T {
  return JSON.parse(fs.readFileSync(new URL(rel, FIXTURES), 'utf8')) as T;
}
