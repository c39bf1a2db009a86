/**
 * Which stations the upstream lists and which series each one serves: the real catalogue (`recorded`), every station
 * of it serving a borrowed recording (`france`), or the real catalogue plus made-up stations (`synthetic`). Then,
 * per request, the views of those series: what is visible now, minus the readings held back or stopped.
 */
import type { CatalogueRow, RecordedSeries, Recordings, SiteRow } from './recordings';
import type { LedgerSeries } from './ledger';
import { rangeOf, subtract, type View } from './series';

export type CatalogueOption = 'recorded' | 'france' | { synthetic: number };

export interface Feed {
  code: string;
  series: RecordedSeries[];
  /** True when the series were recorded at another station (relabelled). */
  borrowed: boolean;
}

export interface Catalogue {
  rows: CatalogueRow[];
  byCode: Map<string, CatalogueRow>;
  /** Stations serving readings, by code, in code order. */
  feeds: Map<string, Feed>;
}

/**
 * Made-up station codes: the hydrographic region's letter of the real site the station stands at (so that a client
 * can place it in its basin), then `Z` — never in a real code, whose nine other characters are digits — then 8
 * digits. A site whose code does not start with a letter gives `Z`.
 */
export const syntheticCode = (i: number, site: Pick<SiteRow, 'code_site'>) => {
  const letter = /^[A-Y]/.test(site.code_site) ? site.code_site.charAt(0) : 'Z';
  return `${letter}Z${String(i).padStart(8, '0')}`;
};

function syntheticRow(i: number, site: SiteRow): CatalogueRow {
  const code = syntheticCode(i, site);
  return {
    code_station: code,
    code_site: code.slice(0, 8),
    libelle_station: `Station fictive ${code} (coordonnées du site ${site.code_site})`,
    libelle_site: `Site fictif ${code.slice(0, 8)} — ${site.libelle_site}`,
    longitude: site.longitude,
    latitude: site.latitude,
    en_service: true,
    code_cours_eau: site.code_cours_eau,
    libelle_cours_eau: site.libelle_cours_eau,
    code_commune: site.code_commune,
    libelle_commune: site.libelle_commune,
    code_departement: site.code_departement,
    libelle_departement: site.libelle_departement,
    code_region: site.code_region,
    libelle_region: site.libelle_region,
    altitude_ref_alti_station: null,
    date_ouverture_station: null,
    date_fermeture_station: null,
  };
}

/** Real site positions for made-up stations: sites without a real station first, then every site again. */
function syntheticRows(n: number, sites: readonly SiteRow[]): CatalogueRow[] {
  const order = [...sites.filter((s) => s.vigicrues === 0), ...sites.filter((s) => s.vigicrues > 0)];
  return Array.from({ length: n }, (_, i) => syntheticRow(i + 1, order[i % order.length] as SiteRow));
}

/** Borrowed series, round-robin: every station a Garonne height, every other one also a recorded flow. */
function borrowedFeeds(codes: readonly string[], rec: Recordings): Feed[] {
  return codes.map((code, i) => {
    const series = [rec.garonne[i % rec.garonne.length] as RecordedSeries];
    if (i % 2 === 0) series.push(rec.flows[(i / 2) % rec.flows.length] as RecordedSeries);
    return { code, series, borrowed: true };
  });
}

export function buildCatalogue(option: CatalogueOption, rec: Recordings): Catalogue {
  const extra =
    typeof option === 'object'
      ? syntheticRows(Math.max(0, option.synthetic - rec.catalogue.length), rec.sites)
      : [];
  const rows = [...rec.catalogue, ...extra];
  const byCode = new Map(rows.map((r) => [r.code_station, r]));
  const own: Feed[] = [...rec.byStation].map(([code, series]) => ({ code, series, borrowed: false }));
  const others =
    option === 'recorded' ? [] : rows.map((r) => r.code_station).filter((c) => !rec.byStation.has(c));
  const feeds = [...own, ...borrowedFeeds(others, rec)].sort((a, b) => (a.code < b.code ? -1 : 1));
  return { rows, byCode, feeds: new Map(feeds.map((f) => [f.code, f])) };
}

/** What a test did to a station. Instants are upstream instants. */
export interface StationChange {
  /** Absent from referentiel/stations since `at`; with `stopObservations`, no reading from `at` on. */
  removed?: { at: number; stopObservations: boolean };
  /** `en_service: false` since `at`; with `stopObservations`, no reading from `at` on. */
  outOfService?: { at: number; stopObservations: boolean };
  /** Readings from `from` on replaced by `value` (Hub'Eau units), for one grandeur or both. */
  implausible?: { from: number; value: number; grandeur: 'H' | 'Q' | null };
}

export interface Hold {
  station: string;
  grandeur: 'H' | 'Q' | null;
  from: number;
  to: number;
}

/** A view with what a row needs besides its instant. */
export interface SeriesView extends View {
  station: string;
  /** Null for the site-level duplicate of a flow row (Hub'Eau sends one when asked by site code). */
  codeStation: string | null;
  codeSite: string;
  grandeur: 'H' | 'Q';
  values: Float64Array;
  implausible: { from: number; value: number } | null;
  /** The recorded series (for the ledger). */
  series: LedgerSeries;
}

export interface ViewQuery {
  /** Station (10) or site (8 characters) codes; null = every station serving readings. */
  codes: readonly string[] | null;
  grandeur: 'H' | 'Q' | null;
  from: number;
  to: number;
}

export interface FeedState {
  catalogue: Catalogue;
  offsets: Record<RecordedSeries['recording'], number>;
  changes: ReadonlyMap<string, StationChange>;
  holds: readonly Hold[];
}

/** The feeds a query names: station codes, site codes (their stations), or all; each with its site flag. */
function selectFeeds(st: FeedState, codes: readonly string[] | null): Array<{ feed: Feed; site: boolean }> {
  if (codes === null) return [...st.catalogue.feeds.values()].map((feed) => ({ feed, site: false }));
  const out = new Map<string, { feed: Feed; site: boolean }>();
  const sites = new Set(codes.filter((c) => c.length === 8));
  for (const c of codes) {
    const f = st.catalogue.feeds.get(c);
    if (f) out.set(c, { feed: f, site: false });
  }
  if (sites.size) {
    for (const f of st.catalogue.feeds.values()) {
      if (sites.has(f.code.slice(0, 8))) out.set(f.code, { feed: f, site: true });
    }
  }
  return [...out.values()];
}

function stopAt(change: StationChange | undefined): number {
  const a = change?.removed?.stopObservations ? change.removed.at : Infinity;
  const b = change?.outOfService?.stopObservations ? change.outOfService.at : Infinity;
  return Math.min(a, b);
}

/** The views of a query at `now`: readings up to now (and before a stop), minus held ones. */
export function viewsOf(st: FeedState, q: ViewQuery, now: number): SeriesView[] {
  const views: SeriesView[] = [];
  for (const { feed, site } of selectFeeds(st, q.codes)) {
    const change = st.changes.get(feed.code);
    const to = Math.min(q.to, now, stopAt(change) - 1);
    for (const s of feed.series) {
      if (q.grandeur !== null && s.grandeur !== q.grandeur) continue;
      const offset = st.offsets[s.recording];
      const holes = st.holds
        .filter((h) => h.station === feed.code && (h.grandeur === null || h.grandeur === s.grandeur))
        .map((h) => rangeOf(s.ts, offset, h.from, h.to));
      const segments = subtract(rangeOf(s.ts, offset, q.from, to), holes);
      const imp = change?.implausible;
      const base = {
        ts: s.ts,
        offset,
        segments,
        station: feed.code,
        codeSite: feed.code.slice(0, 8),
        grandeur: s.grandeur,
        values: s.values,
        series: { id: s.id, ts: s.ts, values: s.values, offset },
        implausible: imp && (imp.grandeur === null || imp.grandeur === s.grandeur) ? imp : null,
      };
      views.push({ ...base, key: `${feed.code}|${s.grandeur}`, codeStation: feed.code });
      if (site && s.grandeur === 'Q') {
        views.push({ ...base, key: `${feed.code}|${s.grandeur}|site`, codeStation: null });
      }
    }
  }
  return views;
}

/** The value served for row `i` of a view (Hub'Eau units). */
export function valueAt(v: SeriesView, i: number): number {
  const t = (v.ts[i] as number) + v.offset;
  return v.implausible && t >= v.implausible.from ? v.implausible.value : (v.values[i] as number);
}
