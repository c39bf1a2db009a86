/**
 * The exchange-format adapters on the real files of evalhyd-vigicrues (fixtures/vigicrues/expertise, PROVENANCE.md):
 * the EXPRESSO `.prv` of the 11 December 2024 Loire forecast and the Sandre XML of 3 January 2019. Expected values
 * are read from the files here with plain string operations, never copied.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parsePrv, parseSandreSimuls } from './sources/vigicrues-exchange';

const fixture = (name: string) =>
  zlib
    .gunzipSync(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/vigicrues/expertise', `${name}.gz`)))
    .toString('utf8');

const PRV_DIGOIN = 'Prev_E_20241211_0706_20241211_0707_5159.prv';
const PRV_GILLY = 'Prev_E_20241211_0706_20241211_0707_5166.prv';
const XML = 'Prev_E_20190103_0819_20190103_0913.xml';

/** The file's data rows as [Date.UTC, numbers…] and its header rows, by plain splitting. */
function rawPrv(text: string) {
  const lines = text.split('\n');
  const header = (name: string) => (lines.find((l) => l.startsWith(`${name};`)) ?? '').split(';').slice(1);
  const rows = lines
    .filter((l) => /^\d\d-\d\d-\d{4} \d\d:\d\d;/.test(l))
    .map((l) => {
      const [d, ...v] = l.split(';');
      const [dd, mm, rest] = (d ?? '').split('-');
      const [yyyy, hm] = (rest ?? '').split(' ');
      const [h, mi] = (hm ?? '').split(':');
      return {
        ts: Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd), Number(h), Number(mi)),
        v: v.map(Number),
      };
    });
  return { stations: header('Stations'), grandeurs: header('Grandeurs'), ids: header('IdSeries'), rows };
}

describe('parsePrv (EXPRESSO, 11 December 2024)', () => {
  it.each([PRV_DIGOIN, PRV_GILLY])('%s: every value of every column, 10/50/90 % as min/moy/max', (name) => {
    const text = fixture(name);
    const raw = rawPrv(text);
    const series = parsePrv(text);
    expect(series).toHaveLength(2);
    raw.stations.forEach((code, col) => {
      const s = series.find((x) => x.code === code && x.grandeur === raw.grandeurs[col]);
      expect(s).toBeDefined();
      const field = raw.ids[col]?.endsWith('basse_10')
        ? 'min'
        : raw.ids[col]?.endsWith('haute_90')
          ? 'max'
          : 'moy';
      expect(s?.points.map((p) => p.ts)).toEqual(raw.rows.map((r) => r.ts));
      expect(s?.points.map((p) => p[field])).toEqual(raw.rows.map((r) => r.v[col]));
    });
    // The run starts from the last observation, 11 December 2024 06:00 UTC (# DtDerObs).
    expect(series.every((s) => s.runTs === Date.UTC(2024, 11, 11, 6))).toBe(true);
  });

  it('Digoin: the central forecast reached about 200 m³/s on 13 December', () => {
    const text = fixture(PRV_DIGOIN);
    const raw = rawPrv(text);
    const col = raw.ids.findIndex((id, i) => raw.grandeurs[i] === 'Q' && id.endsWith('centrale_50'));
    const peak = Math.max(...raw.rows.map((r) => r.v[col] ?? 0));
    const q = parsePrv(text).find((s) => s.code === 'K1180010' && s.grandeur === 'Q');
    expect(Math.max(...(q?.points.map((p) => p.moy ?? 0) ?? []))).toBe(peak);
    expect(peak).toBeGreaterThan(180);
  });

  it('refuses a file in another time zone or without its header', () => {
    expect(() => parsePrv('# TZ ; Europe/Paris\nStations;A\nGrandeurs;Q\nIdSeries;x_centrale_50\n')).toThrow(
      /Fuseau/,
    );
    expect(() => parsePrv('11-12-2024 07:00;1\n')).toThrow(/Stations/);
  });
});

describe('parseSandreSimuls (Sandre XML hydrometrie 1.1, 3 January 2019)', () => {
  const xml = fixture(XML);
  const simuls = xml.match(/<Simul>[\s\S]*?<\/Simul>/g) ?? [];

  it('reads every Simul and every Prev', () => {
    const series = parseSandreSimuls(xml);
    expect(series).toHaveLength(simuls.length);
    expect(series.reduce((n, s) => n + s.points.length, 0)).toBe((xml.match(/<Prev>/g) ?? []).length);
  });

  it('converts mm to m and l/s to m³/s, ResMin/Moy/MaxPrev to min/moy/max', () => {
    const series = parseSandreSimuls(xml);
    for (const block of simuls) {
      const code = /<Cd(?:Station|Site)Hydro>([^<]+)</.exec(block)?.[1];
      const grandeur = /<GrdSimul>([^<]+)</.exec(block)?.[1];
      const s = series.find((x) => x.code === code && x.grandeur === grandeur);
      const first =
        /<Prev><DtPrev>([^<]+)<\/DtPrev><ResMoyPrev>([^<]+)<\/ResMoyPrev><ResMinPrev>([^<]+)<\/ResMinPrev><ResMaxPrev>([^<]+)</.exec(
          block,
        );
      expect(first).not.toBeNull();
      const p = s?.points[0];
      expect(p?.ts).toBe(Date.parse(`${first?.[1]}Z`));
      expect(p?.moy).toBeCloseTo(Number(first?.[2]) / 1000, 9);
      expect(p?.min).toBeCloseTo(Number(first?.[3]) / 1000, 9);
      expect(p?.max).toBeCloseTo(Number(first?.[4]) / 1000, 9);
    }
  });

  it('keeps the reading advice of the comment without its markers', () => {
    const s = parseSandreSimuls(xml)[0];
    expect(s?.commentaire).toMatch(/^Comment lire les courbes de prévision/);
    expect(s?.commentaire).not.toMatch(/\{/);
  });
});
