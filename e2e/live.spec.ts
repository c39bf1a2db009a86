/**
 * Live by default, in the browser (docs/decisions/134): the built server started as `npm start` starts it — its
 * default configuration, only its base URLs pointed at the recorded upstream (test-support/upstream) — on a fresh
 * data directory. The sources cannot be reached at first: the home page is the demo and says why. They come back:
 * without a restart the service turns live; the home page shows today's vigilance bulletin, Toulouse shows today's
 * reading with its age in minutes, the chooser lists the rivers with today's readings. In French and in English, at
 * a phone's and a desktop's width (screenshots under test-results/screens/live-*).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './fixtures';
import { expectAccessible, screenshots } from './support';
import { parseCsv, readSeedText } from '../apps/api/src/seed/files';
import { startRecordedUpstream, type RecordedUpstream } from '../test-support/upstream';

const root = path.resolve(import.meta.dirname, '..');
const TOULOUSE = 'O200004001';

let up: RecordedUpstream;
let child: ChildProcess;
let base = '';
let dataDir = '';

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((ok) => srv.listen(0, '127.0.0.1', ok));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((ok) => srv.close(ok));
  return port;
}

interface Health {
  ingestion: { mode: string; raison?: string | null; prochainEssai?: number | null };
}
async function health(): Promise<Health | null> {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(3_000) });
    return res.ok ? ((await res.json()) as Health) : null;
  } catch {
    return null;
  }
}
async function until<T>(fn: () => Promise<T | null | undefined | false>, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('délai dépassé');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** « 14 h 32 »: the hour as the French banner writes it (Europe/Paris). */
/** An hour as the French pages write it: « 0 h 12 », « 21 h 05 » (the hour not padded). */
const hourFr = (ms: number) => {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${Number(part('hour'))} h ${part('minute')}`;
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  up = await startRecordedUpstream({ catalogue: 'recorded' });
  await up.stop();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-e2e-live-'));
  child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      HUBEAU_BASE_URL: up.hubeauBaseUrl,
      VIGICRUES_BASE_URL: up.vigicruesBaseUrl,
      OPEN_METEO_BASE_URL: up.openMeteoBaseUrl,
      VIGIEAU_BASE_URL: up.vigieauBaseUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
    return (await health())?.ingestion.mode === 'demo' && (await health())?.ingestion.prochainEssai;
  }, 120_000);
});

test.afterAll(async () => {
  child?.kill('SIGTERM');
  await up?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function toEnglish(page: Page) {
  await page.getByRole('contentinfo').getByLabel('Langue').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('sources unreachable: the demo says why and when it tries again; back: live without a restart', async ({
  page,
}) => {
  const h = await health();
  await page.goto(`${base}/`);
  const banner = page.getByText(/Sources injoignables depuis ce serveur/);
  await expect(banner).toBeVisible();
  await expect(page.getByText(`Nouvel essai à ${hourFr(h?.ingestion.prochainEssai ?? 0)}`)).toBeVisible();
  await expect(page.getByText(/^Démonstration — nous sommes le 1er février 2022/)).toBeVisible();
  await screenshots(page, 'live-demo-injoignable');

  await up.start();
  await until(async () => (await health())?.ingestion.mode === 'live', 60_000);
  await page.reload();
  await expect(page.getByText(/Démonstration —/)).toHaveCount(0);
  await expect(page.getByText(/Sources injoignables/)).toHaveCount(0);
});

/** A date as the French pages write it: « 1er février 2022 ». */
const longFr = (ts: number) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
    .format(ts)
    .replace(/^1 /, '1er ');

test('live: the home page with today’s bulletin, Toulouse with today’s reading and its age, in French and English', async ({
  page,
}) => {
  // The sweep and the vigilance ran after the switch.
  const lieu = await until(async () => {
    const terms = (await (await fetch(`${base}/api/hydro/recherche-terms`)).json()) as {
      lieux: Array<{ id: number; nom: string; entite_nom: string }>;
    };
    const l = terms.lieux.find((x) => x.nom === 'Toulouse (Pont-Neuf)');
    const etat = l && (await (await fetch(`${base}/api/hydro/lieu/${l.id}`)).json());
    return etat && l;
  }, 30_000);
  const served = up.ledger.observations({ station: TOULOUSE, grandeur: 'H' });
  await until(
    async () => served.length > 0 && up.ledger.observations({ station: TOULOUSE, grandeur: 'H' }),
    30_000,
  );
  const last = up.ledger
    .observations({ station: TOULOUSE, grandeur: 'H' })
    .reduce((a, b) => (b.ts > a.ts ? b : a));

  await page.goto(`${base}/`);
  const situation = page.getByRole('region', { name: 'Situation nationale' });
  const today = longFr(up.startedAt);
  await expect(situation.getByText(new RegExp(`${today}`)).first()).toBeVisible();
  await expect(situation.getByText(/dernier bulletin connu/)).toHaveCount(0);
  await expectAccessible(page, 'accueil en direct');
  await screenshots(page, 'live-accueil-fr');

  await page.goto(`${base}/lieu/${lieu.id}/a-1`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'La Garonne à Toulouse (Pont-Neuf)' }),
  ).toBeVisible();
  const valeur = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(last.value / 1000)
    .replace(/\s/g, '\u00a0');
  await expect(page.getByTestId('valeur-principale')).toHaveText(`${valeur}\u00a0m`);
  await expect(page.getByTestId('age').first()).toHaveText(/^il y a \d+\smin$/);
  await expect(page.getByText(/Démonstration/)).toHaveCount(0);
  // The demo's January 2022 and today's readings, years apart: the range says so.
  const demo = parseCsv(readSeedText('garonne_H_2022-01_native.csv'))
    .filter((r) => r['code_station'] === TOULOUSE)
    .map((r) => Date.parse(r['date_obs'] ?? ''));
  await expect(
    page.getByText(
      new RegExp(
        `^Données disponibles du ${longFr(Math.min(...demo))} au ${longFr(Math.max(...demo))}, ` +
          `puis du .+ au ${longFr(last.ts)} : aucune mesure entre les deux\\.$`,
      ),
    ),
  ).toBeVisible();
  await screenshots(page, 'live-lieu-fr');

  await page.goto(`${base}/choisir`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshots(page, 'live-choisir-fr');

  // « État des sources »: live, and each source with its last success.
  await page.goto(`${base}/etat-des-sources`);
  await expect(page.getByTestId('mode').getByText('En direct')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Hub'Eau", exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vigicrues', exact: true })).toBeVisible();
  await screenshots(page, 'live-etat-sources-fr');

  await toEnglish(page);
  await page.goto(`${base}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await screenshots(page, 'live-accueil-en');
  await page.goto(`${base}/lieu/${lieu.id}/a-1`);
  await expect(page.getByTestId('age').first()).toHaveText(/\bago$/);
  await screenshots(page, 'live-lieu-en');
  await page.goto(`${base}/choisir`);
  await screenshots(page, 'live-choisir-en');
});
