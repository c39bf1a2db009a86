/**
 * Hub'Eau answers for the live-mode tests (docs/decisions/091, 092), served by the local upstream:
 * - `obs_elab` QmnJ of the Loing at Épisy from the fixture pages (`fixtures/hubeau/obs_elab_F439000101_QmnJ/`, real
 *   values in the recorded shape): from the start of the record the pages by cursor (the first one as 206 with its
 *   Link header), from a day the fixture days from then on in one page; any other request, the recorded empty page;
 * - `observations_tr` H of Blois: 29 days of hourly rows built from the recorded row, oldest first when asked so,
 *   in pages of `perPage` with cursors `<since>:<i>`.
 */
import { isoSeconds } from '../src/ingest/http';
import type { ObservationTrInput } from '../src/ingest/sources/hubeau';
import { fixtureJson, type UpstreamReply, type UpstreamRequest } from './upstream';

export interface ElabPage {
  count: number;
  next: string | null;
  data: Array<{ code_station: string; date_obs_elab: string; resultat_obs_elab: number }>;
  [key: string]: unknown;
}

export const LOING = 'F439000101';
export const ELAB_PAGES = [1, 2, 3, 4, 5].map((i) =>
  fixtureJson<ElabPage>(`hubeau/obs_elab_${LOING}_QmnJ/page${i}.json`),
);
export const ELAB_EMPTY = fixtureJson<ElabPage>(
  'hubeau/obs_elab_K447001001_QmnJ_depuis_2026-09-01_vide_2026-09-13.json',
);
/** Every day of the fixture pages, in m³/s (Hub'Eau serves l/s). */
export const ELAB_DAYS = ELAB_PAGES.flatMap((p) => p.data).map((r) => ({
  jour: r.date_obs_elab,
  moyenne: r.resultat_obs_elab / 1000,
}));
export const cursorOf = (link: string | null | undefined) =>
  link ? new URL(link).searchParams.get('cursor') : null;

export type Fault = (r: UpstreamRequest) => UpstreamReply | null;

/** The obs_elab answer to a request (see the module comment); `fault` may answer first. */
export function elabAnswer(r: UpstreamRequest, fault: Fault = () => null): UpstreamReply {
  const faulty = fault(r);
  if (faulty) return faulty;
  const cursor = r.query.get('cursor');
  const codes = (r.query.get('code_entite') ?? '').split(',');
  if (r.query.get('grandeur_hydro_elab') !== 'QmnJ' || !(codes.includes(LOING) || cursor)) {
    return { body: ELAB_EMPTY };
  }
  if (cursor) {
    const i = ELAB_PAGES.findIndex((p) => cursorOf(p.next) === cursor);
    return i < 0 ? { status: 400, body: { message: 'curseur inconnu' } } : { body: ELAB_PAGES[i + 1] };
  }
  const since = r.query.get('date_debut_obs_elab');
  if (since) {
    const data = ELAB_PAGES.flatMap((p) => p.data).filter((d) => d.date_obs_elab >= since);
    return { body: { ...(ELAB_PAGES[0] as ElabPage), count: data.length, prev: null, next: null, data } };
  }
  return { status: 206, body: ELAB_PAGES[0], headers: { link: `<${ELAB_PAGES[0]?.next}>; rel="next"` } };
}

export interface ObsPage {
  count: number;
  next: string | null;
  data: ObservationTrInput[];
  [key: string]: unknown;
}
export const BLOIS = 'K447001001';
export const REC_H = fixtureJson<ObsPage>('hubeau/observations_tr_K447001001_H_2026-09-13.json');
const recorded = REC_H.data[0] as ObservationTrInput;
/** The recorded Blois reading's instant: the 29 days built end there. */
export const BLOIS_END = Date.parse(recorded.date_obs);
/** 29 days of hourly Blois heights (mm) ending at the recorded instant, oldest first. */
export const BLOIS_ROWS = Array.from({ length: 29 * 24 }, (_, i) => {
  const ts = BLOIS_END - (29 * 24 - 1 - i) * 3_600_000;
  return { ...recorded, date_obs: isoSeconds(ts), resultat_obs: recorded.resultat_obs + (i % 37) - 18 };
});

export const isBloisH = (r: UpstreamRequest) =>
  (r.query.get('code_entite') ?? '').split(',').includes(BLOIS) && r.query.get('grandeur_hydro') === 'H';

/** The observations_tr answer to a request (see the module comment). */
export function observationsAnswer(r: UpstreamRequest, perPage = 100): UpstreamReply {
  const cursor = r.query.get('cursor');
  if (!isBloisH(r) && !cursor) return { body: { ...REC_H, count: 0, next: null, data: [] } };
  const since = Date.parse(r.query.get('date_debut_obs') ?? '');
  const rows = BLOIS_ROWS.filter((x) => Date.parse(x.date_obs) >= since);
  if (r.query.get('sort') !== 'asc') rows.reverse();
  const i = cursor ? Number(cursor.split(':')[1]) : 0;
  const next = (i + 1) * perPage < rows.length ? new URL(r.url) : null;
  next?.searchParams.set('cursor', `${since}:${i + 1}`);
  return {
    body: {
      ...REC_H,
      count: rows.length,
      next: next ? `https://hubeau.eaufrance.fr/api/v2/hydrometrie/observations_tr${next.search}` : null,
      data: rows.slice(i * perPage, (i + 1) * perPage),
    },
  };
}
