/**
 * Vigicrues (docs/requirements.md R18.4–R18.6): vigilance levels per tronçon (JSON-LD "VICGeo" flux, recorded), the
 * tronçon and territory referentials, the tronçon lines (`InfoVigiCru.geojson`, shape UNCONFIRMED: parsed
 * tolerantly), forecasts (`previsions.json`) and observations (`observations.json`). Vigicrues sends H in m and
 * Q in m³/s (no conversion), numbers often as strings, and keys prefixed `vic:` — or `vic.` in some lists.
 */
import { z } from 'zod';
import { getJson, parsePayload, underBase, UpstreamError, type HttpOptions } from '../http';
import { lambert93ToWgs84, looksProjected, mapPositions } from '../geo';

const SOURCE = 'Vigicrues' as const;

export interface VigicruesClientOptions extends HttpOptions {
  baseUrl: string;
}

const base = (opts: VigicruesClientOptions) => opts.baseUrl.replace(/\/+$/, '');

/** Removes the `vic:` / `vic.` prefix of every key, at any depth (both spellings occur in the recordings). */
export function unprefix(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unprefix);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k.replace(/^vic[:.]/, '')] = unprefix(v);
  return out;
}

/** Local-looking ISO without an offset: the legacy routes send UTC (docs/requirements.md R18.6), never the server's zone. */
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * An instant as Vigicrues writes it: ISO with `Z`, `+01:00` or `+0100`, ISO without offset (read as UTC), or
 * epoch milliseconds.
 */
export const VigiInstant = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const ms = typeof v === 'number' ? v : Date.parse(NO_OFFSET.test(v) ? `${v.replace(' ', 'T')}Z` : v);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: `date illisible : ${String(v)}` });
    return z.NEVER;
  }
  return ms;
});

/** A number sent as a number or as a string ("2", "1.25"); empty → null. */
const looseNumber = z.union([z.number(), z.string(), z.null()]).transform((v, ctx) => {
  if (v === null || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v.replace(',', '.'));
  if (!Number.isFinite(n)) {
    ctx.addIssue({ code: 'custom', message: `nombre illisible : ${String(v)}` });
    return z.NEVER;
  }
  return n;
});

/** Vigilance level 1–4 (vert, jaune, orange, rouge), sent as a string. */
export const NiveauVigi = z
  .union([z.number(), z.string()])
  .transform(Number)
  .pipe(z.number().int().min(1).max(4));

const EntityRef = z.object({
  CdEntVigiCru: z.string(),
  TypEntVigiCru: z.union([z.string(), z.number()]).transform(String),
});

interface InfoNode {
  DtHrInfoVigiCru?: number | undefined;
  NivInfoVigiCru: number;
  porteSurLEntite: z.infer<typeof EntityRef>;
  estLaSyntheseDe?: InfoNode[] | undefined;
}

const InfoNode: z.ZodType<InfoNode> = z.lazy(() =>
  z.object({
    DtHrInfoVigiCru: VigiInstant.optional(),
    NivInfoVigiCru: NiveauVigi,
    porteSurLEntite: EntityRef,
    estLaSyntheseDe: z.array(InfoNode).optional(),
  }),
);

export const InfoVigiCruDoc = z.object({
  InfoVigiCru: z.object({
    RefInfoVigiCru: z.string().nullish(),
    DtHrInfoVigiCru: VigiInstant,
    NivInfoVigiCru: NiveauVigi,
    porteSurLEntite: EntityRef.optional(),
    estLaSyntheseDe: z.array(InfoNode).optional(),
  }),
});

export interface TronconLevel {
  code: string;
  niveau: number;
  territoire: string | null;
}

export interface Bulletin {
  ref: string | null;
  /** Issue time of the national bulletin. */
  ts: number;
  niveauNational: number;
  troncons: TronconLevel[];
}

/** Walks territories → tronçons (TypEntVigiCru 8) of a detailed bulletin. */
export function tronconLevels(doc: z.infer<typeof InfoVigiCruDoc>): Bulletin {
  const troncons = new Map<string, TronconLevel>();
  const walk = (nodes: InfoNode[] | undefined, territoire: string | null) => {
    for (const n of nodes ?? []) {
      const type = n.porteSurLEntite.TypEntVigiCru;
      const code = n.porteSurLEntite.CdEntVigiCru;
      if (type === '8' && code) troncons.set(code, { code, niveau: n.NivInfoVigiCru, territoire });
      walk(n.estLaSyntheseDe, type === '5' ? code : territoire);
    }
  };
  walk(doc.InfoVigiCru.estLaSyntheseDe, null);
  return {
    ref: doc.InfoVigiCru.RefInfoVigiCru || null,
    ts: doc.InfoVigiCru.DtHrInfoVigiCru,
    niveauNational: doc.InfoVigiCru.NivInfoVigiCru,
    troncons: [...troncons.values()],
  };
}

/** The national bulletin with the level of every tronçon (`TypEntVigiCru=2&mode=detail`). */
export async function bulletinNational(opts: VigicruesClientOptions): Promise<Bulletin> {
  const res = await getJson(
    SOURCE,
    `${base(opts)}/1/InfoVigiCru.jsonld/?TypEntVigiCru=2&mode=detail`,
    underBase(opts),
  );
  return tronconLevels(
    parsePayload(SOURCE, 'InfoVigiCru (national, détail)', InfoVigiCruDoc, unprefix(res.body), opts.log),
  );
}

const Entity = z.object({
  CdEntVigiCru: z.string().min(1),
  LbEntVigiCru: z.string().nullish(),
});
/** A list (or, for a single entity, an object) under `vic:<Name>`. */
const entityList = (key: string) =>
  z.object({ [key]: z.union([z.array(Entity), Entity]) }).transform((d) => {
    const v = d[key] as z.infer<typeof Entity> | Array<z.infer<typeof Entity>>;
    return (Array.isArray(v) ? v : [v]).map((e) => ({ code: e.CdEntVigiCru, nom: e.LbEntVigiCru ?? null }));
  });

export interface EntityName {
  code: string;
  nom: string | null;
}

export async function tronconsReferentiel(opts: VigicruesClientOptions): Promise<EntityName[]> {
  const res = await getJson(SOURCE, `${base(opts)}/1/TronEntVigiCru.jsonld/`, underBase(opts));
  return parsePayload(SOURCE, 'TronEntVigiCru', entityList('TronEntVigiCru'), unprefix(res.body), opts.log);
}

export async function territoiresReferentiel(opts: VigicruesClientOptions): Promise<EntityName[]> {
  const res = await getJson(SOURCE, `${base(opts)}/1/TerEntVigiCru.jsonld/`, underBase(opts));
  return parsePayload(SOURCE, 'TerEntVigiCru', entityList('TerEntVigiCru'), unprefix(res.body), opts.log);
}

// ---- InfoVigiCru.geojson (UNCONFIRMED shape: property names matched case-insensitively, CRS read or guessed).

const GeoFeature = z.object({
  properties: z.record(z.string(), z.unknown()).nullable(),
  geometry: z.object({ type: z.string(), coordinates: z.unknown() }).nullable(),
});
export const TronconsGeojson = z.object({
  type: z.literal('FeatureCollection'),
  crs: z
    .object({ properties: z.object({ name: z.string() }).partial() })
    .partial()
    .nullish(),
  features: z.array(GeoFeature),
});

export interface TronconLine {
  code: string;
  nom: string | null;
  niveau: number | null;
  territoire: string | null;
  /** GeoJSON geometry in WGS84 longitude/latitude. */
  geometry: { type: string; coordinates: unknown };
}

const pick = (props: Record<string, unknown>, ...names: string[]): unknown => {
  for (const [k, v] of Object.entries(props)) if (names.includes(k.toLowerCase())) return v;
  return undefined;
};

export function tronconLines(doc: z.infer<typeof TronconsGeojson>): {
  lines: TronconLine[];
  ignored: number;
} {
  const crs = doc.crs?.properties?.name ?? '';
  const lines: TronconLine[] = [];
  let ignored = 0;
  for (const f of doc.features) {
    const props = f.properties ?? {};
    const code = pick(props, 'cdentcru', 'cdentvigicru');
    const type = pick(props, 'typentcru', 'typentvigicru');
    if (typeof code !== 'string' || !code || !f.geometry || (type !== undefined && String(type) !== '8')) {
      ignored++;
      continue;
    }
    const projected =
      /2154|lambert/i.test(crs) || (!/crs84|4326/i.test(crs) && looksProjected(f.geometry.coordinates));
    let coordinates: unknown;
    try {
      coordinates = projected
        ? mapPositions(f.geometry.coordinates, lambert93ToWgs84)
        : mapPositions(f.geometry.coordinates, (x, y) => [x, y]);
    } catch {
      ignored++;
      continue;
    }
    const lvl = NiveauVigi.safeParse(pick(props, 'nivinfvicr', 'nivinfovigicru'));
    const nom = pick(props, 'lbentcru', 'lbentvigicru');
    const ter = pick(props, 'cdensup_1', 'cdentsup');
    lines.push({
      code,
      nom: typeof nom === 'string' && nom ? nom : null,
      niveau: lvl.success ? lvl.data : null,
      territoire: ter === undefined || ter === null || ter === '' ? null : String(ter),
      geometry: { type: f.geometry.type, coordinates },
    });
  }
  return { lines, ignored };
}

export async function tronconsGeojson(opts: VigicruesClientOptions) {
  const res = await getJson(SOURCE, `${base(opts)}/InfoVigiCru.geojson`, underBase(opts));
  return tronconLines(parsePayload(SOURCE, 'InfoVigiCru.geojson', TronconsGeojson, res.body, opts.log));
}

// ---- Forecasts: previsions.json (legacy route). "No forecast" is the normal case.

const Prev = z.object({
  DtPrev: VigiInstant,
  ResMinPrev: looseNumber.optional(),
  ResMoyPrev: looseNumber.optional(),
  ResMaxPrev: looseNumber.optional(),
});
const Simul = z.object({
  CdStationHydro: z.string().optional(),
  CdEntVigiCru: z.string().optional(),
  GrdSimul: z.string().optional(),
  DtProdSimul: VigiInstant,
  CommentSimul: z.string().nullish(),
  Prevs: z.array(Prev).nullish(),
});
const ErrorPayload = z.object({
  error_msg: z.string(),
  code: z.union([z.number(), z.string()]).optional(),
});
/** Empty Simul ("204"-like answers seen without DtProdSimul) count as no forecast. */
const EmptySimul = z.object({ Simul: z.object({ Prevs: z.array(z.unknown()).max(0).nullish() }) });
export const PrevisionsDoc = z.union([z.object({ Simul }), ErrorPayload, EmptySimul]);

export interface PrevisionPoint {
  ts: number;
  min: number | null;
  moy: number | null;
  max: number | null;
}

export type ForecastResult =
  | { kind: 'prevision'; runTs: number; commentaire: string | null; points: PrevisionPoint[] }
  | { kind: 'aucune' }
  | { kind: 'pas_station_prevision'; message: string };

export function previsionFrom(doc: z.infer<typeof PrevisionsDoc> | null): ForecastResult {
  if (doc === null) return { kind: 'aucune' };
  if ('error_msg' in doc) {
    return /pas une station de pr[ée]vision/i.test(doc.error_msg)
      ? { kind: 'pas_station_prevision', message: doc.error_msg }
      : { kind: 'aucune' };
  }
  const s = doc.Simul;
  if (!('DtProdSimul' in s) || !s.Prevs || s.Prevs.length === 0) return { kind: 'aucune' };
  const points = (s.Prevs as Array<z.infer<typeof Prev>>)
    .map((p) => ({
      ts: p.DtPrev,
      min: p.ResMinPrev ?? null,
      moy: p.ResMoyPrev ?? null,
      max: p.ResMaxPrev ?? null,
    }))
    .filter((p) => p.min !== null || p.moy !== null || p.max !== null);
  if (points.length === 0) return { kind: 'aucune' };
  return { kind: 'prevision', runTs: s.DtProdSimul, commentaire: s.CommentSimul || null, points };
}

export async function previsions(
  codeStation: string,
  grandeur: 'H' | 'Q',
  opts: VigicruesClientOptions,
): Promise<ForecastResult> {
  const q = new URLSearchParams({ CdStationHydro: codeStation, GrdSimul: grandeur, FormatDate: 'iso' });
  const res = await getJson(
    SOURCE,
    `${base(opts)}/previsions.json/index.php?${q.toString()}`,
    underBase(opts),
  );
  if (res.status === 204 || res.body === null) return { kind: 'aucune' };
  return previsionFrom(
    parsePayload(SOURCE, `previsions.json (${codeStation}, ${grandeur})`, PrevisionsDoc, res.body, opts.log),
  );
}

// ---- Observations: observations.json (legacy route), H in m and Q in m³/s already.

const ObsObject = z.object({ DtObsHydro: VigiInstant, ResObsHydro: looseNumber });
const ObsPair = z.tuple([VigiInstant, looseNumber]);
export const ObservationsDoc = z.object({
  VersionFlux: z.string().optional(),
  Serie: z.object({
    CdStationHydro: z.string(),
    GrdSerie: z.string().optional(),
    ObssHydro: z.array(z.union([ObsObject, ObsPair])),
  }),
});

export interface VigicruesObservation {
  ts: number;
  valeur: number;
}

export async function observations(
  codeStation: string,
  grandeur: 'H' | 'Q',
  opts: VigicruesClientOptions,
): Promise<VigicruesObservation[]> {
  const q = new URLSearchParams({ CdStationHydro: codeStation, GrdSerie: grandeur, FormatDate: 'iso' });
  const res = await getJson(
    SOURCE,
    `${base(opts)}/observations.json/index.php?${q.toString()}`,
    underBase(opts),
  );
  const doc = parsePayload(
    SOURCE,
    `observations.json (${codeStation}, ${grandeur})`,
    ObservationsDoc,
    res.body,
    opts.log,
  );
  if (doc.Serie.CdStationHydro !== codeStation) {
    throw new UpstreamError(
      SOURCE,
      'schema',
      `observations.json a répondu pour la station ${doc.Serie.CdStationHydro} au lieu de ${codeStation}`,
      false,
    );
  }
  const out: VigicruesObservation[] = [];
  for (const o of doc.Serie.ObssHydro) {
    const [ts, valeur] = Array.isArray(o) ? o : [o.DtObsHydro, o.ResObsHydro];
    if (valeur !== null) out.push({ ts, valeur });
  }
  return out;
}
