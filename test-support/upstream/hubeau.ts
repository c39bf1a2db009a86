/**
 * Hub'Eau hydrométrie v2 as Limni reads it: `observations_tr` (cursor paging over every station's series, at most
 * the last 30 days, rows sorted by date_obs), `obs_elab` (QmnJ daily means by station then day) and
 * `referentiel/stations` (page + size). Envelope, api_version, codes and labels copy the recorded pages of
 * `apps/api/src/ingest/fixtures/hubeau/`. Error bodies follow those seen in BRGM/hubeau issues (README).
 */
import type { Core, Reply, RequestContext } from './core';
import { valueAt, viewsOf, type SeriesView } from './feeds';
import { fixture, type CatalogueRow } from './recordings';
import { decodeCursor, encodeCursor, mergePage, viewRows, type Position } from './series';
import { isoZ, lastElabDay } from './time';

/** Hub'Eau's public API: the host its `next` links name, even when a mirror serves them. */
export const HUBEAU_PUBLIC = 'https://hubeau.eaufrance.fr/api/v2/hydrometrie';
export const HUBEAU_PATH = '/hubeau/api/v2/hydrometrie';
const DAY = 86_400_000;

interface Envelope {
  api_version?: string;
  data: Array<Record<string, unknown>>;
}
const OBS_REC = fixture<Envelope>('hubeau/observations_tr_K447001001_H_2026-09-13.json');
const ELAB_REC = fixture<Envelope>('hubeau/obs_elab_K447001001_QmnJ_sans_date_debut_2026-09-13.json');
const API_VERSION = OBS_REC.api_version ?? '2.0.1';
const OBS_CONST = OBS_REC.data[0] as Record<string, unknown>;
const ELAB_CONST = ELAB_REC.data[0] as Record<string, unknown>;

/** 500 as Hub'Eau sends it (BRGM/hubeau #83, #85, #112, #189). */
export const HUBEAU_500 = { code: 'Internal server error', message: '', field_errors: null };

/**
 * 400 in the shape of BRGM/hubeau #286 (the XML `ErrorResource` written as JSON): `code`, `message`, `field_errors`
 * as a list of `{code, message, field}`.
 */
export function hubeau400(field: string, code: string, message: string, what = 'sites'): Reply {
  return {
    status: 400,
    json: {
      code: 'InvalidRequest',
      message: `Invalid ${what} request`,
      field_errors: [{ code, message, field }],
    },
  };
}

class BadRequest extends Error {
  constructor(readonly reply: Reply) {
    super('requête refusée');
  }
}
const refuse = (field: string, code: string, message: string, what?: string): never => {
  throw new BadRequest(hubeau400(field, code, message, what));
};

/** `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm:ss` or with `Z`: UTC (Hub'Eau's doc). */
function hubeauDate(s: string, field: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?Z?$/.exec(s.trim());
  const t = m
    ? Date.UTC(
        Number(m[1]),
        Number(m[2]) - 1,
        Number(m[3]),
        Number(m[4] ?? 0),
        Number(m[5] ?? 0),
        Number(m[6] ?? 0),
      )
    : NaN;
  if (!Number.isFinite(t)) refuse(field, 'ValidateDate', `invalid date format : ${s}`);
  return t;
}

function sizeOf(q: URLSearchParams, max: number, def: number, what: string): number {
  const raw = q.get('size');
  if (raw === null || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) refuse('size', 'ValidateMin', 'size must be >= 1', what);
  if (n > max) refuse('size', 'ValidateMax', `size must be <= ${max}`, what);
  return n;
}

const codesOf = (q: URLSearchParams, name = 'code_entite') => {
  const raw = q.get(name);
  if (raw === null) return null;
  const codes = raw
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  return codes.length ? codes : null;
};

const fieldsOf = (q: URLSearchParams) => {
  const raw = q.get('fields');
  return raw
    ? new Set(
        raw
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
      )
    : null;
};

function pick(row: Record<string, unknown>, fields: Set<string> | null): Record<string, unknown> {
  if (!fields) return row;
  const out: Record<string, unknown> = {};
  for (const k in row) if (fields.has(k)) out[k] = row[k];
  return out;
}

/** The base of the links an answer carries: Hub'Eau's public host (as a mirror passes them on) or this server. */
export function linkBase(core: Core, ctx: RequestContext): string {
  return core.nextLinks === 'public' ? HUBEAU_PUBLIC : `${ctx.url.origin}${HUBEAU_PATH}`;
}

/** The request's URL under `base` with `cursor` (or `page`) set. */
export function pageLink(
  base: string,
  route: string,
  q: URLSearchParams,
  set: Record<string, string>,
): string {
  const p = new URLSearchParams(q);
  for (const [k, v] of Object.entries(set)) p.set(k, v);
  return `${base}/${route}?${p.toString()}`;
}

function cursorOf(q: URLSearchParams): Position | null {
  const c = q.get('cursor');
  if (c === null || c === '') return null;
  const p = decodeCursor(c);
  if (!p) refuse('cursor', 'ValidateCursor', 'invalid cursor');
  return p;
}

/** One observations_tr row in the recorded field order. */
function obsRow(v: SeriesView, i: number, serie: [number, number], st: CatalogueRow | undefined) {
  return {
    code_site: v.codeSite,
    code_station: v.codeStation,
    grandeur_hydro: v.grandeur,
    date_debut_serie: isoZ(serie[0]),
    date_fin_serie: isoZ(serie[1]),
    code_systeme_alti_serie: OBS_CONST.code_systeme_alti_serie,
    date_obs: isoZ((v.ts[i] as number) + v.offset),
    resultat_obs: valueAt(v, i),
    code_methode_obs: OBS_CONST.code_methode_obs,
    libelle_methode_obs: OBS_CONST.libelle_methode_obs,
    code_qualification_obs: OBS_CONST.code_qualification_obs,
    libelle_qualification_obs: OBS_CONST.libelle_qualification_obs,
    longitude: st?.longitude ?? null,
    latitude: st?.latitude ?? null,
    code_statut: OBS_CONST.code_statut,
    libelle_statut: OBS_CONST.libelle_statut,
    code_continuite: OBS_CONST.code_continuite,
    libelle_continuite: OBS_CONST.libelle_continuite,
  };
}

/** First and last served instants of a view (`date_debut_serie`, `date_fin_serie`). */
function serieBounds(v: SeriesView): [number, number] {
  const first = v.segments[0];
  const last = v.segments[v.segments.length - 1];
  if (!first || !last) return [0, 0];
  return [(v.ts[first[0]] as number) + v.offset, (v.ts[last[1] - 1] as number) + v.offset];
}

interface ObsQuery {
  codes: string[] | null;
  grandeur: 'H' | 'Q' | null;
  from: number;
  to: number;
  asc: boolean;
  size: number;
  after: Position | null;
}

/** The observations_tr parameters, refused as Hub'Eau does (a start more than a month back, size > 20,000). */
function obsQuery(q: URLSearchParams, now: number): ObsQuery {
  const g = q.get('grandeur_hydro');
  if (g !== null && g !== '' && g !== 'H' && g !== 'Q') {
    refuse('grandeur_hydro', 'ValidateEnum', 'must be H or Q');
  }
  const sort = q.get('sort') ?? 'desc';
  if (sort !== 'asc' && sort !== 'desc') refuse('sort', 'ValidateEnum', 'must be asc or desc');
  const monthBack = new Date(now);
  monthBack.setUTCMonth(monthBack.getUTCMonth() - 1);
  const debut = q.get('date_debut_obs');
  const since = debut ? hubeauDate(debut, 'date_debut_obs') : now - 30 * DAY;
  if (since < monthBack.getTime()) {
    refuse('date_debut_obs', 'ValidateDateMin', "date can't be < 1 month from now");
  }
  const fin = q.get('date_fin_obs');
  return {
    codes: codesOf(q),
    grandeur: g === 'H' || g === 'Q' ? g : null,
    // At most the last 30 days (BRGM/hubeau #286: rows older than T − 30 d are deleted).
    from: Math.max(since, now - 30 * DAY),
    to: fin ? hubeauDate(fin, 'date_fin_obs') : Infinity,
    asc: sort === 'asc',
    size: sizeOf(q, 20_000, 1000, 'sites'),
    after: cursorOf(q),
  };
}

export function observationsTr(core: Core, ctx: RequestContext): Reply {
  try {
    const o = obsQuery(ctx.query, ctx.now);
    const views = viewsOf(
      core.feedState(),
      { codes: o.codes, grandeur: o.grandeur, from: o.from, to: o.to },
      ctx.now,
    );
    const count = views.reduce((n, v) => n + viewRows(v), 0);
    const page = mergePage(views, o.asc, o.after, o.size);
    const bounds = new Map<number, [number, number]>();
    const fields = fieldsOf(ctx.query);
    const data = page.rows.map(({ view, index }) => {
      const v = views[view] as SeriesView;
      let b = bounds.get(view);
      if (!b) bounds.set(view, (b = serieBounds(v)));
      return pick(obsRow(v, index, b, core.catalogue.byCode.get(v.station)), fields);
    });
    const last = page.rows[page.rows.length - 1];
    const lastView = last ? (views[last.view] as SeriesView) : null;
    const base = linkBase(core, ctx);
    const next =
      page.more && last && lastView
        ? pageLink(base, 'observations_tr', ctx.query, {
            cursor: encodeCursor({
              ts: (lastView.ts[last.index] as number) + lastView.offset,
              key: lastView.key,
            }),
          })
        : null;
    const commit = (faulted: boolean) => {
      for (const { view, index } of page.rows) {
        const v = views[view] as SeriesView;
        if (v.codeStation === null) continue;
        core.ledger.recordObservation(v.codeStation, v.grandeur, v.series, index, valueAt(v, index), faulted);
      }
    };
    const first = pageLink(base, 'observations_tr', ctx.query, { cursor: '' });
    return {
      status: next ? 206 : 200,
      json: { count, first, prev: null, next, api_version: API_VERSION, data },
      headers: next ? { link: `<${next}>; rel="next"` } : {},
      rows: data.length,
      commit,
    };
  } catch (err) {
    if (err instanceof BadRequest) return err.reply;
    throw err;
  }
}

interface ElabPosition {
  code: string;
  day: string;
}

function elabCursor(q: URLSearchParams): ElabPosition | null {
  const c = q.get('cursor');
  if (c === null || c === '') return null;
  const p = decodeCursor(c);
  if (!p) refuse('cursor', 'ValidateCursor', 'invalid cursor', 'obs_elab');
  const [code, day] = (p as Position).key.split('|');
  return { code: code ?? '', day: day ?? '' };
}

/** A day parameter (`yyyy-MM-dd`, or a date-time of which the day is kept); null when absent. */
function dayParam(q: URLSearchParams, name: string): string | null {
  const v = q.get(name);
  if (v === null || v === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}([T ][\d:.]+Z?)?$/.test(v)) {
    refuse(name, 'ValidateDate', `invalid date format : ${v}`, 'obs_elab');
  }
  return v.slice(0, 10);
}

/** obs_elab rows in order (station, then day), from a cursor, up to `size`. */
function elabRows(core: Core, ctx: RequestContext, grandeur: string, size: number) {
  const q = ctx.query;
  const codes = codesOf(q);
  const from = dayParam(q, 'date_debut_obs_elab') ?? '0000-00-00';
  const fin = dayParam(q, 'date_fin_obs_elab');
  const last = lastElabDay(ctx.now);
  const to = fin !== null && fin < last ? fin : last;
  const after = elabCursor(q);
  const wanted = (c: string) =>
    codes === null || codes.some((x) => x === c || (x.length === 8 && c.startsWith(x)));
  const series = grandeur === 'QmnJ' ? core.daily.filter((d) => wanted(d.code)) : [];
  const out: Array<{ code: string; day: string; lps: number }> = [];
  let count = 0;
  for (const s of series) {
    for (let i = lowerDay(s.days, from); i < s.days.length && (s.days[i] as string) <= to; i++) {
      count++;
      const day = s.days[i] as string;
      if (after && (s.code < after.code || (s.code === after.code && day <= after.day))) continue;
      if (out.length < size + 1) out.push({ code: s.code, day, lps: s.lps[i] as number });
    }
  }
  return { count, rows: out.slice(0, size), more: out.length > size };
}

function lowerDay(days: readonly string[], day: string): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((days[mid] as string) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function obsElab(core: Core, ctx: RequestContext): Reply {
  try {
    const grandeur = ctx.query.get('grandeur_hydro_elab') ?? 'QmnJ';
    if (!['QmnJ', 'QIXnJ', 'QmM', 'HIXnJ', 'HIXM', 'QINnJ', 'QIXM', 'QINM'].includes(grandeur)) {
      refuse('grandeur_hydro_elab', 'ValidateEnum', `unknown grandeur_hydro_elab : ${grandeur}`, 'obs_elab');
    }
    const size = sizeOf(ctx.query, 20_000, 1000, 'obs_elab');
    const { count, rows, more } = elabRows(core, ctx, grandeur, size);
    const fields = fieldsOf(ctx.query);
    const data = rows.map((r) => {
      const st = core.catalogue.byCode.get(r.code);
      return pick(
        {
          code_site: r.code.slice(0, 8),
          code_station: r.code.length === 10 ? r.code : null,
          date_obs_elab: r.day,
          resultat_obs_elab: r.lps,
          date_prod: isoZ(core.startedAt),
          code_statut: ELAB_CONST.code_statut,
          libelle_statut: ELAB_CONST.libelle_statut,
          code_methode: ELAB_CONST.code_methode,
          libelle_methode: ELAB_CONST.libelle_methode,
          code_qualification: ELAB_CONST.code_qualification,
          libelle_qualification: ELAB_CONST.libelle_qualification,
          longitude: st?.longitude ?? null,
          latitude: st?.latitude ?? null,
          grandeur_hydro_elab: grandeur,
        },
        fields,
      );
    });
    const base = linkBase(core, ctx);
    const last = rows[rows.length - 1];
    const next =
      more && last
        ? pageLink(base, 'obs_elab', ctx.query, {
            cursor: encodeCursor({ ts: 0, key: `${last.code}|${last.day}` }),
          })
        : null;
    return {
      status: next ? 206 : 200,
      json: {
        count,
        first: pageLink(base, 'obs_elab', ctx.query, { cursor: '' }),
        prev: null,
        next,
        api_version: API_VERSION,
        data,
      },
      headers: next ? { link: `<${next}>; rel="next"` } : {},
      rows: data.length,
      commit: (faulted) => {
        for (const r of rows) core.ledger.recordElab(r.code, grandeur, r.day, r.lps, faulted);
      },
    };
  } catch (err) {
    if (err instanceof BadRequest) return err.reply;
    throw err;
  }
}

const dayTime = (d: string | null) => (d ? `${d.slice(0, 10)}T00:00:00Z` : null);

/** One referentiel/stations row in the recorded field order (fields this catalogue does not hold are null). */
function stationRow(r: CatalogueRow, enService: boolean) {
  const point = r.longitude !== null && r.latitude !== null;
  return {
    code_site: r.code_site,
    libelle_site: r.libelle_site,
    code_station: r.code_station,
    libelle_station: r.libelle_station,
    type_station: 'STD',
    coordonnee_x_station: null,
    coordonnee_y_station: null,
    code_projection: null,
    longitude_station: r.longitude,
    latitude_station: r.latitude,
    influence_locale_station: null,
    commentaire_station: null,
    altitude_ref_alti_station: r.altitude_ref_alti_station,
    code_systeme_alti_site: r.altitude_ref_alti_station === null ? null : 3,
    code_commune_station: r.code_commune,
    libelle_commune: r.libelle_commune,
    code_departement: r.code_departement,
    code_region: r.code_region,
    libelle_region: r.libelle_region,
    code_cours_eau: r.code_cours_eau,
    libelle_cours_eau: r.libelle_cours_eau,
    uri_cours_eau: r.code_cours_eau ? `http://id.eaufrance.fr/CEA/${r.code_cours_eau}` : null,
    descriptif_station: null,
    date_maj_station: null,
    date_ouverture_station: dayTime(r.date_ouverture_station),
    date_fermeture_station: dayTime(r.date_fermeture_station),
    libelle_departement: r.libelle_departement,
    en_service: enService,
    geometry: point
      ? {
          type: 'Point',
          crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } },
          coordinates: [r.longitude, r.latitude],
        }
      : null,
  };
}

/** The catalogue as served now: removed stations left out, stations set out of service flagged. */
function servedStations(core: Core, ctx: RequestContext): Array<{ row: CatalogueRow; enService: boolean }> {
  const codes = codesOf(ctx.query, 'code_station');
  const wantService = ctx.query.get('en_service');
  const out: Array<{ row: CatalogueRow; enService: boolean }> = [];
  for (const row of core.catalogue.rows) {
    const c = core.changes.get(row.code_station);
    if (c?.removed && c.removed.at <= ctx.now) continue;
    if (codes && !codes.includes(row.code_station)) continue;
    const enService = row.en_service && !(c?.outOfService && c.outOfService.at <= ctx.now);
    if (
      wantService !== null &&
      wantService !== '' &&
      enService !== (wantService === '1' || wantService === 'true')
    ) {
      continue;
    }
    out.push({ row, enService });
  }
  return out;
}

export function referentielStations(core: Core, ctx: RequestContext): Reply {
  try {
    const q = ctx.query;
    const size = sizeOf(q, 10_000, 1000, 'stations');
    const page = q.get('page') ? Number(q.get('page')) : 1;
    if (!Number.isInteger(page) || page < 1) refuse('page', 'ValidateMin', 'page must be >= 1', 'stations');
    if (page * size > 20_000) refuse('page', 'ValidateMaxDepth', 'page * size must be <= 20000', 'stations');
    const all = servedStations(core, ctx);
    const fields = fieldsOf(q);
    const data = all
      .slice((page - 1) * size, page * size)
      .map((s) => pick(stationRow(s.row, s.enService), fields));
    const pages = Math.max(1, Math.ceil(Math.min(all.length, 20_000) / size));
    const base = linkBase(core, ctx);
    const link = (p: number) =>
      pageLink(base, 'referentiel/stations', q, { page: String(p), size: String(size) });
    const next = page < pages ? link(page + 1) : null;
    return {
      status: next ? 206 : 200,
      json: {
        count: all.length,
        first: link(1),
        last: link(pages),
        prev: page > 1 ? link(page - 1) : null,
        next,
        api_version: API_VERSION,
        data,
      },
      rows: data.length,
    };
  } catch (err) {
    if (err instanceof BadRequest) return err.reply;
    throw err;
  }
}
