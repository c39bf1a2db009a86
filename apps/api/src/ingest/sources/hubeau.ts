/**
 * Hub'Eau — API Hydrométrie v2 (docs/requirements.md R18.1–R18.3): the station catalogue (`referentiel/stations`,
 * page + size) and real-time observations (`observations_tr`, cursor paging). Every page is parsed with a Zod
 * schema before anything is stored. Units are Hub'Eau's (H in mm, Q in l/s): `normaliseObservations` converts them.
 */
import { z } from 'zod';
import { lpsToM3s, mmToM } from '@limni/shared/domain/units';
import {
  getJson,
  isoSeconds,
  parsePayload,
  pinNextLink,
  underBase,
  UpstreamError,
  type HttpOptions,
} from '../http';
import type { ObservationToStore } from '../observation-store';

const SOURCE = "Hub'Eau" as const;
/** Hub'Eau's public API: its `next` links point there even when a mirror serves them (docs/decisions/105). */
export const HUBEAU_PUBLIC_BASE = 'https://hubeau.eaufrance.fr/api/v2/hydrometrie';

/** Hub'Eau's envelope: count, first/prev/next links (cursor or page), api_version, data. */
const envelope = <T extends z.ZodType>(row: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    first: z.string().nullish(),
    prev: z.string().nullish(),
    next: z.string().nullable(),
    api_version: z.string().optional(),
    data: z.array(row),
  });

function digits2(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : NaN;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (y: number, mo: number) =>
  mo === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : (DAYS[mo - 1] as number);

/**
 * `2026-08-27T07:27:30Z` → epoch ms without going through Date.parse (a million observations per run is possible);
 * any other writing falls back to Date.parse. NaN when unreadable (2026-02-30 included).
 */
export function parseUtcInstant(s: string): number {
  if (s.length === 20 && s[19] === 'Z' && s[10] === 'T' && s[4] === '-' && s[7] === '-' && s[13] === ':') {
    const y = digits2(s, 0) * 100 + digits2(s, 2);
    const mo = digits2(s, 5);
    const day = digits2(s, 8);
    const h = digits2(s, 11);
    const mi = digits2(s, 14);
    const se = digits2(s, 17);
    // NaN (a non-digit) fails every comparison.
    if (
      y >= 0 &&
      mo >= 1 &&
      mo <= 12 &&
      day >= 1 &&
      day <= daysIn(y, mo) &&
      h <= 23 &&
      mi <= 59 &&
      se <= 59
    ) {
      return Date.UTC(y, mo - 1, day, h, mi, se);
    }
    return NaN;
  }
  return Date.parse(s);
}

/** One real-time observation as served (v2 names; v1 used others). Unused fields are dropped. */
export const ObservationTrRow = z.object({
  /** Null on site-level rows (same value as the station row): those are dropped. */
  code_station: z.string().nullable(),
  grandeur_hydro: z.enum(['H', 'Q']),
  /**
   * UTC ISO instant, seconds may be non-zero (07:27:30Z). Read by `normaliseObservations`, which refuses the page
   * when it is not a date (a transform here would make Zod's compiled object parser several times slower).
   */
  date_obs: z.string(),
  /** mm for H, l/s for Q. */
  resultat_obs: z.number(),
  code_statut: z.number().int().nullish(),
  code_qualification_obs: z.number().int().nullish(),
});
export type ObservationTrRow = z.output<typeof ObservationTrRow>;
/** A row as served. */
export type ObservationTrInput = z.input<typeof ObservationTrRow>;
export const ObservationsTrPage = envelope(ObservationTrRow);
export type ObservationsTrPage = z.infer<typeof ObservationsTrPage>;

export const StationRow = z.object({
  code_station: z.string().min(1),
  code_site: z.string().nullish(),
  libelle_station: z.string().nullish(),
  /** Altitude of the gauge zero (m); null when unknown. */
  altitude_ref_alti_station: z.number().nullish(),
  longitude_station: z.number().nullish(),
  latitude_station: z.number().nullish(),
  en_service: z.boolean().nullish(),
  /** Sandre river code (`----0000` = la Loire) and name, often written « la Loire »; sometimes null. */
  code_cours_eau: z.string().nullish(),
  libelle_cours_eau: z.string().nullish(),
  code_departement: z.string().nullish(),
  libelle_commune: z.string().nullish(),
});
export type StationRow = z.infer<typeof StationRow>;
export const StationsPage = envelope(StationRow).extend({ last: z.string().nullish() });

export interface HubeauClientOptions extends HttpOptions {
  baseUrl: string;
  /** Awaited before each page request (pacing of the long reads, docs/decisions/091 and 092). */
  beforeRequest?: (() => Promise<void>) | undefined;
}

const url = (base: string, path: string, params: Record<string, string>) =>
  `${base.replace(/\/+$/, '')}/${path}?${new URLSearchParams(params).toString()}`;

/** Columns asked for: fewer bytes ("fields" is documented as experimental; extra columns are ignored anyway). */
export const OBS_FIELDS = [
  'code_station',
  'grandeur_hydro',
  'date_obs',
  'resultat_obs',
  'code_statut',
  'code_qualification_obs',
];
const STATION_FIELDS = [
  'code_station',
  'code_site',
  'libelle_station',
  'altitude_ref_alti_station',
  'longitude_station',
  'latitude_station',
  'en_service',
  'code_cours_eau',
  'libelle_cours_eau',
  'code_departement',
  'libelle_commune',
].join(',');

/** Maximum page sizes of the API (docs/requirements.md R18.2) and the depth cap of page-based referentials. */
export const OBS_MAX_SIZE = 20_000;
export const REFERENTIEL_MAX_SIZE = 10_000;
export const REFERENTIEL_MAX_DEPTH = 20_000;

export interface ObservationsQuery {
  /** Station codes; null = every station (one sweep of the whole network, docs/decisions/135). */
  codes: readonly string[] | null;
  grandeur: 'H' | 'Q';
  since: number;
  /** `asc` (default): a page read is a prefix of the window. `desc`: the newest readings first. */
  sort?: 'asc' | 'desc';
  size?: number;
}

export interface PageInfo {
  status: number;
  url: string;
}

/**
 * Every page of `observations_tr` for station codes (or every station) since an instant, oldest first by default
 * (`sort=asc`, so that a page read is a prefix of the window: docs/decisions/091), following `next` verbatim until
 * it is null.
 */
export function observationsTr(
  q: ObservationsQuery,
  opts: HubeauClientOptions,
): AsyncGenerator<ObservationsTrPage & PageInfo> {
  const size = q.size ?? OBS_MAX_SIZE;
  const first = url(opts.baseUrl, 'observations_tr', {
    ...(q.codes ? { code_entite: q.codes.join(',') } : {}),
    grandeur_hydro: q.grandeur,
    date_debut_obs: isoSeconds(q.since),
    sort: q.sort ?? 'asc',
    size: String(size),
    fields: OBS_FIELDS.join(','),
  });
  return cursorPages('observations_tr', ObservationsTrPage, first, size, opts);
}

/**
 * Follows a cursor paging from `first` until `next` is null. A `next` already visited (a cursor loop) stops the
 * paging with a `pagination` error after the pages read so far were yielded; so does a page count far beyond what
 * `count` announced.
 */
async function* cursorPages<T extends { count: number; next: string | null; data: unknown[] }>(
  what: string,
  schema: z.ZodType<T>,
  first: string,
  size: number,
  opts: HubeauClientOptions,
): AsyncGenerator<T & PageInfo> {
  let next: string | null = first;
  const seen = new Set<string>();
  let pages = 0;
  let maxPages = Infinity;
  while (next) {
    if (seen.has(next)) {
      throw new UpstreamError(
        SOURCE,
        'pagination',
        `boucle de pagination : la page ${next} a déjà été lue (curseur répété), lecture arrêtée après ${pages} pages`,
        false,
      );
    }
    if (pages >= maxPages) {
      throw new UpstreamError(
        SOURCE,
        'pagination',
        `pagination sans fin : ${pages} pages lues alors que count annonçait au plus ${maxPages - 2} pages`,
        false,
      );
    }
    seen.add(next);
    await opts.beforeRequest?.();
    const res = await getJson(SOURCE, next, underBase(opts));
    const page = parsePayload(SOURCE, what, schema, res.body, opts.log);
    pages++;
    if (pages === 1) {
      maxPages = Math.ceil(page.count / Math.max(1, Math.min(size, page.data.length || size))) + 2;
    }
    yield { ...page, status: res.status, url: next };
    next = page.next ? pinNextLink(SOURCE, page.next, opts.baseUrl, HUBEAU_PUBLIC_BASE) : null;
  }
}

/** The elaborated daily quantities read into the archive: daily mean flow, daily maximum instantaneous flow. */
export const ELAB_GRANDEURS = ['QmnJ', 'QIXnJ'] as const;
export type ElabGrandeur = (typeof ELAB_GRANDEURS)[number];

/** One `obs_elab` row as served (v2 names); unused fields are dropped. */
export const ObsElabRow = z.object({
  code_station: z.string().nullable(),
  /** A calendar day `YYYY-MM-DD`. */
  date_obs_elab: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** l/s for Q quantities. */
  resultat_obs_elab: z.number(),
  grandeur_hydro_elab: z.string(),
  code_statut: z.number().int().nullish(),
  code_qualification: z.number().int().nullish(),
});
export type ObsElabRow = z.output<typeof ObsElabRow>;
export const ObsElabPage = envelope(ObsElabRow);
export type ObsElabPage = z.infer<typeof ObsElabPage>;

const ELAB_FIELDS = [
  'code_station',
  'date_obs_elab',
  'resultat_obs_elab',
  'grandeur_hydro_elab',
  'code_statut',
  'code_qualification',
].join(',');

export interface ObsElabQuery {
  codes: readonly string[];
  grandeur: ElabGrandeur;
  /** First day asked (`YYYY-MM-DD`); null = from the start of the record. */
  since: string | null;
  size?: number;
}

/**
 * Every page of `obs_elab` (elaborated daily values) for station codes, sorted by station then day (the API's
 * default), from a day or from the start of the record, following `next` verbatim until it is null.
 */
export function obsElab(q: ObsElabQuery, opts: HubeauClientOptions): AsyncGenerator<ObsElabPage & PageInfo> {
  const size = q.size ?? OBS_MAX_SIZE;
  const params: Record<string, string> = {
    code_entite: q.codes.join(','),
    grandeur_hydro_elab: q.grandeur,
  };
  if (q.since) params.date_debut_obs_elab = q.since;
  params.size = String(size);
  params.fields = ELAB_FIELDS;
  return cursorPages('obs_elab', ObsElabPage, url(opts.baseUrl, 'obs_elab', params), size, opts);
}

/**
 * Every page of the station catalogue (`referentiel/stations`, page + size). The API refuses to go deeper than
 * page × size = 20,000: beyond that the catalogue is reported as truncated.
 */
export async function* stationsCatalogue(
  opts: HubeauClientOptions & { size?: number },
): AsyncGenerator<{ stations: StationRow[]; count: number; truncated: boolean }> {
  const size = Math.min(opts.size ?? REFERENTIEL_MAX_SIZE, REFERENTIEL_MAX_SIZE);
  for (let page = 1; ; page++) {
    const res = await getJson(
      SOURCE,
      url(opts.baseUrl, 'referentiel/stations', {
        format: 'json',
        page: String(page),
        size: String(size),
        fields: STATION_FIELDS,
      }),
      underBase(opts),
    );
    const body = parsePayload(SOURCE, 'referentiel/stations', StationsPage, res.body, opts.log);
    const reachable = Math.min(body.count, REFERENTIEL_MAX_DEPTH);
    const done = body.next === null || body.data.length === 0 || page * size >= reachable;
    yield { stations: body.data, count: body.count, truncated: done && body.count > REFERENTIEL_MAX_DEPTH };
    if (done) return;
  }
}

export interface NormaliseResult {
  /** In Limni's units: H in m, Q in m³/s, instant in epoch ms. */
  observations: ObservationToStore[];
  /** Site-level rows (`code_station` null) dropped: they repeat a station's row. */
  siteRows: number;
  /** Rows of a grandeur other than the one asked for. */
  otherRows: number;
  /**
   * Optional fields asked for (`fields`) that no row of a non-empty page carried at all — renamed or dropped
   * upstream: a schema warning (the stored value is kept, never replaced by nothing).
   */
  missingFields: string[];
}

/** The optional fields of a reading that every row carries (possibly as null) when the API is unchanged. */
export const OBS_OPTIONAL_FIELDS = ['code_statut', 'code_qualification_obs'] as const;

/**
 * mm → m and l/s → m³/s, UTC ISO → epoch ms; site-level duplicates dropped. An unreadable `date_obs` refuses the
 * whole page (a `schema` error, like a Zod mismatch): nothing of it is stored.
 */
export function normaliseObservations(
  rows: readonly ObservationTrRow[],
  grandeur?: 'H' | 'Q',
): NormaliseResult {
  const observations: ObservationToStore[] = [];
  let siteRows = 0;
  let otherRows = 0;
  let withStatut = 0;
  let withQualification = 0;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i] as ObservationTrRow;
    if (r.code_station === null || r.code_station === '') {
      siteRows++;
      continue;
    }
    if (grandeur && r.grandeur_hydro !== grandeur) {
      otherRows++;
      continue;
    }
    const ts = parseUtcInstant(r.date_obs);
    if (Number.isNaN(ts)) {
      throw new UpstreamError(
        SOURCE,
        'schema',
        `réponse inattendue pour observations_tr (data.${i}.date_obs : date illisible « ${r.date_obs} »)`,
        false,
      );
    }
    if (r.code_statut !== undefined) withStatut++;
    if (r.code_qualification_obs !== undefined) withQualification++;
    observations.push({
      codeStation: r.code_station,
      grandeur: r.grandeur_hydro,
      ts,
      valeur: r.grandeur_hydro === 'H' ? mmToM(r.resultat_obs) : lpsToM3s(r.resultat_obs),
      statut: r.code_statut,
      qualification: r.code_qualification_obs,
    });
  }
  const missingFields: string[] = [];
  if (observations.length > 0) {
    if (withStatut === 0) missingFields.push('code_statut');
    if (withQualification === 0) missingFields.push('code_qualification_obs');
  }
  return { observations, siteRows, otherRows, missingFields };
}
