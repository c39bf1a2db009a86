/**
 * The replay of the January 2022 flood on the real path: observations written through the ingestion store, the
 * `observations` events, alert evaluation and delivery (outbox e-mail, Web Push to a local push service), the
 * in-app list; the data are back as they were afterwards; a second replay, or one after an interrupted replay
 * and a restart, sends nothing new.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { NotificationsResponse } from '@limni/shared/contracts/alertes';
import { parisDayRange } from '@limni/shared/domain/time';
import {
  addRegles,
  alertsFor,
  HOUR_MS,
  lieuOfStation,
  PONT_NEUF_CODE,
  registerBrowser,
  type StationLieu,
} from '../../test/alerts';
import { json, mailsTo, signedUpUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/helpers';
import { decryptPush, startPushService, type LocalPushService } from '../../test/push-service';
import { parseCsv, readSeedText } from '../seed/files';
import { EPISODE_LOIRE_FILES } from '../seed/steps/episodes';
import { parseReplayArgs } from './args';
import { recordedObservations, runReplay } from './replay';
import { archiveThreshold, toulouseDays } from '../../../../test-support/history-csv';

let ctx: TestContext;
let service: LocalPushService;
/** La Garonne à Toulouse (Pont-Neuf) and Portet-sur-Garonne, both replayed. */
let PONT_NEUF: StationLieu;
let PORTET: StationLieu;
beforeAll(async () => {
  ctx = await createTestApp();
  service = await startPushService();
  PONT_NEUF = await lieuOfStation(ctx, PONT_NEUF_CODE);
  PORTET = await lieuOfStation(ctx, 'O200001001');
});
afterAll(async () => {
  await ctx.close();
  await service.close();
});

const FROM = parisDayRange('2022-01-08').start;
const TO = parisDayRange('2022-01-15').start;
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** Crossings of `x` upwards in the recorded series of a station, counted directly from the CSV. */
function upwardCrossings(code: string, x: number, band = 0.05): number[] {
  const rows = parseCsv(readSeedText('garonne_H_2022-01_native.csv'))
    .filter((r) => r['code_station'] === code)
    .map((r) => ({ ts: Date.parse(r['date_obs'] ?? ''), v: Number(r['resultat_obs_mm']) / 1000 }))
    .filter((r) => r.ts >= FROM && r.ts < TO)
    .sort((a, b) => a.ts - b.ts);
  const out: number[] = [];
  let above: boolean | null = null;
  for (const r of rows) {
    if (r.v > x) {
      if (above === false) out.push(r.ts);
      above = true;
    } else if (r.v < x - band || above === null) {
      above = false;
    }
  }
  return out;
}

/** Stations of the recorded series. */
const REPLAYED = [...new Set(recordedObservations().map((r) => r.codeStation))];

async function snapshot() {
  const capteurs = await ctx.db.db
    .selectFrom('capteur')
    .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
    .select(['capteur.id', 'capteur.premier_ts', 'capteur.dernier_ts', 'capteur.derniere_valeur'])
    .where('lieu.code_station', 'in', REPLAYED)
    .orderBy('capteur.id')
    .execute();
  const count = await ctx.db.db
    .selectFrom('observation')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return { capteurs, observations: Number(count?.n ?? 0) };
}

const replay = (
  rt: ReturnType<typeof alertsFor>,
  signal?: AbortSignal,
  afterStep?: (at: number) => Promise<void>,
  window: { from: number; to: number } = { from: FROM, to: TO },
) =>
  runReplay({
    db: ctx.db,
    events: rt.events,
    ...window,
    speed: 1e9,
    rewind: (ids) => rt.alerts.evaluator.rewind(ids),
    afterStep,
    log: silentLog,
    signal,
    sleep: async () => {},
  });

describe('replaying the January 2022 flood', () => {
  it('observation → rule → e-mail + push → in-app alert, once per crossing in the data; the data come back', async () => {
    const before = await snapshot();
    const { token, id, email } = await signedUpUser(ctx, 'Rejoueuse');
    await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 3 }]);
    const sub = await registerBrowser(ctx, token, service, '/push/rejoueuse');
    // A second user with the defaults of an abonnement (vigilance, « trop haut » of canoë-kayak: the 90th percentile
    // of Toulouse's daily maxima since 1857, docs/decisions/140).
    const other = await signedUpUser(ctx, 'Abonne');
    await ctx.request({
      method: 'POST',
      url: '/api/user/crea-abonnement',
      payload: { lieu: PONT_NEUF.lieu },
      token: other.token,
    });

    const rt = alertsFor(ctx);
    const result = await replay(rt);
    await rt.alerts.stop();
    expect(result).toMatchObject({ statut: 'termine', etapes: 7 * 96 });
    expect(result.lectures).toBeGreaterThan(20_000);

    const expected3 = upwardCrossings(PONT_NEUF.code, 3);
    expect(expected3).toEqual([Date.parse('2022-01-10T10:45:00Z')]);
    const list = z.parse(
      NotificationsResponse,
      json(await ctx.request({ url: '/api/user/notifications', token })),
    );
    expect(list.notifications.map((n) => [n.type, n.ts, n.valeur])).toEqual(
      expected3.map((ts) => ['au_dessus', ts, 3.015]),
    );
    expect(list.notifications[0]?.titre).toBe(
      'La Garonne à Toulouse (Pont-Neuf)\u00a0: 3,02 m, au-dessus de 3,00 m',
    );
    expect(list.notifications[0]?.message).toContain('le 10/01/2022 à 11h45');
    const mails = mailsTo(ctx, email);
    expect(mails.filter((m) => m.subject.startsWith('Alerte Limni'))).toHaveLength(1);
    const pushes = service.requests.filter((r) => r.path === '/push/rejoueuse');
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(decryptPush(pushes[0]?.body as Buffer, sub))).toMatchObject({
      url: `/lieu/${PONT_NEUF.lieu}/a-1`,
    });

    const expected172 = upwardCrossings(PONT_NEUF.code, archiveThreshold(toulouseDays(), 0.9));
    expect(expected172.length).toBeGreaterThan(0);
    const others = await ctx.db.db
      .selectFrom('notification')
      .select(['type', 'ts'])
      .where('user_id', '=', other.id)
      .execute();
    expect(others).toEqual(expected172.map((ts) => ({ type: 'au_dessus', ts })));

    // The dataset is whole again: same observations, same cached latest values.
    expect(await snapshot()).toEqual(before);
    const state = await ctx.db.db.selectFrom('relecture').selectAll().executeTakeFirstOrThrow();
    expect(state).toMatchObject({
      statut: 'termine',
      debut: FROM,
      fin: TO,
      temps_simule: TO,
      lectures: result.lectures,
    });

    // The same window again: nothing new.
    const again = alertsFor(ctx);
    await replay(again);
    await again.alerts.stop();
    expect(
      await ctx.db.db
        .selectFrom('notification')
        .select('id')
        .where('user_id', 'in', [id, other.id])
        .execute(),
    ).toHaveLength(2);
    expect(mailsTo(ctx, email).filter((m) => m.subject.startsWith('Alerte Limni'))).toHaveLength(1);
    expect(service.requests.filter((r) => r.path === '/push/rejoueuse')).toHaveLength(1);
  }, 180_000);

  it('an interrupted replay writes the data back; after a restart, replaying again duplicates nothing', async () => {
    const before = await snapshot();
    const { token, id } = await signedUpUser(ctx, 'Interrompue');
    await addRegles(ctx, token, PORTET.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 5 }]);
    const abort = new AbortController();
    const first = alertsFor(ctx);
    const result = await replay(first, abort.signal, async (at) => {
      if (at > Date.parse('2022-01-10T18:00:00Z')) abort.abort();
    });
    await first.alerts.stop();
    expect(result.statut).toBe('interrompu');
    expect(await snapshot()).toEqual(before);
    const crossed = await ctx.db.db
      .selectFrom('notification')
      .select(['ts'])
      .where('user_id', '=', id)
      .execute();
    expect(crossed).toHaveLength(1);
    expect((await ctx.request({ url: '/api/replay' })).json()).toMatchObject({
      en_cours: false,
      statut: 'interrompu',
    });

    // A "restart": a new runtime replays the whole window.
    const second = alertsFor(ctx);
    await replay(second);
    await second.alerts.stop();
    expect(
      await ctx.db.db.selectFrom('notification').select(['ts']).where('user_id', '=', id).execute(),
    ).toEqual(crossed);
  }, 180_000);
});

describe('the daily archive during a replay', () => {
  it('rolls up each Paris day the simulated clock leaves behind, for the replayed sensors (values from the CSV); a second replay archives nothing new', async () => {
    const from = parisDayRange('2022-01-10').start;
    const to = parisDayRange('2022-01-12').start + 6 * 3_600_000;
    const days = ['2022-01-10', '2022-01-11'];
    await ctx.db.db.deleteFrom('archive_jour').where('source', '=', 'rollup').execute();
    const run = () =>
      runReplay({
        db: ctx.db,
        events: alertsFor(ctx).events,
        from,
        to,
        speed: 1e9,
        log: silentLog,
        sleep: async () => {},
      });
    const result = await run();
    expect(result.statut).toBe('termine');

    // Expected: the CSV readings of Portet grouped by Paris day (computed here, not by the code under test).
    const observations = parseCsv(readSeedText('garonne_H_2022-01_native.csv'))
      .filter((r) => r['code_station'] === PORTET.code)
      .map((r) => ({ ts: Date.parse(r['date_obs'] ?? ''), v: Number(r['resultat_obs_mm']) / 1000 }));
    const expected = days.map((jour) => {
      const { start, end } = parisDayRange(jour);
      const vs = observations.filter((r) => r.ts >= start && r.ts < end).map((r) => r.v);
      return {
        jour,
        moyenne: vs.reduce((a, b) => a + b, 0) / vs.length,
        min: Math.min(...vs),
        max: Math.max(...vs),
        n: vs.length,
      };
    });
    const rows = await ctx.db.db
      .selectFrom('archive_jour')
      .select(['jour', 'moyenne', 'min', 'max', 'n', 'source'])
      .where('capteur_id', '=', PORTET.capteur)
      .where('source', '=', 'rollup')
      .orderBy('jour')
      .execute();
    // The day the replay stops in (2022-01-12) is not complete in simulated time: not archived.
    expect(rows.map((r) => r.jour)).toEqual(days);
    rows.forEach((r, i) => {
      const e = expected[i] as (typeof expected)[number];
      expect(r.n).toBe(e.n);
      expect(r.min).toBeCloseTo(e.min, 9);
      expect(r.max).toBeCloseTo(e.max, 9);
      expect(r.moyenne).toBeCloseTo(e.moyenne, 9);
    });
    // Only replayed sensors are rolled up.
    const others = await ctx.db.db
      .selectFrom('archive_jour')
      .innerJoin('capteur', 'capteur.id', 'archive_jour.capteur_id')
      .innerJoin('lieu', 'lieu.id', 'capteur.lieu_id')
      .select('lieu.code_station')
      .where('archive_jour.source', '=', 'rollup')
      .execute();
    expect(others.every((o) => REPLAYED.includes(o.code_station ?? ''))).toBe(true);
    expect(result.archives).toBe(others.length);

    const again = await run();
    expect(again.archives).toBe(0);
  }, 120_000); // two replays of two days on a shared 2-core CI machine: a deadline, not a speed check
});

describe('replaying the Loire forecast episode, 11 → 16 December 2024', () => {
  const LOIRE = { from: parisDayRange('2024-12-11').start, to: parisDayRange('2024-12-16').start };
  const STEP = 15 * 60_000;
  const digoin = EPISODE_LOIRE_FILES[0];

  /** Digoin's `.prv`, read here: the run time and the central (50 %) flow forecast. */
  function centralFlowPrevision() {
    const lines = readSeedText(digoin.prv).split('\n');
    const cells = (name: string) => (lines.find((l) => l.startsWith(`${name};`)) ?? '').split(';').slice(1);
    const col = cells('IdSeries').findIndex(
      (id, i) => cells('Grandeurs')[i] === 'Q' && id.endsWith('centrale_50'),
    );
    const [d, t] = (lines.find((l) => l.startsWith('# DtDerObs;')) ?? '').split(';')[1]?.split(' ') ?? [];
    const [dd, mm, yyyy] = (d ?? '').split('-');
    const points = lines.flatMap((l) => {
      const m = /^(\d\d)-(\d\d)-(\d{4}) (\d\d:\d\d);(.*)$/.exec(l);
      if (!m) return [];
      return [
        { ts: Date.parse(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:00Z`), valeur: Number(m[5]?.split(';')[col]) },
      ];
    });
    return { run: Date.parse(`${yyyy}-${mm}-${dd}T${t}:00Z`), points };
  }

  it('fires « débit prévu au-dessus de 180 m³/s dans les 48 h » and no observed-threshold alert', async () => {
    const SEUIL = 180;
    const lieu = await lieuOfStation(ctx, digoin.station, 'Q');
    const before = await snapshot();
    const { token, id } = await signedUpUser(ctx, 'Ligerienne');
    await ctx.db.db
      .insertInto('user_autorisation')
      .values({ user_id: id, autorisation_id: 1, created_at: LOIRE.from })
      .execute();
    const profile = await ctx.request({
      method: 'POST',
      url: '/api/user/profile',
      payload: { acceptPrevisionAlert: true },
      token,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await addRegles(ctx, token, lieu.lieu, [
      { type: 'prevision', grandeur: 'Q', seuil: SEUIL, horizon_h: 48 },
      { type: 'au_dessus', grandeur: 'Q', seuil: SEUIL },
    ]);

    // Expectations from the source files: the forecast is announced at the end of the step holding its run time and
    // looks 48 h ahead; the observed hourly flow of the window never goes above the threshold.
    const { run, points } = centralFlowPrevision();
    const announced = LOIRE.from + (Math.floor((run - LOIRE.from) / STEP) + 1) * STEP - 1;
    const crossing = points.find(
      (p) => p.ts > announced && p.ts <= announced + 48 * HOUR_MS && p.valeur > SEUIL,
    );
    expect(crossing).toBeDefined();
    const observed = parseCsv(readSeedText(digoin.qmnh))
      .map((r) => ({ ts: Date.parse(r['Date (TU)'] ?? ''), v: Number(r['Valeur (en m³/s)']) }))
      .filter((r) => r.ts >= LOIRE.from && r.ts < LOIRE.to);
    expect(observed.length).toBeGreaterThan(100);
    expect(Math.max(...observed.map((r) => r.v))).toBeLessThanOrEqual(SEUIL);

    const rt = alertsFor(ctx);
    const result = await replay(rt, undefined, undefined, LOIRE);
    await rt.alerts.stop();
    expect(result.statut).toBe('termine');
    expect(result.lectures).toBe(observed.length * EPISODE_LOIRE_FILES.length);

    const list = z.parse(
      NotificationsResponse,
      json(await ctx.request({ url: '/api/user/notifications', token })),
    );
    expect(list.notifications.map((n) => [n.type, n.ts, n.valeur])).toEqual([
      ['prevision', crossing?.ts, crossing?.valeur],
    ]);
    // The dataset is whole again.
    expect(await snapshot()).toEqual(before);
  }, 180_000);
});

describe('recorded series and arguments', () => {
  it('reads the January 2022 levels (m) and daily mean flows (m³/s, at noon UTC) in time order', () => {
    expect(REPLAYED).toContain(PONT_NEUF_CODE);
    const all = recordedObservations();
    expect(all.length).toBeGreaterThan(118_000);
    expect(all.every((r, i) => i === 0 || (all[i - 1]?.ts ?? 0) <= r.ts)).toBe(true);
    const peak = all
      .filter((r) => r.codeStation === PONT_NEUF_CODE)
      .reduce((m, r) => Math.max(m, r.valeur), 0);
    expect(peak).toBe(4.306);
    expect(all.find((r) => r.grandeur === 'Q')?.ts).toBe(Date.parse('2022-01-01T12:00:00Z'));
  });

  it.each([
    [[], { from: '2022-01-08', to: '2022-01-15', speed: 3600, stepMinutes: 15 }],
    [
      ['--from', '2022-01-20', '--to', '2022-02-01', '--speed', '3600'],
      { from: '2022-01-20', to: '2022-02-01', speed: 3600, stepMinutes: 15 },
    ],
    [
      ['--from=2022-01-09', '--to=2022-01-12', '--speed=86400', '--pas=5'],
      { from: '2022-01-09', to: '2022-01-12', speed: 86400, stepMinutes: 5 },
    ],
  ])('parses %j', (argv, expected) => {
    expect(parseReplayArgs(argv)).toEqual(expected);
  });

  it.each([
    [['--from', '2022-13-01'], '--from doit être un jour AAAA-MM-JJ (reçu : 2022-13-01)'],
    [['--from', '2022-01-15', '--to', '2022-01-10'], '--to doit suivre --from (le jour --to est exclu)'],
    [['--speed', '0'], '--speed doit être un nombre positif'],
    [['--pas', '120'], '--pas doit être compris entre 1 et 60 minutes'],
    [
      ['--vite'],
      'Option inconnue : --vite (options : --from AAAA-MM-JJ --to AAAA-MM-JJ --speed N --pas MIN)',
    ],
    [['--speed'], 'Valeur manquante après --speed'],
  ])('refuses %j in French', (argv, message) => {
    expect(() => parseReplayArgs(argv)).toThrow(message);
  });
});
