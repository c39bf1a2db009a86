/**
 * Vigicrues' exchange formats for expert forecasts, besides `previsions.json` (docs/decisions/095):
 * - EXPRESSO `.prv` files (`# TZ ; UTC`, `Stations;…`, `Grandeurs;…`, `IdSeries;…_basse_10|_centrale_50|_haute_90`,
 *   rows `dd-mm-yyyy HH:MM;v1;v2…`), in m and m³/s;
 * - Sandre XML `hydrometrie` 1.1 (`<Simul>` with `GrdSimul`, `DtProdSimul`, `CdStationHydro` or `CdSiteHydro`,
 *   `<Prev>` with `DtPrev`, `ResMinPrev` / `ResMoyPrev` / `ResMaxPrev` = 10 / 50 / 90 % tendencies), in the Sandre
 *   units mm and l/s, converted here to m and m³/s. Times carry no offset: Vigicrues exchanges are in UTC.
 * Both give `PrevisionSeries`: one per entity and quantity, points with min (10 %), moy (50 %) and max (90 %).
 */
import { lpsToM3s, mmToM } from '@limni/shared/domain/units';
import type { PrevisionPoint } from './vigicrues';

export interface PrevisionSeries {
  /** Station (10 characters) or site (8 characters) code. */
  code: string;
  grandeur: 'H' | 'Q';
  /** Production time of the forecast (XML `DtProdSimul`), or the last observation it starts from (`.prv` `DtDerObs`). */
  runTs: number;
  commentaire: string | null;
  points: PrevisionPoint[];
}

const TENDANCES = { basse_10: 'min', centrale_50: 'moy', haute_90: 'max' } as const;

/** `11-12-2024 07:00` (UTC) → epoch ms; NaN when malformed. */
function prvDate(s: string): number {
  const m = /^(\d{2})-(\d{2})-(\d{4}) (\d{2}):(\d{2})$/.exec(s.trim());
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4]), Number(m[5]));
}

/** Parses an EXPRESSO `.prv` file. Throws on a file without the header rows or with an unknown time zone. */
export function parsePrv(text: string): PrevisionSeries[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const tz = lines.find((l) => /^#\s*TZ\s*;/.test(l));
  if (tz && !/;\s*UTC\s*$/.test(tz)) throw new Error(`Fuseau horaire non pris en charge : ${tz}`);
  const row = (name: string) =>
    lines
      .find((l) => l.startsWith(`${name};`))
      ?.split(';')
      .slice(1);
  const stations = row('Stations');
  const grandeurs = row('Grandeurs');
  const ids = row('IdSeries');
  if (!stations || !grandeurs || !ids) {
    throw new Error('Fichier .prv sans lignes Stations / Grandeurs / IdSeries');
  }
  const derObs = lines.find((l) => l.startsWith('# DtDerObs;'))?.split(';')[1] ?? '';
  const runTs = prvDate(derObs);
  const series = new Map<string, PrevisionSeries>();
  const columns = stations.map((code, i) => {
    const grandeur = grandeurs[i] === 'H' ? 'H' : 'Q';
    const tendance = Object.entries(TENDANCES).find(([k]) => (ids[i] ?? '').endsWith(k))?.[1] ?? 'moy';
    const key = `${code}:${grandeur}`;
    if (!series.has(key)) series.set(key, { code, grandeur, runTs, commentaire: null, points: [] });
    return { key, tendance };
  });
  const byTs = new Map<string, Map<number, PrevisionPoint>>();
  for (const line of lines) {
    if (line.startsWith('#') || !/^\d{2}-\d{2}-\d{4}/.test(line)) continue;
    const [date, ...values] = line.split(';');
    const ts = prvDate(date ?? '');
    if (!Number.isFinite(ts)) continue;
    columns.forEach(({ key, tendance }, i) => {
      const v = Number(values[i]);
      if (values[i] === undefined || values[i] === '' || !Number.isFinite(v)) return;
      const points = byTs.get(key) ?? new Map<number, PrevisionPoint>();
      byTs.set(key, points);
      const p = points.get(ts) ?? { ts, min: null, moy: null, max: null };
      p[tendance] = v;
      points.set(ts, p);
    });
  }
  for (const [key, s] of series) s.points = [...(byTs.get(key)?.values() ?? [])].sort((a, b) => a.ts - b.ts);
  return [...series.values()].filter((s) => s.points.length > 0);
}

const tag = (xml: string, name: string): string | null =>
  new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1]?.trim() ?? null;

/** `2019-01-03T08:19:38` without offset: UTC. */
function xmlDate(s: string | null): number {
  if (!s) return Number.NaN;
  return Date.parse(/[zZ]|[+-]\d{2}:\d{2}$/.test(s) ? s : `${s}Z`);
}

const decodeEntities = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The reader's sentence of a Vigicrues comment, without its `{ExpertiseSimul}` markers. */
function comment(raw: string | null): string | null {
  if (!raw) return null;
  const text = decodeEntities(raw)
    .replace(/\{\/?[A-Za-z]+\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

/** Parses a Sandre XML `hydrometrie` exchange file: every `<Simul>` with its `<Prev>` points, in m and m³/s. */
export function parseSandreSimuls(xml: string): PrevisionSeries[] {
  const out: PrevisionSeries[] = [];
  for (const block of xml.match(/<Simul>[\s\S]*?<\/Simul>/g) ?? []) {
    const grandeur = tag(block, 'GrdSimul');
    if (grandeur !== 'H' && grandeur !== 'Q') continue;
    const code = tag(block, 'CdStationHydro') ?? tag(block, 'CdSiteHydro');
    const runTs = xmlDate(tag(block, 'DtProdSimul'));
    if (!code || !Number.isFinite(runTs)) continue;
    const unit = grandeur === 'H' ? mmToM : lpsToM3s;
    const num = (p: string, name: string) => {
      const v = tag(p, name);
      return v === null || v === '' || !Number.isFinite(Number(v)) ? null : unit(Number(v));
    };
    const points = (block.match(/<Prev>[\s\S]*?<\/Prev>/g) ?? [])
      .map((p) => ({
        ts: xmlDate(tag(p, 'DtPrev')),
        min: num(p, 'ResMinPrev'),
        moy: num(p, 'ResMoyPrev'),
        max: num(p, 'ResMaxPrev'),
      }))
      .filter((p) => Number.isFinite(p.ts) && (p.min !== null || p.moy !== null || p.max !== null));
    if (points.length > 0) {
      out.push({ code, grandeur, runTs, commentaire: comment(tag(block, 'ComSimul')), points });
    }
  }
  return out;
}
