/**
 * One clock during a replay (docs/decisions/142): at each step, `/api/health` names the replay's instant, the places'
 * states are judged at that instant and no reading is after it, and the place's vigilance is the bulletin valid at
 * that instant (or none); the place's daily maximum of a day not over at that instant is not a value yet, and the
 * year's highest is that of the days before it. The replay's e-mails, sent through a real SMTP server by a process configured without the
 * server's `PUBLIC_URL` (another terminal), link to the address the server records when it starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { HealthResponse } from '@limni/shared/contracts/health';
import { NormalesLieu } from '@limni/shared/contracts/historique';
import { EntiteLieux, LieuDetail, LieuDonnees } from '@limni/shared/contracts/hydro';
import { parisDay, parisDayRange } from '@limni/shared/domain/time';
import { VIGILANCE_VALIDITE_MS } from '@limni/shared/domain/vigilance';
import { toulouseDays } from '../../../../test-support/history-csv';
import { addRegles, lieuOfStation, PONT_NEUF_CODE, type StationLieu } from '../../test/alerts';
import { signedUpUser } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/helpers';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { loadEnv } from '../config/env';
import { IngestEvents } from '../ingest/events';
import { insertVigilanceAlert } from '../ingest/jobs/vigicrues.repo';
import { createMailer } from '../notify/mail';
import { parseCsv, readSeedText } from '../seed/files';
import { runReplay } from './replay';
import { startReplayAlerts } from './runtime';

const SERVER_URL = 'https://crues.exemple.fr';
let ctx: TestContext;
let smtp: TestSmtpServer;
let PONT_NEUF: StationLieu;
beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_URL: SERVER_URL } });
  smtp = await startSmtpServer();
  PONT_NEUF = await lieuOfStation(ctx, PONT_NEUF_CODE);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const get = async (url: string) => {
  const res = await ctx.request({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as unknown;
};
const HOUR = 3_600_000;
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The seed's bulletin of a tronçon: its level in the recorded national bulletin and that bulletin's day. */
function seedBulletin(code: string): { niveau: number; jour: string } {
  const text = readSeedText('vigicrues_troncons_2021-01-24.csv');
  const column = /NivInfoVigiCru_(\d{4}-\d{2}-\d{2})/.exec(text.split('\n')[0] ?? '');
  const row = parseCsv(text).find((r) => r['CdEntVigiCru'] === code);
  return { niveau: Number(row?.[column?.[0] ?? ''] ?? NaN), jour: column?.[1] ?? '' };
}

/**
 * The place's archive of daily maxima (1857–2022) holds the replayed days: at `instant`, the day it is in has no value
 * yet, the day before has the CSV's, the year's highest is that of the days before, the chart's last day is yesterday.
 */
async function expectArchiveBefore(instant: number): Promise<void> {
  const today = parisDay(instant);
  const days = toulouseDays();
  const yesterday = days.filter((d) => d.jour < today).at(-1);
  if (!yesterday) throw new Error('Toulouse sans archive');
  const base = `/api/hydro/lieu/${PONT_NEUF.lieu}`;
  const now = z.parse(NormalesLieu, await get(`${base}/normales/${today}`));
  expect(now.jour.valeur).toBeNull();
  const soFar = days.filter((d) => d.jour >= `${today.slice(0, 4)}-01-01` && d.jour < today);
  expect(now.maxima_annuels?.annee?.valeur).toBe(Math.max(...soFar.map((d) => d.moyenne)));
  const before = z.parse(NormalesLieu, await get(`${base}/normales/${yesterday.jour}`));
  expect(before.jour.valeur).toBe(yesterday.moyenne);
  const year = z.parse(LieuDonnees, await get(`${base}/archive/${today}/1`));
  const drawn = year.series[0]?.ts ?? [];
  expect(parisDay(drawn[drawn.length - 1] ?? 0)).toBe(yesterday.jour);
}

describe('one clock during a replay', () => {
  it('health, states, readings and vigilance at the replay instant; e-mails link to the server', async () => {
    const before = z.parse(LieuDetail, await get(`/api/hydro/lieu/${PONT_NEUF.lieu}`));
    const troncon = before.troncon;
    if (!troncon) throw new Error('Pont-Neuf sans tronçon');
    // Outside a replay the place shows the seed's bulletin, from the recorded national bulletin.
    const seed = seedBulletin(troncon.code);
    expect(troncon.niveau).toBe(seed.niveau);
    expect(new Date(troncon.niveau_ts ?? 0).toISOString().slice(0, 10)).toBe(seed.jour);
    // A bulletin of the replayed days, recorded as the Vigicrues job records a change: orange from 10 January 10:00.
    const orange = Date.parse('2022-01-10T10:00:00+01:00');
    await insertVigilanceAlert(ctx.db.db, {
      tronconId: troncon.id,
      niveau: 3,
      titre: 'Vigilance orange crues',
      message: 'Bulletin du 10/01/2022 à 10h00.',
      debut: orange,
      fin: null,
      createdAt: orange,
    });
    const { token, email } = await signedUpUser(ctx, 'Horloge');
    await addRegles(ctx, token, PONT_NEUF.lieu, [{ type: 'au_dessus', grandeur: 'H', seuil: 3 }]);

    // `npm run replay` in another terminal: the default PUBLIC_URL (http://localhost:8080), a real SMTP server.
    const replayEnv = loadEnv({ NODE_ENV: 'test', DATA_DIR: ctx.dataDir, SMTP_URL: smtp.url });
    expect(replayEnv.PUBLIC_URL).toBe('http://localhost:8080');
    const events = new IngestEvents();
    const push = ctx.deps.push;
    if (!push) throw new Error('push manquant');
    const { alerts, publicUrl } = await startReplayAlerts(replayEnv, {
      db: ctx.db.db,
      events,
      mailer: createMailer(replayEnv),
      push,
      alertKey: ctx.deps.secrets.alertKey,
    });
    expect(publicUrl).toBe(SERVER_URL);

    const from = parisDayRange('2022-01-10').start;
    const checkpoints = [from + 6 * HOUR, from + 12 * HOUR, from + 36 * HOUR];
    const seen: Array<{ instant: number; niveau: number | null; ts: number | null }> = [];
    try {
      await runReplay({
        db: ctx.db,
        events,
        from,
        to: parisDayRange('2022-01-12').start,
        speed: 1e9,
        rewind: (ids) => alerts.evaluator.rewind(ids),
        afterStep: async (at) => {
          await alerts.delivery.deliverDue();
          const instant = at + 1;
          if (!checkpoints.includes(instant)) return;
          const health = z.parse(HealthResponse, await get('/api/health'));
          expect(health.donnees.relecture).toBe(instant);
          const etats = z.parse(EntiteLieux, await get(`/api/hydro/entite/${before.entite.id}/lieux`));
          expect(etats.maintenant).toBe(instant);
          const ts = etats.lieux.flatMap((l) => l.capteurs.map((c) => c.ts ?? 0));
          expect(Math.max(...ts)).toBeLessThanOrEqual(instant);
          const lieu = z.parse(LieuDetail, await get(`/api/hydro/lieu/${PONT_NEUF.lieu}`));
          seen.push({ instant, niveau: lieu.troncon?.niveau ?? null, ts: lieu.troncon?.niveau_ts ?? null });
          await expectArchiveBefore(instant);
        },
        log: silentLog,
        sleep: async () => {},
      });
    } finally {
      await alerts.stop();
    }

    // The bulletin valid at each instant: published at most 24 h before it — the seed's (January 2021) never is.
    const valid = (instant: number) => {
      const known = [
        { niveau: seed.niveau, ts: before.troncon?.niveau_ts ?? 0 },
        { niveau: 3, ts: orange },
      ].filter((b) => b.ts <= instant && instant - b.ts <= VIGILANCE_VALIDITE_MS);
      const b = known.at(-1);
      return { instant, niveau: b?.niveau ?? null, ts: b?.ts ?? null };
    };
    expect(seen).toEqual(checkpoints.map(valid));
    expect(seen.map((s) => s.niveau)).toEqual([null, 3, null]);

    // After the replay: the clock and the place's bulletin are the dataset's again.
    const after = z.parse(HealthResponse, await get('/api/health'));
    expect(after.donnees.relecture ?? null).toBeNull();

    // The crossing of 3.00 m on 10 January: one e-mail, over SMTP, every link on the server's address.
    const mails = smtp.messages.filter((m) => m.envelope.to.includes(email));
    expect(mails).toHaveLength(1);
    const links = [...(mails[0]?.raw ?? '').matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
    const own = links.filter((l) => !l.startsWith('http://www.w3.org'));
    expect(own.length).toBeGreaterThan(0);
    for (const link of own) expect(link.startsWith(`${SERVER_URL}/`), link).toBe(true);
  }, 120_000); // two days replayed, each step written and judged: a deadline on a shared 2-core machine
});
