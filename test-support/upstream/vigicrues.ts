/**
 * Vigicrues: the recorded national bulletin of 24 Jan 2021 re-issued at the upstream's clock (levels set by tests),
 * the recorded tronçon and territory referentials, the hand-written tronçon lines, the real Loire expert forecasts
 * of 11 Dec 2024 (shifted) and observations from the same series as Hub'Eau (m, m³/s).
 */
import type { Core, Reply, RequestContext } from './core';
import { valueAt, viewsOf, type SeriesView } from './feeds';
import { fixture } from './recordings';
import { isoParis, isoUtcOffset } from './time';

type Json = Record<string, unknown>;

const BULLETIN = fixture<Json>('vigicrues/InfoVigiCru_TypEntVigiCru2_detail.json');
const INFO = BULLETIN['vic:InfoVigiCru'] as Json;
/** Issue time of the recorded bulletin (2021-01-24T08:16:03+0100). */
const RECORDED_ISSUE = Date.parse(
  String(INFO['vic:DtHrInfoVigiCru']).replace(/([+-]\d{2})(\d{2})$/, '$1:$2'),
);
const PAS_STATION = fixture<Json>('vigicrues/hand-written/previsions_pas_station_de_prevision.json');

const children = (n: Json) => (n['vic:estLaSyntheseDe'] as Json[] | undefined) ?? [];
const entity = (n: Json) => n['vic:porteSurLEntite'] as Json;
const code = (n: Json) => String(entity(n)['vic:CdEntVigiCru']);
const type = (n: Json) => String(entity(n)['vic:TypEntVigiCru']);

/** Every tronçon's level in the recorded bulletin. */
export const RECORDED_LEVELS: ReadonlyMap<string, number> = new Map(
  children(INFO).flatMap((t) =>
    children(t)
      .filter((n) => type(n) === '8')
      .map((n) => [code(n), Number(n['vic:NivInfoVigiCru'])] as [string, number]),
  ),
);

export interface BulletinState {
  issuedAt: number;
  levels: ReadonlyMap<string, number>;
}

/** The bulletin in force: issue time and overrides, or those of a future bulletin fault. */
export function bulletinState(core: Core, ctx: RequestContext): BulletinState {
  const f = ctx.fault;
  if (f?.kind === 'futureBulletin') {
    const levels = new Map(core.vigilance.levels);
    levels.set(f.troncon ?? 'MP6', f.niveau ?? 3);
    return { issuedAt: Math.floor((ctx.now + (f.aheadMs ?? 5.4 * 3_600_000)) / 1000) * 1000, levels };
  }
  return core.vigilance;
}

/** Levels set on tronçons, then each parent at the highest level of its children (as in the recordings). */
function applyLevels(node: Json, levels: ReadonlyMap<string, number>, moved: (n: Json) => void): number {
  const kids = children(node);
  let level = Number(node['vic:NivInfoVigiCru']);
  if (type(node) === '8' && levels.has(code(node))) {
    level = levels.get(code(node)) as number;
    moved(node);
  }
  if (kids.length) level = Math.max(...kids.map((k) => applyLevels(k, levels, moved)));
  node['vic:NivInfoVigiCru'] = String(level);
  return level;
}

function shiftField(n: Json, key: string, delta: number, write: (ms: number) => string) {
  const v = n[key];
  if (typeof v !== 'string' || v === '') return;
  const t = Date.parse(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isFinite(t)) n[key] = write(t + delta);
}

/** `InfoVigiCru.jsonld/?TypEntVigiCru=2&mode=detail`: the recorded bulletin, re-dated and with the levels in force. */
export function infoVigiCru(core: Core, ctx: RequestContext): Reply {
  if ((ctx.query.get('TypEntVigiCru') ?? '2') !== '2') {
    return {
      status: 404,
      json: { error_msg: 'Seul le bulletin national (TypEntVigiCru=2) est servi ici', code: 404 },
    };
  }
  const st = bulletinState(core, ctx);
  const doc = structuredClone(BULLETIN);
  const info = doc['vic:InfoVigiCru'] as Json;
  const delta = st.issuedAt - RECORDED_ISSUE;
  const territories = children(info);
  for (const t of territories) {
    shiftField(t, 'vic:DtHrInfoVigiCru', delta, isoUtcOffset);
    applyLevels(t, st.levels, () => (t['vic:DtHrInfoVigiCru'] = isoUtcOffset(st.issuedAt)));
  }
  info['vic:NivInfoVigiCru'] = String(
    Math.max(1, ...territories.map((t) => Number(t['vic:NivInfoVigiCru']))),
  );
  info['vic:DtHrInfoVigiCru'] = isoParis(st.issuedAt);
  shiftField(info, 'vic:DtHrSuivInfoVigiCru', delta, (ms) => isoParis(ms));
  const p = isoParis(st.issuedAt);
  info['vic:RefInfoVigiCru'] = `${p.slice(8, 10)}${p.slice(5, 7)}${p.slice(0, 4)}_${p.slice(11, 13)}`;
  shiftField(doc['mat:Scenario'] as Json, 'DateHeureCreationFichier', delta, isoUtcOffset);
  if (ctx.query.get('mode') !== 'detail') delete info['vic:estLaSyntheseDe'];
  return { status: 200, json: doc, contentType: 'application/ld+json; charset=utf-8' };
}

/** `InfoVigiCru.geojson`: the hand-written lines with the levels of the bulletin in force. */
export function infoVigiCruGeojson(core: Core, ctx: RequestContext): Reply {
  const doc = fixture<{ features: Array<{ properties: Json | null }> }>(
    'vigicrues/hand-written/InfoVigiCru.geojson',
  );
  const levels = new Map([...RECORDED_LEVELS, ...bulletinState(core, ctx).levels]);
  for (const f of doc.features) {
    const props = f.properties ?? {};
    const codeKey = Object.keys(props).find((k) => k.toLowerCase() === 'cdentcru');
    const levelKey = Object.keys(props).find((k) => k.toLowerCase() === 'nivinfvicr');
    const level = codeKey ? levels.get(String(props[codeKey])) : undefined;
    if (level !== undefined && levelKey) {
      props[levelKey] = typeof props[levelKey] === 'string' ? String(level) : level;
    }
  }
  return { status: 200, json: doc, contentType: 'application/geo+json; charset=utf-8' };
}

/** `TronEntVigiCru.jsonld/` and `TerEntVigiCru.jsonld/`: recorded; one entity by code when asked. */
export function referentiel(kind: 'Tron' | 'Ter', ctx: RequestContext): Reply {
  const wanted = ctx.query.get('CdEntVigiCru');
  if (kind === 'Tron' && wanted === 'AP1') {
    return { status: 200, json: fixture('vigicrues/TronEntVigiCru_CdEntVigiCruAP1.json') };
  }
  if (kind === 'Ter' && wanted === '25') {
    return { status: 200, json: fixture('vigicrues/TerEntVigiCru_CdEntVigiCru25.json') };
  }
  const doc = fixture<Json>(`vigicrues/${kind}EntVigiCru.json`);
  if (wanted) {
    const list = doc[`vic:${kind}EntVigiCru`] as Json[];
    const one = list.filter((e) => e['vic:CdEntVigiCru'] === wanted);
    doc[`count_${kind}EntVigiCru`] = one.length;
    doc[`vic:${kind}EntVigiCru`] = one.length === 1 ? one[0] : one;
  }
  return { status: 200, json: doc, contentType: 'application/ld+json; charset=utf-8' };
}

const stationName = (core: Core, c: string) => core.catalogue.byCode.get(c)?.libelle_station ?? c;
const link = (c: string) => `https://www.vigicrues.gouv.fr/niv3-station.php?CdStationHydro=${c}`;

/** `previsions.json/index.php`: the Loire expert forecasts (H under the station code, Q under its site's). */
export function previsions(core: Core, ctx: RequestContext): Reply {
  const c = ctx.query.get('CdStationHydro') ?? '';
  const g = ctx.query.get('GrdSimul') ?? ctx.query.get('GrdSerie') ?? 'H';
  const iso = ctx.query.get('FormatDate') === 'iso';
  const s = core.rec.forecasts.find(
    (f) => f.grandeur === g && (f.code === c || (c.length === 10 && f.code === c.slice(0, 8))),
  );
  if (!s) return { status: 200, json: PAS_STATION };
  const shift = core.shifts.loire.offsetMs;
  const when = (t: number) => (iso ? isoUtcOffset(t + shift) : t + shift);
  return {
    status: 200,
    json: {
      VersionFlux: 'Beta 0.4',
      Simul: {
        CdStationHydro: c,
        LbStationHydro: stationName(core, c),
        Link: link(c),
        GrdSimul: g,
        DtProdSimul: when(s.runTs),
        CommentSimul: '',
        Prevs: s.points.map((p) => ({
          DtPrev: when(p.ts),
          ResMinPrev: p.min,
          ResMoyPrev: p.moy,
          ResMaxPrev: p.max,
        })),
      },
    },
  };
}

/** `observations.json/index.php`: the station's series of the last 60 days, in m or m³/s. */
export function observations(core: Core, ctx: RequestContext): Reply {
  const c = ctx.query.get('CdStationHydro') ?? '';
  const g = ctx.query.get('GrdSerie') === 'Q' ? 'Q' : 'H';
  const iso = ctx.query.get('FormatDate') === 'iso';
  const simple = ctx.query.get('FormatSortie') === 'simple';
  const views = viewsOf(
    core.feedState(),
    { codes: [c], grandeur: g, from: ctx.now - 60 * 86_400_000, to: Infinity },
    ctx.now,
  );
  const obs: unknown[] = [];
  for (const v of views as SeriesView[]) {
    if (v.codeStation === null) continue;
    for (const [a, b] of v.segments) {
      for (let i = a; i < b; i++) {
        const t = (v.ts[i] as number) + v.offset;
        const value = Math.round(valueAt(v, i) * 1000) / 1_000_000;
        const when = iso ? isoUtcOffset(t) : t;
        obs.push(simple ? [when, value] : { DtObsHydro: when, ResObsHydro: value });
      }
    }
  }
  return {
    status: 200,
    json: {
      VersionFlux: 'Beta 0.4',
      Serie: {
        CdStationHydro: c,
        LbStationHydro: stationName(core, c),
        Link: link(c),
        GrdSerie: g,
        ObssHydro: obs,
      },
    },
    rows: obs.length,
  };
}
