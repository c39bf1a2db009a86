/**
 * The recorded upstream driven by Limni's real clients (Hub'Eau, Vigicrues, Open-Meteo, `getJson`). Expectations
 * are computed here from the recording files (the CSVs, the .prv files, the fixtures), never from the server's
 * code. Three instances: one on a clock the tests move (`up`), one with every catalogue station serving readings
 * (`fr`), one on the real clock (`live`).
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getJson, UpstreamError, type HttpOptions } from '../../apps/api/src/ingest/http';
import {
  normaliseObservations,
  obsElab,
  observationsTr,
  stationsCatalogue,
  type ObservationsQuery,
  type ObservationTrRow,
} from '../../apps/api/src/ingest/sources/hubeau';
import { fetchMeteo } from '../../apps/api/src/ingest/sources/open-meteo';
import {
  bulletinNational,
  observations,
  previsions,
  tronconsGeojson,
} from '../../apps/api/src/ingest/sources/vigicrues';
import { parsePrv } from '../../apps/api/src/ingest/sources/vigicrues-exchange';
import { zoneSecheresseAt } from '../../apps/api/src/ingest/sources/vigieau';
import { addDays, parisDay, parisOffsetMs } from '@limni/shared/domain/time';
import { OTHER_VALUE_MM, startRecordedUpstream, type RecordedUpstream } from './index';

const SEED = new URL('../../apps/api/seed-data/', import.meta.url);
const FIX = new URL('../../apps/api/src/ingest/fixtures/', import.meta.url);
const read = (url: URL) => {
  const b = fs.readFileSync(url);
  return (url.pathname.endsWith('.gz') ? zlib.gunzipSync(b) : b).toString('utf8');
};
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const TOULOUSE = 'O200004001';

/** Garonne heights as recorded: station → original instant → mm. */
const GARONNE = new Map<string, Map<number, number>>();
for (const line of read(new URL('garonne_H_2022-01_native.csv.gz', SEED)).trim().split('\n').slice(1)) {
  const [code, date, mm] = line.split(',') as [string, string, string];
  if (!GARONNE.has(code)) GARONNE.set(code, new Map());
  GARONNE.get(code)?.set(Date.parse(date), Number(mm));
}

/** La Cance, as copied into recordings/ (smash format): instant → l/s. */
const CANCE = (() => {
  const lines = read(new URL('recordings/V3524010_2014-10-10_2014-11-09.csv', import.meta.url))
    .trim()
    .split('\n');
  const t0 = Date.UTC(2014, 9, 10);
  return new Map(lines.slice(1).map((v, i) => [t0 + i * HOUR, Math.round(Number(v) * 1000)]));
})();

const rowsIn = (series: Map<number, number>, from: number, to: number) =>
  [...series].filter(([t]) => t >= from && t <= to).sort((a, b) => a[0] - b[0]);

/** Start of every instance, to the minute: the default Garonne anchor maps 2022-01-30T00:00Z to it exactly. */
const START = Math.floor(Date.now() / MIN) * MIN;
const GARONNE_OFFSET = START - Date.UTC(2022, 0, 30);
let now = START;
let up: RecordedUpstream;
let fr: RecordedUpstream;
let live: RecordedUpstream;

const http = (extra: Partial<HttpOptions> = {}): HttpOptions => ({
  timeoutMs: 10_000,
  retries: 0,
  backoffMs: 1,
  ...extra,
});
const hub = (u: RecordedUpstream, extra: Partial<HttpOptions> = {}) => ({
  ...http(extra),
  baseUrl: u.hubeauBaseUrl,
});
const vigi = (u: RecordedUpstream) => ({ ...http(), baseUrl: u.vigicruesBaseUrl });

async function readAll(u: RecordedUpstream, q: ObservationsQuery) {
  const pages: Array<{ status: number; count: number; rows: ObservationTrRow[] }> = [];
  for await (const p of observationsTr(q, hub(u))) {
    pages.push({ status: p.status, count: p.count, rows: p.data });
  }
  return { pages, rows: pages.flatMap((p) => p.rows) };
}

async function thrown(p: Promise<unknown>): Promise<UpstreamError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof UpstreamError) return err;
    throw err;
  }
  throw new Error('aucune erreur levée');
}

const obsUrl = (u: RecordedUpstream, query: string) => `${u.hubeauBaseUrl}/observations_tr?${query}`;

beforeAll(async () => {
  up = await startRecordedUpstream({ startedAt: START, clock: () => now });
  fr = await startRecordedUpstream({ startedAt: START, clock: () => now, catalogue: 'france' });
  live = await startRecordedUpstream({ startedAt: START });
}, 30_000);

afterAll(async () => {
  await Promise.all([up.close(), fr.close(), live.close()]);
});

afterEach(() => {
  now = START;
  up.clearFaults();
});

describe('observations_tr, from the recording', () => {
  it("serves Toulouse's latest reading in real time: ≤ now, within its step, the recorded value", async () => {
    let first: ObservationTrRow | undefined;
    for await (const p of observationsTr(
      { codes: [TOULOUSE], grandeur: 'H', since: Date.now() - 2 * HOUR, sort: 'desc', size: 1 },
      hub(live),
    )) {
      first = p.data[0];
      break;
    }
    const ts = Date.parse(first?.date_obs ?? '');
    const t = Date.now();
    expect(ts).toBeLessThanOrEqual(t);
    expect(t - ts).toBeLessThan(15 * MIN + 5_000);
    expect(first?.resultat_obs).toBe(GARONNE.get(TOULOUSE)?.get(ts - GARONNE_OFFSET));
    expect(live.shift.toOriginal(ts)).toBe(ts - GARONNE_OFFSET);
  });

  it('lets an anchor put the 3.00 m crossing 2 minutes after the start, and readings arrive with the clock', async () => {
    let clock = START;
    const a = await startRecordedUpstream({
      startedAt: START,
      clock: () => clock,
      anchor: { original: '2022-01-10T10:45:00Z', afterStartMs: 2 * MIN },
    });
    try {
      const latest = async () => {
        const { rows } = await readAll(a, {
          codes: [TOULOUSE],
          grandeur: 'H',
          since: clock - HOUR,
          sort: 'desc',
          size: 1000,
        });
        return rows[0];
      };
      clock = START + 2 * MIN - 1000;
      expect((await latest())?.resultat_obs).toBe(GARONNE.get(TOULOUSE)?.get(Date.UTC(2022, 0, 10, 10, 30)));
      clock = START + 2 * MIN;
      const r = await latest();
      expect(r?.date_obs).toBe(new Date(START + 2 * MIN).toISOString().replace('.000', ''));
      expect(r?.resultat_obs).toBe(GARONNE.get(TOULOUSE)?.get(Date.UTC(2022, 0, 10, 10, 45)));
      expect(r?.resultat_obs).toBeGreaterThan(3000);
    } finally {
      await a.close();
    }
  });

  it('pages by cursor: every row once, in order, count as announced, 206 then 200, asc and desc', async () => {
    const codes = [TOULOUSE, 'O200001001', 'O000001001'];
    const since = now - 2 * DAY;
    const asc = await readAll(up, { codes, grandeur: 'H', since, sort: 'asc', size: 300 });
    const expected = codes.flatMap((c) =>
      rowsIn(GARONNE.get(c) as Map<number, number>, since - GARONNE_OFFSET, now - GARONNE_OFFSET).map(
        ([t, v]) => ({
          code: c,
          ts: t + GARONNE_OFFSET,
          v,
        }),
      ),
    );
    expected.sort((x, y) => x.ts - y.ts || (x.code < y.code ? -1 : 1));
    expect(asc.pages.length).toBeGreaterThan(3);
    expect(asc.pages.map((p) => p.status)).toEqual([...asc.pages.slice(1).map(() => 206), 200]);
    expect(asc.pages[0]?.count).toBe(expected.length);
    expect(
      asc.rows.map((r) => ({ code: r.code_station, ts: Date.parse(r.date_obs), v: r.resultat_obs })),
    ).toEqual(expected);
    const desc = await readAll(up, { codes, grandeur: 'H', since, sort: 'desc', size: 700 });
    expect(desc.rows).toEqual([...asc.rows].reverse());
  });

  it('answers 400 with Hub’Eau’s body for a start more than a month back, and for size > 20,000', async () => {
    const old = new Date(now - 32 * DAY).toISOString();
    const res = await fetch(obsUrl(up, `code_entite=${TOULOUSE}&grandeur_hydro=H&date_debut_obs=${old}`));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'InvalidRequest',
      message: 'Invalid sites request',
      field_errors: [
        { code: 'ValidateDateMin', message: "date can't be < 1 month from now", field: 'date_debut_obs' },
      ],
    });
    expect((await fetch(obsUrl(up, 'grandeur_hydro=H&size=20001'))).status).toBe(400);
  });

  it('reads a 29-day window of 100 stations (borrowed series: real values of a Garonne station, relabelled)', async () => {
    const codes = fr.stations
      .serving()
      .filter((c) => !c.startsWith('O'))
      .slice(0, 100);
    const since = now - 29 * DAY;
    const t0 = performance.now();
    const big = await getJson(
      "Hub'Eau",
      obsUrl(fr, `grandeur_hydro=H&date_debut_obs=${new Date(since).toISOString()}&size=20000&sort=asc`),
      http(),
    );
    expect(performance.now() - t0).toBeLessThan(2_000);
    expect((big.body as { data: unknown[] }).data).toHaveLength(20_000);
    const { pages, rows } = await readAll(fr, { codes, grandeur: 'H', since, sort: 'asc' });
    expect(rows.length).toBe(pages[0]?.count);
    const byStation = new Map<string, Array<[number, number]>>();
    for (const r of rows) {
      const list = byStation.get(r.code_station ?? '') ?? [];
      if (!list.length) byStation.set(r.code_station ?? '', list);
      list.push([Date.parse(r.date_obs), r.resultat_obs]);
    }
    expect([...byStation.keys()].sort()).toEqual([...codes].sort());
    const windows = [...GARONNE.values()].map((series) =>
      rowsIn(series, since - GARONNE_OFFSET, now - GARONNE_OFFSET),
    );
    for (const [code, served] of byStation) {
      const match = windows.some(
        (want) =>
          want.length === served.length &&
          want.every(([t, v], i) => served[i]?.[0] === t + GARONNE_OFFSET && served[i]?.[1] === v),
      );
      expect(match, `${code} sert une série enregistrée de la Garonne`).toBe(true);
    }
  }, 30_000);

  it('keeps a ledger equal to what the client received', async () => {
    up.ledger.clear();
    const { rows } = await readAll(up, {
      codes: [TOULOUSE, 'V352401001'],
      grandeur: 'H',
      since: now - 3 * DAY,
      sort: 'asc',
      size: 300,
    });
    const q = await readAll(up, {
      codes: ['V352401001'],
      grandeur: 'Q',
      since: now - 3 * DAY,
      sort: 'asc',
      size: 300,
    });
    const received = (code: string, g: 'H' | 'Q', list: ObservationTrRow[]) =>
      list
        .filter((r) => r.code_station === code && r.grandeur_hydro === g)
        .map((r) => ({ ts: Date.parse(r.date_obs), value: r.resultat_obs }));
    expect(up.ledger.observations({ station: TOULOUSE, grandeur: 'H' })).toEqual(
      received(TOULOUSE, 'H', rows),
    );
    expect(up.ledger.observations({ station: 'V352401001', grandeur: 'Q' })).toEqual(
      received('V352401001', 'Q', q.rows),
    );
    expect(up.ledger.counts()[TOULOUSE]?.H).toBe(received(TOULOUSE, 'H', rows).length);
    expect(up.requests.of('hubeau').at(-1)?.route).toBe('observations_tr');
  });
});

describe('obs_elab and the catalogue', () => {
  it('serves QmnJ days shifted by whole years, ×1000, up to today − 2 days, by station then day', async () => {
    const csv = read(new URL('history_daily.csv.gz', SEED))
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const lastByCode = new Map<string, string>();
    for (const [c, d] of csv) {
      if ((lastByCode.get(c as string) ?? '') < (d as string)) lastByCode.set(c as string, d as string);
    }
    const limit = addDays(parisDay(now), -2);
    const years =
      Number(limit.slice(0, 4)) - Math.min(...[...lastByCode.values()].map((d) => Number(d.slice(0, 4))));
    expect(up.shifts.dailyYears).toBe(years);
    const codes = ['F439000101', 'K134181001'];
    const since = addDays(limit, -60);
    const served: Array<{ code: string; day: string; lps: number }> = [];
    let pages = 0;
    for await (const p of obsElab({ codes, grandeur: 'QmnJ', since, size: 25 }, hub(up))) {
      pages++;
      for (const r of p.data) {
        served.push({ code: r.code_station ?? '', day: r.date_obs_elab, lps: r.resultat_obs_elab });
      }
    }
    const expected = csv
      .filter(
        ([c, d]) =>
          codes.includes(c as string) &&
          `${Number((d as string).slice(0, 4)) + years}${(d as string).slice(4)}` >= since,
      )
      .map(([c, d, m]) => ({
        code: c as string,
        day: `${Number((d as string).slice(0, 4)) + years}${(d as string).slice(4)}`,
        lps: Math.round(Number(m) * 1000),
      }))
      .filter((r) => r.day <= limit)
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.day < b.day ? -1 : 1));
    expect(pages).toBeGreaterThan(2);
    expect(served).toEqual(expected);
    expect(served.at(-1)?.day).toBe(limit);
  });

  it('lists the real catalogue (france_stations ∪ garonne_stations) page by page', async () => {
    const codes = new Set<string>();
    for (const l of read(new URL('france_stations.csv.gz', SEED)).trim().split('\n').slice(1)) {
      codes.add(l.split(',')[0] as string);
    }
    for (const l of read(new URL('garonne_stations.csv', SEED)).trim().split('\n').slice(1)) {
      codes.add(l.split(',')[0] as string);
    }
    const listed: string[] = [];
    let truncated = true;
    for await (const p of stationsCatalogue({ ...hub(up), size: 1000 })) {
      listed.push(...p.stations.map((s) => s.code_station));
      truncated = p.truncated;
    }
    expect(truncated).toBe(false);
    expect(listed.length).toBe(codes.size);
    expect(new Set(listed)).toEqual(codes);
  });
});

describe('Vigicrues and Open-Meteo', () => {
  it('re-issues the recorded bulletin at the start, then with the level a test sets (issue time = now)', async () => {
    const doc = JSON.parse(read(new URL('vigicrues/InfoVigiCru_TypEntVigiCru2_detail.json', FIX))) as {
      'vic:InfoVigiCru': { 'vic:estLaSyntheseDe': Array<{ 'vic:estLaSyntheseDe'?: unknown[] }> };
    };
    const recorded = doc['vic:InfoVigiCru']['vic:estLaSyntheseDe'].reduce(
      (n, t) => n + (t['vic:estLaSyntheseDe']?.length ?? 0),
      0,
    );
    const b = await bulletinNational(vigi(up));
    expect(b.ts).toBe(Math.floor(START / 1000) * 1000);
    expect(b.troncons).toHaveLength(recorded);
    expect(b.troncons.find((t) => t.code === 'MP6')?.niveau).toBe(1);
    now = START + 10 * MIN;
    up.setVigilance('MP6', 3);
    const after = await bulletinNational(vigi(up));
    expect(after.ts).toBe(now);
    expect(after.niveauNational).toBe(3);
    expect(after.troncons.find((t) => t.code === 'MP6')).toEqual({
      code: 'MP6',
      niveau: 3,
      territoire: '25',
    });
    const lines = await tronconsGeojson(vigi(up));
    expect(lines.lines.find((l) => l.code === 'MP6')?.niveau).toBe(3);
    up.setVigilance('MP6', 1);
  });

  it('serves the Loire expert forecasts (run 1 h before the start) and "not a forecast station" elsewhere', async () => {
    const prv = parsePrv(read(new URL('loire_2024-12_Prev_E_20241211_0706_20241211_0707_5159.prv.gz', SEED)));
    const q = prv.find((s) => s.grandeur === 'Q');
    const shift = START - HOUR - (q?.runTs ?? 0);
    const f = await previsions('K118001010', 'Q', vigi(up));
    expect(f.kind).toBe('prevision');
    if (f.kind !== 'prevision') return;
    expect(f.runTs).toBe(START - HOUR);
    expect(f.points).toEqual(q?.points.map((p) => ({ ...p, ts: p.ts + shift })));
    expect((await previsions(TOULOUSE, 'H', vigi(up))).kind).toBe('pas_station_prevision');
  });

  it('serves observations.json from the same series, in m', async () => {
    const obs = await observations(TOULOUSE, 'H', vigi(up));
    expect(obs.length).toBeGreaterThan(2000);
    for (const o of obs) {
      expect(o.valeur).toBeCloseTo((GARONNE.get(TOULOUSE)?.get(o.ts - GARONNE_OFFSET) ?? NaN) / 1000, 6);
    }
    expect(obs.at(-1)?.ts).toBeLessThanOrEqual(now);
  });

  it('serves the recorded Open-Meteo forecast starting today, at the Paris offset of today', async () => {
    const rec = JSON.parse(read(new URL('open-meteo/forecast_lat48.64_lon2.32_2026-04-04.json', FIX))) as {
      hourly: { time: string[]; temperature_2m: number[] };
    };
    const p = await fetchMeteo(43.6, 1.44, { ...http(), baseUrl: up.openMeteoBaseUrl });
    expect(p.hourly?.time[0]).toBe(`${parisDay(now)}T00:00`);
    expect(p.hourly?.time).toHaveLength(rec.hourly.time.length);
    expect(p.hourly?.temperature_2m).toEqual(rec.hourly.temperature_2m);
    expect(p.utc_offset_seconds).toBe(parisOffsetMs(now) / 1000);
  });

  it('serves the recorded VigiEau zone around Chartres, its order moved to be in force today; none elsewhere', async () => {
    const rec = JSON.parse(read(new URL('vigieau_zone_11083_2023-07.json', SEED))) as {
      enregistre_au_plus_tard: string;
      emprise_demo: { centre: [number, number] };
      reponse: { arrete: { dateDebutValidite: string; dateFinValidite: string } };
    };
    const days = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);
    const shift = days(parisDay(now), rec.enregistre_au_plus_tard);
    const [lon, lat] = rec.emprise_demo.centre;
    const r = await zoneSecheresseAt(lon, lat, { ...http(), baseUrl: up.vigieauBaseUrl });
    expect(r.etat).toBe('zone');
    if (r.etat !== 'zone') return;
    expect(r.zone.arrete.debut).toBe(addDays(rec.reponse.arrete.dateDebutValidite, shift));
    expect(r.zone.arrete.fin).toBe(addDays(rec.reponse.arrete.dateFinValidite, shift));
    expect(await zoneSecheresseAt(1.44, 43.6, { ...http(), baseUrl: up.vigieauBaseUrl })).toEqual({
      etat: 'aucune',
    });
  });
});

describe('faults', () => {
  const tr = () => obsUrl(up, `code_entite=${TOULOUSE}&grandeur_hydro=H&size=5`);

  it('500 with Hub’Eau’s error body, for the number of times asked', async () => {
    up.fault({ source: 'hubeau', kind: 'status500', path: 'observations_tr', times: 2 });
    const r = await fetch(tr());
    expect(r.status).toBe(500);
    expect(await r.json()).toEqual({ code: 'Internal server error', message: '', field_errors: null });
    expect((await thrown(getJson("Hub'Eau", tr(), http()))).status).toBe(500);
    expect((await getJson("Hub'Eau", tr(), http())).status).toBe(206);
  });

  it('503 and 429 with Retry-After in seconds or as an HTTP date', async () => {
    up.fault({ source: 'hubeau', kind: 'status503', times: 1 });
    expect((await thrown(getJson("Hub'Eau", tr(), http()))).status).toBe(503);
    up.fault({ source: 'hubeau', kind: 'status429', retryAfter: 30, times: 2 });
    expect((await thrown(getJson("Hub'Eau", tr(), http()))).status).toBe(429);
    const limited = await fetch(tr());
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '30']);
    const at = Math.floor(Date.now() / 1000) * 1000 + 120_000;
    up.fault({ source: 'openmeteo', kind: 'status429', retryAfterAt: at, times: 1 });
    const r = await fetch(`${up.openMeteoBaseUrl}/forecast?latitude=1&longitude=1`);
    expect(r.status).toBe(429);
    expect(Date.parse(r.headers.get('retry-after') ?? '')).toBe(at);
  });

  it('a body cut in half, an empty body, HTML instead of JSON', async () => {
    up.fault({ source: 'hubeau', kind: 'truncated', times: 1 });
    expect((await thrown(getJson("Hub'Eau", tr(), http()))).kind).toBe('json');
    up.fault({ source: 'hubeau', kind: 'emptyBody', times: 1 });
    const empty = await fetch(tr());
    expect([empty.status, await empty.text()]).toEqual([200, '']);
    up.fault({ source: 'vigicrues', kind: 'html', times: 1 });
    const e = await thrown(bulletinNational(vigi(up)));
    expect(e.kind).toBe('json');
    up.fault({ source: 'openmeteo', kind: 'html', times: 1 });
    const html = await fetch(`${up.openMeteoBaseUrl}/forecast?latitude=1&longitude=1`);
    expect([html.status, html.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
  });

  it('a hang: no answer until the client gives up', async () => {
    up.fault({ source: 'hubeau', kind: 'hang', times: 1 });
    expect((await thrown(getJson("Hub'Eau", tr(), http({ timeoutMs: 300 })))).kind).toBe('timeout');
  });

  it('a next link to another host and a 302 to another host: refused by the client, the other host never asked', async () => {
    up.fault({ source: 'hubeau', kind: 'foreignNext', times: 1 });
    const gen = observationsTr({ codes: [TOULOUSE], grandeur: 'H', since: now - HOUR, size: 5 }, hub(up));
    const first = await gen.next();
    expect(first.done).toBe(false);
    expect((await thrown(gen.next())).kind).toBe('lien_refuse');
    up.fault({ source: 'hubeau', kind: 'redirect', times: 1 });
    expect((await thrown(getJson("Hub'Eau", tr(), { ...http(), base: up.hubeauBaseUrl }))).kind).toBe(
      'redirection_refusee',
    );
    expect(up.otherRequests).toHaveLength(0);
    up.fault({ source: 'hubeau', kind: 'redirect', times: 1 });
    const r = await fetch(tr(), { redirect: 'manual' });
    expect(r.status).toBe(302);
    const other = (await (await fetch(r.headers.get('location') ?? '')).json()) as {
      data: ObservationTrRow[];
    };
    expect(other.data[0]).toMatchObject({ code_station: TOULOUSE, resultat_obs: OTHER_VALUE_MM });
    expect(up.otherRequests).toHaveLength(1);
  });

  it('a renamed field: a required one refuses the page, an optional one is reported missing', async () => {
    up.fault({ source: 'hubeau', kind: 'renameField', from: 'resultat_obs', to: 'resultat', times: 1 });
    expect((await thrown(readAll(up, { codes: [TOULOUSE], grandeur: 'H', since: now - HOUR }))).kind).toBe(
      'schema',
    );
    up.fault({ source: 'hubeau', kind: 'renameField', from: 'code_statut', to: 'statut_code', times: 1 });
    const { rows } = await readAll(up, { codes: [TOULOUSE], grandeur: 'H', since: now - HOUR });
    expect(rows.length).toBeGreaterThan(0);
    expect(normaliseObservations(rows, 'H').missingFields).toEqual(['code_statut']);
  });

  it('empty answers for a duration', async () => {
    up.fault({ source: 'hubeau', kind: 'emptyData', path: 'observations_tr', forMs: 60_000 });
    const during = await getJson("Hub'Eau", tr(), http());
    expect(during.body).toMatchObject({ count: 0, next: null, data: [] });
    now = START + 61_000;
    expect(((await getJson("Hub'Eau", tr(), http())).body as { count: number }).count).toBeGreaterThan(0);
  });

  it('late readings: ~696 hourly readings of the last 29 days held back, then released at once', async () => {
    const since = now - 29 * DAY;
    const q: ObservationsQuery = { codes: ['V352401001'], grandeur: 'Q', since, sort: 'asc' };
    const off = START + DAY - Date.UTC(2014, 10, 9, 23);
    const want = rowsIn(CANCE, since - off, now - off);
    expect(want.length).toBeGreaterThanOrEqual(690);
    up.hold('V352401001', 'Q', since, now + DAY);
    expect((await readAll(up, q)).rows).toHaveLength(0);
    up.release('V352401001');
    const { rows } = await readAll(up, q);
    expect(rows.map((r) => [Date.parse(r.date_obs) - off, r.resultat_obs])).toEqual(want);
  });

  it('a station removed, then out of service, then an implausible value', async () => {
    up.removeStation('K118001010', { stopObservations: true });
    const listed = async () => {
      const out = new Map<string, boolean>();
      for await (const p of stationsCatalogue({ ...hub(up), size: 5000 })) {
        for (const s of p.stations) out.set(s.code_station, s.en_service ?? true);
      }
      return out;
    };
    expect((await listed()).has('K118001010')).toBe(false);
    now = START + 3 * HOUR;
    const { rows: loire } = await readAll(up, {
      codes: ['K118001010'],
      grandeur: 'Q',
      since: START - 2 * HOUR,
    });
    expect(loire.length).toBeGreaterThan(0);
    expect(loire.every((r) => Date.parse(r.date_obs) < START)).toBe(true);
    now = START;
    up.restoreStation('K118001010');
    up.setOutOfService(TOULOUSE);
    expect((await listed()).get(TOULOUSE)).toBe(false);
    up.setInService(TOULOUSE);
    up.implausible(TOULOUSE, OTHER_VALUE_MM);
    now = START + 16 * MIN;
    const { rows } = await readAll(up, {
      codes: [TOULOUSE],
      grandeur: 'H',
      since: START - HOUR,
      sort: 'asc',
    });
    expect(rows.at(-1)?.resultat_obs).toBe(OTHER_VALUE_MM);
    expect(rows.filter((r) => Date.parse(r.date_obs) < START).every((r) => r.resultat_obs < 10_000)).toBe(
      true,
    );
    up.clearImplausible(TOULOUSE);
  });

  it('a bulletin dated in the future with a tronçon at orange, then normal bulletins again', async () => {
    up.fault({
      source: 'vigicrues',
      kind: 'futureBulletin',
      troncon: 'MP6',
      niveau: 3,
      aheadMs: 5.4 * HOUR,
      times: 1,
    });
    const future = await bulletinNational(vigi(up));
    expect(future.ts).toBe(now + 5.4 * HOUR);
    expect(future.troncons.find((t) => t.code === 'MP6')?.niveau).toBe(3);
    const normal = await bulletinNational(vigi(up));
    expect(normal.ts).toBeLessThan(future.ts - 5 * HOUR);
    expect(normal.troncons.find((t) => t.code === 'MP6')?.niveau).toBe(1);
  });

  it('is driven over HTTP by the control API', async () => {
    const ctl = (path: string, method = 'GET', body?: unknown) =>
      fetch(`${up.origin}/_upstream${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const made = (await (
      await ctl('/faults', 'POST', { source: 'hubeau', kind: 'status503', path: 'observations_tr' })
    ).json()) as { id: number };
    expect((await fetch(tr())).status).toBe(503);
    expect((await fetch(tr())).status).toBe(503);
    await ctl(`/faults/${made.id}`, 'DELETE');
    expect((await fetch(tr())).status).toBe(206);
    expect((await ctl('/faults', 'POST', { source: 'nulle-part', kind: 'status503' })).status).toBe(400);
    expect(
      (await ctl('/hold', 'POST', { station: TOULOUSE, grandeur: 'H', from: 'now-40d', to: 'now+1d' }))
        .status,
    ).toBe(200);
    expect(((await getJson("Hub'Eau", tr(), http())).body as { count: number }).count).toBe(0);
    await ctl('/release', 'POST', { station: TOULOUSE });
    expect(((await getJson("Hub'Eau", tr(), http())).body as { count: number }).count).toBeGreaterThan(0);
    const ledger = (await (await ctl(`/ledger?station=${TOULOUSE}&grandeur=H`)).json()) as unknown[];
    expect(ledger).toEqual(up.ledger.observations({ station: TOULOUSE, grandeur: 'H' }));
    expect(((await (await ctl('/')).json()) as { hubeauBaseUrl: string }).hubeauBaseUrl).toBe(
      up.hubeauBaseUrl,
    );
  });

  it('stop(): connections refused; start(): the same port again', async () => {
    const url = obsUrl(live, `code_entite=${TOULOUSE}&grandeur_hydro=H&size=1`);
    await live.stop();
    expect((await thrown(getJson("Hub'Eau", url, http()))).kind).toBe('network');
    await live.start();
    expect((await getJson("Hub'Eau", url, http())).status).toBe(206);
  });
});
