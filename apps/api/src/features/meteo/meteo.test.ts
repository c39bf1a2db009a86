/**
 * GET /api/meteo/lieu/:id against a local Open-Meteo on 127.0.0.1 serving the recorded answer, then faults:
 * HTTP 500, a timeout, 429, malformed JSON, a changed payload — always 200 with a clear `indisponible` state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { ErrorBody } from '@limni/shared/contracts/common';
import { MeteoDisponible, MeteoIndisponible, MeteoLieuResponse } from '@limni/shared/contracts/meteo';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { fixtureText, startUpstream, type Upstream, type UpstreamReply } from '../../../test/upstream';
import { localToUtc } from '../../ingest/sources/open-meteo';
import { meteoHttp, roundCoord } from './meteo.service';

const RECORDED = fixtureText('open-meteo/forecast_lat48.64_lon2.32_2026-04-04.json');
const ATTRIBUTION = 'Données météo : Open-Meteo.com, CC BY 4.0';

let ctx: TestContext;
let up: Upstream;
let clock = Date.parse('2026-04-04T16:50:00Z');
/** Reply per rounded "lat,lon" asked; the recorded answer otherwise. */
const faults = new Map<string, UpstreamReply>();
const lieux = new Map<string, { id: number; lat: number; lon: number }>();

beforeAll(async () => {
  up = await startUpstream((r) => {
    const key = `${r.query.get('latitude')},${r.query.get('longitude')}`;
    return faults.get(key) ?? { body: RECORDED };
  });
  ctx = await createTestApp({ now: () => clock, env: { OPEN_METEO_BASE_URL: `${up.origin}/v1` } });
  const rows = await ctx.db.db
    .selectFrom('lieu')
    .select(['id', 'code_station', 'lat_gps', 'lon_gps'])
    .where('code_station', 'in', [
      'O200004001',
      'O200001001',
      'O080001001',
      'O060003001',
      'O029003001',
      'K447001001',
    ])
    .execute();
  for (const r of rows) lieux.set(r.code_station as string, { id: r.id, lat: r.lat_gps, lon: r.lon_gps });
  meteoHttp.timeoutMs = 300;
  meteoHttp.backoffMs = 5;
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});

const lieu = (code: string) => lieux.get(code) as { id: number; lat: number; lon: number };
const key = (p: { lat: number; lon: number }) => `${roundCoord(p.lat)},${roundCoord(p.lon)}`;
const get = (id: number | string) => ctx.request({ url: `/api/meteo/lieu/${id}` });
const meteoRequests = () => up.requests.filter((r) => r.path === '/v1/forecast').length;

describe('GET /api/meteo/lieu/:id', () => {
  it('answers the forecast of the place: now, hourly for 72 h, 4 days, times in UTC, with the attribution', async () => {
    const toulouse = lieu('O200004001');
    const res = await get(toulouse.id);
    expect(res.statusCode).toBe(200);
    const body = z.parse(MeteoLieuResponse, res.json());
    expect(body.etat).toBe('disponible');
    const m = z.parse(MeteoDisponible, body);
    expect(m.lieu_id).toBe(toulouse.id);
    expect(m.source).toEqual({ nom: 'Open-Meteo', attribution: ATTRIBUTION, url: 'https://open-meteo.com/' });
    expect(m.point).toEqual({ lat: 48.64, lon: 2.3199997, altitude: 69 });
    expect(m.fuseau).toBe('Europe/Paris');
    expect(m.mise_a_jour).toBe(clock);
    expect(m.unites).toEqual({ temperature: '°C', precipitation: 'mm', vent: 'km/h', humidite: '%' });
    // "2026-04-04T18:45" local with utc_offset_seconds 7200 → 16:45 UTC.
    expect(m.actuel).toMatchObject({
      ts: Date.parse('2026-04-04T16:45:00Z'),
      temperature: 18.1,
      humidite: 57,
      precipitation: 0,
      vent: 12.8,
      code_meteo: 0,
      libelle: 'Ciel dégagé',
    });
    expect(m.horaire).toHaveLength(73);
    expect(m.horaire[0]).toMatchObject({
      ts: Date.parse('2026-04-04T16:00:00Z'),
      temperature: 18.5,
      precipitation: 0,
    });
    expect(m.horaire[72]?.ts).toBe(Date.parse('2026-04-07T16:00:00Z'));
    // No daily block in the recording: days are summarised from the hourly series.
    expect(m.quotidien.map((d) => d.jour)).toEqual(['2026-04-04', '2026-04-05', '2026-04-06', '2026-04-07']);
    expect(m.quotidien[0]).toMatchObject({ temperature_min: 11.8, temperature_max: 18.5, precipitation: 0 });
    expect(res.headers['cache-control']).toMatch(/^public/);

    const asked = up.requests.find((r) => r.path === '/v1/forecast');
    expect(asked?.query.get('latitude')).toBe(String(roundCoord(toulouse.lat)));
    expect(asked?.query.get('longitude')).toBe(String(roundCoord(toulouse.lon)));
    expect(asked?.query.get('timezone')).toBe('auto');
    expect(asked?.query.get('forecast_days')).toBe('4');
    expect(asked?.query.get('current')).toContain('temperature_2m');
    expect(asked?.query.get('daily')).toContain('temperature_2m_max');
  });

  it('serves the same rounded coordinates from its cache for 30 minutes', async () => {
    const toulouse = lieu('O200004001');
    const before = meteoRequests();
    expect((await get(toulouse.id)).statusCode).toBe(200);
    expect(meteoRequests()).toBe(before);
    clock += 29 * 60_000;
    await get(toulouse.id);
    expect(meteoRequests()).toBe(before);
    clock += 2 * 60_000;
    const res = z.parse(MeteoDisponible, (await get(toulouse.id)).json());
    expect(meteoRequests()).toBe(before + 1);
    expect(res.mise_a_jour).toBe(clock);
  });

  it('404 for an unknown place, 400 for a malformed id (French messages)', async () => {
    const missing = await get(99999999);
    expect(missing.statusCode).toBe(404);
    expect(z.parse(ErrorBody, missing.json()).error).toEqual({
      code: 'not_found',
      message: "Aucun lieu ne porte l'identifiant 99999999.",
    });
    for (const bad of ['x', '0', '-3', '1.5']) {
      const res = await get(bad);
      expect(res.statusCode).toBe(400);
      const err = z.parse(ErrorBody, res.json()).error;
      expect(err.code).toBe('validation');
      expect(err.message).toMatch(/L'identifiant doit être un nombre entier positif/);
    }
  });
});

describe('Open-Meteo unavailable: 200 with a clear "indisponible" state', () => {
  const cases: Array<[string, string, UpstreamReply, MeteoIndisponible['raison'], RegExp]> = [
    [
      'HTTP 500',
      'O200001001',
      { status: 500, body: 'Internal Server Error' },
      'injoignable',
      /ne répond pas/,
    ],
    ['a timeout', 'O080001001', { delayMs: 1_000, body: RECORDED }, 'injoignable', /ne répond pas/],
    [
      'HTTP 429 (daily limit)',
      'O060003001',
      { status: 429, body: { error: true, reason: 'Daily API request limit exceeded' } },
      'quota',
      /nombre de demandes autorisées/,
    ],
    [
      'malformed JSON',
      'O029003001',
      { body: '{"latitude": 48.64, "hourly": {' },
      'reponse_invalide',
      /n'a pas pu être lue/,
    ],
    [
      'a changed payload (no utc_offset_seconds)',
      'K447001001',
      { body: JSON.stringify({ ...(JSON.parse(RECORDED) as object), utc_offset_seconds: undefined }) },
      'reponse_invalide',
      /n'a pas pu être lue/,
    ],
  ];
  for (const [what, code, reply, raison, message] of cases) {
    it(`after ${what}`, async () => {
      const p = lieu(code);
      faults.set(key(p), reply);
      const res = await get(p.id);
      expect(res.statusCode).toBe(200);
      const body = z.parse(MeteoIndisponible, z.parse(MeteoLieuResponse, res.json()));
      expect(body).toMatchObject({ etat: 'indisponible', lieu_id: p.id, raison });
      expect(body.message).toMatch(/^La météo est momentanément indisponible/);
      expect(body.message).toMatch(message);
      expect(body.source.attribution).toBe(ATTRIBUTION);
      expect(res.headers['cache-control']).toBe('no-store');
    });
  }

  it('remembers a failure for a minute (Open-Meteo is not hammered), then recovers', async () => {
    const p = lieu('O200001001');
    const before = meteoRequests();
    expect(z.parse(MeteoLieuResponse, (await get(p.id)).json()).etat).toBe('indisponible');
    expect(meteoRequests()).toBe(before);
    faults.delete(key(p));
    clock += 61_000;
    expect(z.parse(MeteoLieuResponse, (await get(p.id)).json()).etat).toBe('disponible');
    expect(meteoRequests()).toBe(before + 1);
  });
});

describe('localToUtc', () => {
  it('uses utc_offset_seconds, corrected by the zone when daylight saving ends inside the forecast', () => {
    expect(localToUtc('2026-04-04T18:45', 7200, 'Europe/Paris')).toBe(Date.parse('2026-04-04T16:45:00Z'));
    // The payload's offset is summer time; on 25/10/2026 at 03:00 the clocks go back to UTC+1.
    expect(localToUtc('2026-10-25T01:00', 7200, 'Europe/Paris')).toBe(Date.parse('2026-10-24T23:00:00Z'));
    expect(localToUtc('2026-10-25T04:00', 7200, 'Europe/Paris')).toBe(Date.parse('2026-10-25T03:00:00Z'));
    expect(localToUtc('2026-10-25T04:00', 7200, 'Not/AZone')).toBe(Date.parse('2026-10-25T02:00:00Z'));
  });
});
