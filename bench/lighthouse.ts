/**
 * `npm run bench -- lighthouse` (or `npx tsx bench/lighthouse.ts [--runs=3] [--pages=/,/bassins]
 * [--form=mobile,desktop] [--long-tasks] [--port=N] [--a11y-only] [--lang=en]`): Lighthouse 12 (npm `lighthouse`, Debian Chromium at CHROME_PATH or
 * /usr/lib/chromium/chromium) on the built app served by the real server on a freshly seeded demo database, for the
 * five pages with performance targets, mobile and desktop profiles, `runs` runs each; prints the median performance score, LCP,
 * CLS, TBT and the accessibility score per page and profile, against their targets (mobile performance ≥ 90,
 * ≥ 80 on the chooser; CLS ≤ 0.05; LCP ≤ 2.5 s; desktop chooser TBT ≤ 300 ms; accessibility 100).
 * `--long-tasks` also prints, for each run, the main-thread tasks over 50 ms (start, duration, script) from
 * Lighthouse's `long-tasks` audit: what makes the TBT. `--port=N` serves the app on N and Chrome's debugging port on
 * N+1 (free ports otherwise), for machines where each user keeps to a range.
 * `--a11y-only` audits accessibility alone (fast; the figures of performance need an idle machine, these do not) on
 * the pages given, by default the place's tabs, the widget and the account screens (`A11Y_PAGES`), and prints the failing audits.
 * `--lang=en` runs the pages in English: the app's choice is stored in `localStorage` before the first audit, and
 * Lighthouse is told not to clear it.
 * Run it on an idle machine: Lighthouse simulates a slow phone from the trace it records, so a busy CPU lowers
 * the figures. The last column, BI, is Lighthouse's `benchmarkIndex` (median): the machine's speed at the time of
 * the runs; the same code scores lower when it falls (it has moved from ~2,800 to ~1,500 within an hour here). Needs `npm run build` first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

const runs = Number(arg('runs') ?? 3);
const forms = (arg('form') ?? 'mobile,desktop').split(',') as Array<'mobile' | 'desktop'>;
/** The five pages with performance targets; the place's Données tab is La Garonne à Toulouse (place 1). */
const a11yOnly = process.argv.includes('--a11y-only');
const lang = arg('lang') === 'en' ? 'en' : 'fr';
/** The screens audited for accessibility alone: the place's tabs, the widget, the not-found page, the account and lists. */
const A11Y_PAGES =
  '/lieu/1/a-3/donnees,/lieu/1/a-3/carte,/lieu/1/a-3/infos,/lieu/1/a-3/photos,/lieu/1/a-3/social,/embed/lieu/1,' +
  '/choisir/carte,/bassins,/activites,/alertes,/favoris,/user/login,/user/register,/nulle-part,/lieu/999999/a-3';
const PAGES = (
  arg('pages') ?? (a11yOnly ? A11Y_PAGES : '/,/bassins,/user/login,/lieu/1/a-3/donnees,/choisir/carte')
).split(',');
const longTasks = process.argv.includes('--long-tasks');
const chromePath = process.env.CHROME_PATH ?? '/usr/lib/chromium/chromium';
const fixedPort = arg('port') ? Number(arg('port')) : null;
/** `--slowdown=N`: the mobile profile's CPU slowdown (Lighthouse's default is 4). A larger one plays a slower machine. */
const slowdown = arg('slowdown') ? Number(arg('slowdown')) : undefined;

interface Figures {
  perf: number;
  lcp: number;
  cls: number;
  tbt: number;
  a11y: number;
  /** Lighthouse's `benchmarkIndex`: how fast this machine ran its fixed test loop at the time (higher is faster). */
  bi: number;
  /** Ids of the accessibility audits that failed. */
  a11yFailures: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function startApp(): Promise<{ base: string; stop: () => Promise<void> }> {
  const server = path.join(root, 'apps/api/dist/server.js');
  if (!fs.existsSync(server) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Application non construite : lancez « npm run build » d’abord.');
  }
  const port = fixedPort ?? (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-bench-lh-'));
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INGEST: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Le serveur ne répond pas');
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function audit(url: string, form: 'mobile' | 'desktop', port: number): Promise<Figures> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: a11yOnly ? ['accessibility'] : ['performance', 'accessibility'],
      // English: keep the language stored by `storeLanguage`.
      disableStorageReset: lang === 'en',
      // The not-found page is audited too: it answers 404 on purpose.
      ignoreStatusCode: a11yOnly,
      ...(slowdown !== undefined && form === 'mobile'
        ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } }
        : {}),
    },
    form === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`${url} : pas de résultat Lighthouse`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url} : ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  if (longTasks) printLongTasks(lhr.audits['long-tasks']?.details, url, form);
  const a11yFailures = Object.values(lhr.audits)
    .filter(
      (a) => a.score === 0 && (lhr.categories['accessibility']?.auditRefs ?? []).some((r) => r.id === a.id),
    )
    .map((a) => a.id);
  return {
    perf: Math.round((lhr.categories['performance']?.score ?? 0) * 100),
    lcp: num('largest-contentful-paint'),
    cls: num('cumulative-layout-shift'),
    tbt: num('total-blocking-time'),
    a11y: Math.round((lhr.categories['accessibility']?.score ?? 0) * 100),
    bi: Math.round(lhr.environment.benchmarkIndex),
    a11yFailures,
  };
}

/** Stores the app's language in the browser's profile, as the footer's choice does. */
async function storeLanguage(base: string, port: number): Promise<void> {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  await page.goto(`${base}/`);
  // Runs in the page: the page's own `localStorage` (the bench's tsconfig has no DOM types).
  await page.evaluate(`window.localStorage.setItem('langue', '${lang}')`);
  await page.close();
  await browser.disconnect();
}

function printLongTasks(details: unknown, url: string, form: string): void {
  const items = ((details as { items?: unknown[] } | undefined)?.items ?? []) as Array<{
    url?: string;
    startTime?: number;
    duration?: number;
  }>;
  console.log(`  tâches longues, ${form} ${new URL(url).pathname} :`);
  for (const t of items) {
    const script = (t.url ?? '').replace(/^https?:\/\/[^/]+/, '') || '(autre)';
    console.log(`    à ${Math.round(t.startTime ?? 0)} ms : ${Math.round(t.duration ?? 0)} ms  ${script}`);
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART…): such a run is taken again, up to twice. */
async function auditWithRetry(url: string, form: 'mobile' | 'desktop', port: number): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, form, port);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  (${url} ${form} : ${(err as Error).message.slice(0, 120)} — nouvel essai)`);
    }
  }
}

const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath,
  ...(fixedPort ? { port: fixedPort + 1 } : {}),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let ok = true;
try {
  if (lang === 'en') await storeLanguage(app.base, chrome.port);
  if (a11yOnly) {
    console.log(`Lighthouse 12, accessibilité seule (${lang}) — ${app.base}`);
    for (const form of forms) {
      for (const page of PAGES) {
        const f = await auditWithRetry(`${app.base}${page}`, form, chrome.port);
        ok = ok && f.a11y === 100;
        console.log(
          `${form.padEnd(7)} ${page.padEnd(28)} ${String(f.a11y).padStart(4)}  ${f.a11yFailures.join(' ')}`,
        );
      }
    }
    process.exitCode = ok ? 0 : 1;
  }
  if (!a11yOnly) {
    console.log(`Lighthouse 12, ${runs} passage(s) par page et profil, médianes — ${app.base}`);
    console.log('profil  page                      perf   LCP (s)  CLS    TBT (ms)  a11y  cibles  BI');
  }
  for (const form of a11yOnly ? [] : forms) {
    for (const page of PAGES) {
      const all: Figures[] = [];
      for (let i = 0; i < runs; i++) all.push(await auditWithRetry(`${app.base}${page}`, form, chrome.port));
      const m = (k: Exclude<keyof Figures, 'a11yFailures'>) => median(all.map((f) => f[k]));
      const chooser = page.startsWith('/choisir');
      const perfTarget = form === 'mobile' ? (chooser ? 80 : 90) : 0;
      const pass =
        m('perf') >= perfTarget &&
        m('cls') <= 0.05 &&
        m('lcp') <= 2500 &&
        (form !== 'desktop' || !chooser || m('tbt') <= 300) &&
        m('a11y') === 100;
      ok = ok && pass;
      console.log(
        [
          form.padEnd(7),
          page.padEnd(25),
          String(m('perf')).padStart(4),
          (m('lcp') / 1000).toFixed(2).padStart(8),
          m('cls').toFixed(3).padStart(6),
          m('tbt').toFixed(0).padStart(9),
          String(m('a11y')).padStart(5),
          (pass ? ' OK' : ' ÉCHEC').padEnd(7),
          String(m('bi')).padStart(5),
        ].join(' '),
      );
    }
  }
} finally {
  chrome.kill();
  await app.stop();
}
process.exit(ok ? 0 : 1);
