/**
 * Vigicrues ingestion against a local server on 127.0.0.1: the recorded national bulletin and referentials, the
 * hand-written forecast / observation / GeoJSON answers (fixtures/README.md), bulletins derived from the recording
 * in the test (a level raised, lowered, back to green), and faults. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { fixtureJson, startUpstream, type Upstream, type UpstreamRequest } from '../../test/upstream';
import { IngestEvents, type PrevisionsEvent, type ObservationsEvent, type VigilanceEvent } from './events';
import { silentLogger } from './http';
import { hubeauObservationsJob } from './jobs/hubeau-observations';
import { readIngestStatus, runJob, type IngestJob } from './jobs/runner';
import { vigicruesObservationsJob } from './jobs/vigicrues-observations';
import { vigicruesPrevisionsJob } from './jobs/vigicrues-previsions';
import { vigicruesVigilanceJob } from './jobs/vigicrues-vigilance';
import { InfoVigiCruDoc, observations, tronconLevels, unprefix } from './sources/vigicrues';

type Json = Record<string, unknown>;
const BULLETIN = fixtureJson<Json>('vigicrues/InfoVigiCru_TypEntVigiCru2_detail.json');
const RECORDED_TS = Date.parse('2021-01-24T08:16:03+01:00');
const TOULOUSE = 'O200004001';
const HOUR = 3_600_000;

let ctx: TestContext;
let up: Upstream;
let clock = Date.parse('2026-11-20T14:20:00Z');
let events: IngestEvents;
const got = {
  vigilance: [] as VigilanceEvent[],
  forecasts: [] as PrevisionsEvent[],
  observations: [] as ObservationsEvent[],
};
let bulletin: unknown = BULLETIN;
let previsionFor: Record<string, string> = {};
let failStation: string | null = null;
let hubeauDown = false;

/** The recorded bulletin with other levels (string values, as served) and a later issue time. */
function derived(levels: Record<string, string>, hoursLater: number): Json {
  const b = structuredClone(BULLETIN) as { 'vic:InfoVigiCru': Json & { 'vic:estLaSyntheseDe': Json[] } };
  const info = b['vic:InfoVigiCru'];
  info['vic:DtHrInfoVigiCru'] = new Date(RECORDED_TS + hoursLater * HOUR)
    .toISOString()
    .replace('.000Z', '+00:00');
  for (const ter of info['vic:estLaSyntheseDe']) {
    for (const t of (ter['vic:estLaSyntheseDe'] as Json[] | undefined) ?? []) {
      const code = (t['vic:porteSurLEntite'] as Json)['vic:CdEntVigiCru'] as string;
      if (levels[code]) t['vic:NivInfoVigiCru'] = levels[code];
    }
  }
  return b;
}

function handler(r: UpstreamRequest) {
  const p = r.path;
  if (p === '/services/1/InfoVigiCru.jsonld/') {
    expect(r.query.get('TypEntVigiCru')).toBe('2');
    expect(r.query.get('mode')).toBe('detail');
    return { body: bulletin };
  }
  if (p === '/services/1/TronEntVigiCru.jsonld/') {
    return { body: fixtureJson('vigicrues/TronEntVigiCru.json') };
  }
  if (p === '/services/1/TerEntVigiCru.jsonld/') return { body: fixtureJson('vigicrues/TerEntVigiCru.json') };
  if (p === '/services/InfoVigiCru.geojson') {
    return { body: fixtureJson('vigicrues/hand-written/InfoVigiCru.geojson') };
  }
  const code = r.query.get('CdStationHydro') ?? '';
  if (code === failStation) return { status: 500, body: 'Erreur interne' };
  if (p === '/services/previsions.json/index.php') {
    const file = previsionFor[`${code}:${r.query.get('GrdSimul')}`] ?? 'previsions_vide_O200004001_H.json';
    if (file === '204') return { status: 204 };
    return { body: fixtureJson(`vigicrues/hand-written/${file}`) };
  }
  if (p === '/services/observations.json/index.php') {
    if (code === TOULOUSE && r.query.get('GrdSerie') === 'H') {
      return { body: fixtureJson('vigicrues/hand-written/observations_O200004001_H.json') };
    }
    return {
      body: { VersionFlux: 'Beta 0.4', Serie: { CdStationHydro: code, GrdSerie: 'H', ObssHydro: [] } },
    };
  }
  if (p.startsWith('/hubeau/')) {
    return hubeauDown
      ? { status: 502 }
      : { body: { count: 0, first: r.url, prev: null, next: null, data: [] } };
  }
  return { status: 404, body: { message: `inconnu : ${p}` } };
}

beforeAll(async () => {
  ctx = await createTestApp({ now: () => clock });
  up = await startUpstream(handler);
});
afterAll(async () => {
  await up.close();
  await ctx.close();
});
beforeEach(() => {
  events = new IngestEvents();
  got.vigilance = [];
  got.forecasts = [];
  got.observations = [];
  events.on('vigilance', (e) => void got.vigilance.push(e));
  events.on('forecasts', (e) => void got.forecasts.push(e));
  events.on('observations', (e) => void got.observations.push(e));
});

const base = () => `${up.origin}/services`;
const run = (job: IngestJob) =>
  runJob(job, {
    db: ctx.db.db,
    events,
    now: () => clock,
    log: silentLogger,
    http: { timeoutMs: 500, retries: 1, backoffMs: 5 },
  });

const troncon = (code: string) =>
  ctx.db.db.selectFrom('troncon').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const alertes = (tronconId: number) =>
  ctx.db.db
    .selectFrom('alerte')
    .selectAll()
    .where('scope', '=', 'troncon')
    .where('scope_id', '=', tronconId)
    .orderBy('id')
    .execute();
const countAlertes = async () =>
  Number(
    (
      await ctx.db.db
        .selectFrom('alerte')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst()
    )?.n,
  );

describe('Vigicrues payloads', () => {
  it('reads keys spelled vic: and vic. alike, and a single entity as a list', () => {
    const ter = unprefix(fixtureJson('vigicrues/TerEntVigiCru_CdEntVigiCru25.json')) as {
      TerEntVigiCru: { aNMoinsUn: Array<{ CdEntVigiCru: string; LbEntVigiCru: string }> };
    };
    expect(ter.TerEntVigiCru.aNMoinsUn.map((t) => t.CdEntVigiCru)).toContain('MP6');
    expect(ter.TerEntVigiCru.aNMoinsUn.find((t) => t.CdEntVigiCru === 'MP6')?.LbEntVigiCru).toBe(
      'Garonne toulousaine',
    );
  });

  it('walks the recorded national bulletin to 319 tronçon levels (strings → 1–4)', () => {
    const b = tronconLevels(InfoVigiCruDoc.parse(unprefix(BULLETIN)));
    expect(b.ts).toBe(RECORDED_TS);
    expect(b.ref).toBe('23012021_16');
    expect(b.troncons).toHaveLength(319);
    expect(b.troncons.filter((t) => t.niveau === 2)).toHaveLength(45);
    expect(b.troncons.find((t) => t.code === 'MP6')).toEqual({ code: 'MP6', niveau: 1, territoire: '25' });
  });
});

describe('vigicrues-vigilance job', () => {
  it('on the recorded bulletin: referentials and lines read, no level changed, no alert created', async () => {
    const job = vigicruesVigilanceJob({ baseUrl: base() });
    const alertsBefore = await countAlertes();
    const outcome = await run(job);
    expect(outcome.error).toBeNull();
    expect(outcome.counts).toMatchObject({
      troncons_referentiel: 323,
      troncons_bulletin: 319,
      troncons_geometrie_mises_a_jour: 2,
      troncons_geometrie_ignores: 1,
    });
    expect(outcome.counts).toMatchObject({ changements_niveau: 0, alertes_creees: 0 });
    expect(outcome.counts.troncons_crees).toBeUndefined();
    expect(await countAlertes()).toBe(alertsBefore);
    expect(got.vigilance).toEqual([]);
    // MP6's line, served in Lambert-93, is stored in WGS84 around Toulouse.
    const mp6 = await troncon('MP6');
    const geom = JSON.parse(mp6.geometry ?? 'null') as { type: string; coordinates: number[][][] };
    expect(geom.type).toBe('MultiLineString');
    for (const [lon, lat] of geom.coordinates.flat() as Array<[number, number]>) {
      expect(lon).toBeGreaterThan(1.2);
      expect(lon).toBeLessThan(1.6);
      expect(lat).toBeGreaterThan(43.4);
      expect(lat).toBeLessThan(43.9);
    }
    expect(mp6).toMatchObject({ niveau: 1, niveau_ts: RECORDED_TS, territoire_code: '25' });
  });

  it('a level raised and one back to green: levels, alerts (French) and one event; the same bulletin again changes nothing', async () => {
    const mp6 = await troncon('MP6');
    const ad1 = await troncon('AD1');
    expect(ad1.niveau).toBe(2);
    const [ad1Open] = (await alertes(ad1.id)).filter((a) => a.fin === null);
    expect(ad1Open).toBeDefined();
    bulletin = derived({ MP6: '3', AD1: '1' }, 6);
    const ts = RECORDED_TS + 6 * HOUR;
    up.requests.length = 0;
    const outcome = await run(vigicruesVigilanceJob({ baseUrl: base() }));
    expect(outcome.error).toBeNull();
    expect(outcome.counts).toMatchObject({ changements_niveau: 2, alertes_creees: 2, alertes_terminees: 1 });
    // The referentials were read less than a day ago: only the bulletin was asked for.
    expect(up.requests.map((r) => r.path)).toEqual(['/services/1/InfoVigiCru.jsonld/']);

    expect(await troncon('MP6')).toMatchObject({ niveau: 3, niveau_ts: ts });
    expect(await troncon('AD1')).toMatchObject({ niveau: 1, niveau_ts: ts });
    const [orange] = await alertes(mp6.id);
    expect(orange).toMatchObject({
      source: 'vigicrues',
      niveau: 3,
      titre: 'Vigilance orange crues — Garonne toulousaine',
      debut: ts,
      fin: null,
      created_at: clock,
    });
    expect(orange?.message).toBe(
      "Vigicrues a placé le tronçon « Garonne toulousaine » (Garonne-Tarn-Lot) en vigilance orange dans son bulletin publié le 24/01/2021 à 14h16. Risque de crue génératrice de débordements importants susceptibles d'avoir un impact significatif sur la vie collective et la sécurité des biens et des personnes.",
    );
    const ad1Alerts = await alertes(ad1.id);
    expect(ad1Alerts.find((a) => a.id === ad1Open?.id)?.fin).toBe(ts);
    const green = ad1Alerts[ad1Alerts.length - 1];
    expect(green).toMatchObject({
      niveau: 1,
      titre: 'Fin de vigilance crues — Adour amont - Echez',
      debut: ts,
      fin: ts,
    });
    expect(green?.message).toMatch(
      /^Vigicrues a levé la vigilance sur le tronçon « Adour amont - Echez » .* : retour au vert/,
    );

    expect(got.vigilance).toHaveLength(1);
    const e = got.vigilance[0] as VigilanceEvent;
    expect(e.bulletin).toEqual({ ref: '23012021_16', ts });
    const toulouse = await ctx.db.db
      .selectFrom('lieu')
      .select('id')
      .where('troncon_id', '=', mp6.id)
      .execute();
    expect(e.changes).toEqual(
      expect.arrayContaining([
        {
          tronconId: mp6.id,
          code: 'MP6',
          nom: 'Garonne toulousaine',
          from: 1,
          to: 3,
          ts,
          alerteId: orange?.id,
          lieuIds: toulouse.map((l) => l.id).sort((a, b) => a - b),
        },
        expect.objectContaining({ tronconId: ad1.id, from: 2, to: 1, alerteId: green?.id }),
      ]),
    );
    expect(toulouse.length).toBeGreaterThan(0);

    const before = await countAlertes();
    const again = await run(vigicruesVigilanceJob({ baseUrl: base() }));
    expect(again.ok).toBe(true);
    expect(again.counts.changements_niveau).toBe(0);
    expect(await countAlertes()).toBe(before);
    expect(got.vigilance).toHaveLength(1);
  });

  it('a level lowered: the orange alert ends, a yellow one says it was lowered', async () => {
    bulletin = derived({ MP6: '2', AD1: '1' }, 12);
    const ts = RECORDED_TS + 12 * HOUR;
    const outcome = await run(vigicruesVigilanceJob({ baseUrl: base() }));
    expect(outcome.counts).toMatchObject({ changements_niveau: 1, alertes_creees: 1, alertes_terminees: 1 });
    const list = await alertes((await troncon('MP6')).id);
    expect(list.map((a) => [a.niveau, a.fin])).toEqual([
      [3, ts],
      [2, null],
    ]);
    expect(list[1]?.message).toMatch(
      /a abaissé la vigilance sur le tronçon « Garonne toulousaine » .* de l'orange au jaune/,
    );
  });

  it('an older bulletin (stale upstream cache) is ignored', async () => {
    bulletin = BULLETIN;
    const outcome = await run(vigicruesVigilanceJob({ baseUrl: base() }));
    expect(outcome.ok).toBe(true);
    expect(outcome.counts).toMatchObject({ bulletin_ancien_ignore: 1 });
    expect((await troncon('MP6')).niveau).toBe(2);
  });

  it('a bulletin dated in the future is refused and reported; it never blocks the next real one', async () => {
    const before = await troncon('MP6');
    // 5.4 hours after the server's clock, MP6 at orange.
    bulletin = derived({ MP6: '3' }, (clock + 5.4 * HOUR - RECORDED_TS) / HOUR);
    const refused = await run(vigicruesVigilanceJob({ baseUrl: base() }));
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/bulletin .* 324 min après l'horloge du serveur : refusé/);
    expect(refused.counts).toMatchObject({ bulletin_futur_refuse: 1 });
    expect(await troncon('MP6')).toMatchObject({ niveau: before.niveau, niveau_ts: before.niveau_ts });
    const status = (await readIngestStatus(ctx.db.db)).find((j) => j.job === 'vigicrues-vigilance');
    expect(status?.lastErrorCode).toBe('bulletin_futur');

    // The next real bulletin (10 minutes ago) is applied, not skipped as « older ».
    bulletin = derived({ MP6: '3' }, (clock - 10 * 60_000 - RECORDED_TS) / HOUR);
    const applied = await run(vigicruesVigilanceJob({ baseUrl: base() }));
    expect(applied.ok).toBe(true);
    expect(applied.counts.bulletin_ancien_ignore ?? 0).toBe(0);
    expect(await troncon('MP6')).toMatchObject({ niveau: 3, niveau_ts: clock - 10 * 60_000 });
  });

  it('a level outside 1–4 fails loudly and leaves levels and alerts untouched', async () => {
    bulletin = derived({ MP6: '5' }, 18);
    const before = await countAlertes();
    const level = (await troncon('MP6')).niveau;
    const outcome = await run(vigicruesVigilanceJob({ baseUrl: base() }));
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/Vigicrues : réponse inattendue pour InfoVigiCru \(national, détail\)/);
    expect((await troncon('MP6')).niveau).toBe(level);
    expect(await countAlertes()).toBe(before);
  });
});

describe('vigicrues-previsions job', () => {
  it('stores min / mean / max of a forecast station; "no forecast" is normal; non-forecast stations are skipped for a day', async () => {
    previsionFor = {
      [`${TOULOUSE}:H`]: 'previsions_O200004001_H.json',
      'O200001001:H': 'previsions_pas_station_de_prevision.json',
      // "No content" as an HTTP status: no forecast either.
      'O200008001:H': '204',
    };
    const capteur = await ctx.db.db
      .selectFrom('capteur')
      .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
      .select(['capteur.id', 'lieu.id as lieuId'])
      .where('lieu.code_station', '=', TOULOUSE)
      .where('capteur.grandeur', '=', 'H')
      .executeTakeFirstOrThrow();
    up.requests.length = 0;
    const outcome = await run(vigicruesPrevisionsJob({ baseUrl: base() }));
    expect(outcome.error).toBeNull();
    expect(outcome.counts).toMatchObject({
      runs_nouveaux: 1,
      previsions_points: 6,
      pas_station_de_prevision: 1,
    });
    expect(outcome.counts.sans_prevision).toBe((outcome.counts.requetes ?? 0) - 2);
    const asked = up.requests.filter((r) => r.path.endsWith('/previsions.json/index.php'));
    expect(asked.every((r) => r.query.get('FormatDate') === 'iso')).toBe(true);

    const rows = await ctx.db.db
      .selectFrom('prevision')
      .selectAll()
      .where('capteur_id', '=', capteur.id)
      .orderBy('ts')
      .execute();
    const run0 = Date.parse('2026-11-20T14:00:00Z');
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.run_ts === run0)).toBe(true);
    expect(rows[0]).toMatchObject({
      ts: Date.parse('2026-11-20T15:00:00Z'),
      valeur: 2.25,
      min: 2.1,
      max: 2.4,
    });
    expect(rows[4]).toMatchObject({ valeur: 2.9, min: null, max: null });
    expect(rows[0]?.commentaire).toMatch(/^Prévision établie/);
    expect(got.forecasts).toEqual([
      {
        type: 'forecasts',
        origin: 'live',
        at: clock,
        places: [
          {
            lieuId: capteur.lieuId,
            capteurId: capteur.id,
            grandeur: 'H',
            codeStation: TOULOUSE,
            runTs: run0,
            points: 6,
            from: Date.parse('2026-11-20T15:00:00Z'),
            to: Date.parse('2026-11-21T12:00:00Z'),
            maxValeur: 3.1,
          },
        ],
      },
    ]);

    // The archive keeps a run as first published: a republication of the same run changes none of its points.
    await ctx.db.db
      .updateTable('prevision')
      .set({ valeur: 9.99 })
      .where('capteur_id', '=', capteur.id)
      .where('ts', '=', Date.parse('2026-11-20T15:00:00Z'))
      .execute();
    up.requests.length = 0;
    clock += 30 * 60_000;
    const again = await run(vigicruesPrevisionsJob({ baseUrl: base() }));
    expect(again.counts).toMatchObject({ runs_deja_connus: 1 });
    const kept = await ctx.db.db
      .selectFrom('prevision')
      .select('valeur')
      .where('capteur_id', '=', capteur.id)
      .where('ts', '=', Date.parse('2026-11-20T15:00:00Z'))
      .executeTakeFirstOrThrow();
    expect(kept.valeur).toBe(9.99);
    expect(again.counts.stations_sans_prevision_ignorees).toBeGreaterThanOrEqual(1);
    expect(up.requests.some((r) => r.query.get('CdStationHydro') === 'O200001001')).toBe(false);
    expect(got.forecasts).toHaveLength(1);
    const count = await ctx.db.db
      .selectFrom('prevision')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('capteur_id', '=', capteur.id)
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(6);
  });

  it('an HTTP 500 for one station is recorded, the others are read', async () => {
    failStation = TOULOUSE;
    const outcome = await run(vigicruesPrevisionsJob({ baseUrl: base() }));
    failStation = null;
    expect(outcome.ok).toBe(false);
    expect(outcome.error).toMatch(/^1 requête sur \d+ en échec ; première : Vigicrues : HTTP 500/);
    expect(outcome.counts.sans_prevision).toBeGreaterThan(0);
  });
});

describe('vigicrues-observations fallback', () => {
  it('does nothing while Hub’Eau works', async () => {
    const hub = await run(hubeauObservationsJob({ baseUrl: `${up.origin}/hubeau` }));
    expect(hub.ok).toBe(true);
    const outcome = await run(vigicruesObservationsJob({ baseUrl: base() }));
    expect(outcome.counts).toMatchObject({ inutile_hubeau_ok: 1 });
  });

  it('when Hub’Eau fails: reads Vigicrues (m, no conversion), never overwrites a stored observation', async () => {
    hubeauDown = true;
    const hub = await run(hubeauObservationsJob({ baseUrl: `${up.origin}/hubeau` }));
    hubeauDown = false;
    expect(hub.ok).toBe(false);
    const c = await ctx.db.db
      .selectFrom('capteur')
      .select(['capteur.id'])
      .where('code_station', '=', TOULOUSE)
      .where('grandeur', '=', 'H')
      .executeTakeFirstOrThrow();
    const t0 = Date.parse('2026-11-20T12:00:00Z');
    await ctx.db.db
      .insertInto('observation')
      .values({ capteur_id: c.id, ts: t0, valeur: 1.21, statut: 16, qualification: 20 })
      .execute();
    const outcome = await run(vigicruesObservationsJob({ baseUrl: base() }));
    expect(outcome.error).toBeNull();
    expect(outcome.counts).toMatchObject({ lectures_nouvelles: 3, lectures_deja_connues: 1 });
    const rows = await ctx.db.db
      .selectFrom('observation')
      .select(['ts', 'valeur'])
      .where('capteur_id', '=', c.id)
      .where('ts', '>=', t0)
      .orderBy('ts')
      .execute();
    expect(rows.map((r) => r.valeur)).toEqual([1.21, 1.25, 1.28, 1.3]);
    const cap = await ctx.db.db
      .selectFrom('capteur')
      .selectAll()
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(cap).toMatchObject({ derniere_valeur: 1.3, dernier_ts: Date.parse('2026-11-20T12:45:00Z') });
    expect(got.observations[0]).toMatchObject({
      source: 'vigicrues',
      sensors: [expect.objectContaining({ capteurId: c.id, nouvelles: 3 })],
    });
  });

  it('reads the "simple" shape too: [epoch ms, value] pairs', async () => {
    up.setHandler((r) =>
      r.path === '/services/observations.json/index.php'
        ? { body: fixtureJson('vigicrues/hand-written/observations_O200004001_H_simple.json') }
        : handler(r),
    );
    const lues = await observations(TOULOUSE, 'H', {
      baseUrl: base(),
      timeoutMs: 500,
      retries: 0,
      backoffMs: 1,
    });
    up.setHandler(handler);
    expect(lues).toEqual([
      { ts: Date.parse('2026-11-20T12:00:00Z'), valeur: 1.23 },
      { ts: Date.parse('2026-11-20T12:15:00Z'), valeur: 1.25 },
      { ts: Date.parse('2026-11-20T12:30:00Z'), valeur: 1.28 },
      { ts: Date.parse('2026-11-20T12:45:00Z'), valeur: 1.3 },
    ]);
  });
});
