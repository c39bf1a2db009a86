/**
 * docs/requirements.md R14 end to end: one subscribes to La Garonne à Toulouse (Pont-Neuf) with « au-dessus de 3,00 m » in
 * the « M'alerter » dialog; `npm run replay` plays the January 2022 flood into the server's database (banner
 * « Relecture en cours ») and crosses it; exactly one e-mail lands in `$DATA_DIR/outbox/`, one push reaches a local
 * push endpoint on 127.0.0.1, the alert is listed by the API and shown on the `alertes` page; replaying the same
 * window again sends nothing new; the e-mail's one-click link stops the rule.
 *
 * The replay rewrites observations of the whole database: this spec runs its own server (fresh DATA_DIR, port of its
 * own, `PUSH_LOCAL_ENDPOINTS=1` so the API accepts the local push endpoint), never the shared one of the others —
 * on a fresh PostgreSQL database of its own when the shared server runs on PostgreSQL (db-support.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { browserRegistration, decryptPush } from '../apps/api/test/push-service';
import { archiveThreshold, toulouseDays } from '../test-support/history-csv';
import { lieuOfStation, scratchPostgres } from './db-support';
import { expectAccessible, screenshots, SCREENS_DIR } from './support';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const PASSWORD = 'Truite-Vague-42-Saumon';
/** La Garonne à Toulouse (Pont-Neuf), by its station code. */
const STATION = 'O200004001';
const NOM = 'La Garonne à Toulouse (Pont-Neuf)';
const TITRE = `${NOM}\u00a0: 3,02 m, au-dessus de 3,00 m`;

let server: ChildProcess;
let base = '';
let dataDir = '';
/** This server's PostgreSQL database (undefined: SQLite in dataDir). */
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
/** The place's id in this server's database. */
let lieu = 0;
const lieuPath = () => `/lieu/${lieu}/a-3`;
const pushes: Array<{ path: string; body: Buffer }> = [];
let pushService: http.Server;
let pushOrigin = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = http.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k !== 'NODE_OPTIONS' && !k.startsWith('PW_')),
    ),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PUSH_LOCAL_ENDPOINTS: '1',
    PUBLIC_URL: base,
    // The demo dataset offline: the replay writes into it.
    INGEST: 'off',
    // Unset DATABASE_URL: SQLite in DATA_DIR.
    DATABASE_URL: databaseUrl ?? '',
    ...extra,
  };
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const scratch = await scratchPostgres();
  if (scratch) {
    databaseUrl = scratch.databaseUrl;
    dropDatabase = scratch.drop;
  }
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ path: req.url ?? '/', body: Buffer.concat(chunks) });
      res.statusCode = 201;
      res.end();
    });
  });
  await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-e2e-alertes-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const fromSource = process.env.E2E_API_SOURCE === '1';
  const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
  server = spawn(
    fromSource ? tsx : process.execPath,
    [fromSource ? path.join(root, 'apps/api/src/server.ts') : path.join(root, 'apps/api/dist/server.js')],
    {
      cwd: root,
      env: childEnv({ PORT: String(port), HOST: '127.0.0.1', WEB_DIST: webDist }),
      stdio: 'inherit',
    },
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      throw new Error('Le serveur des alertes ne démarre pas');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  lieu = (await lieuOfStation({ databaseUrl, dataDir }, STATION)).id;
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  await new Promise<void>((r) => (pushService ? pushService.close(() => r()) : r()));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase();
});

interface Mail {
  to: string;
  subject: string;
  body: string;
}
function mails(): Mail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const qp = (s: string) =>
    s
      .replace(/=\r?\n/g, '')
      .replace(/(?:=[0-9A-F]{2})+/gi, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      const header = (name: string) =>
        new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ??
        '';
      const subject = header('Subject').replace(
        /=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi,
        (_m, enc: string, t: string) =>
          enc.toUpperCase() === 'B' ? Buffer.from(t, 'base64').toString('utf8') : qp(t.replace(/_/g, ' ')),
      );
      return { to: header('To'), subject, body: qp(raw) };
    });
}
const alertMails = (email: string) =>
  mails().filter((m) => m.to.includes(email) && m.subject.startsWith('Alerte Limni'));

async function api(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
  token?: string,
) {
  const csrf = ((await (await request.get(`${base}/api/csrf`)).json()) as { csrftoken: string }).csrftoken;
  const headers: Record<string, string> = { 'x-csrftoken': csrf };
  if (token) headers.authorization = `Bearer ${token}`;
  return method === 'GET'
    ? request.get(`${base}${url}`, { headers })
    : request.post(`${base}${url}`, { headers, data });
}

async function createAccount(request: APIRequestContext): Promise<{ username: string; email: string }> {
  const username = `Riveraine${Date.now().toString(36)}`;
  const email = `${username.toLowerCase()}@exemple.fr`;
  const reg = await api(request, 'POST', '/api/registration/rest/', {
    username,
    email,
    password1: PASSWORD,
    password2: PASSWORD,
  });
  expect(reg.status(), await reg.text()).toBe(201);
  let mail: Mail | undefined;
  for (let i = 0; i < 100 && !mail; i++) {
    mail = mails().find((m) => m.to.includes(email) && /Confirmez/.test(m.subject));
    if (!mail) await new Promise((r) => setTimeout(r, 100));
  }
  const key = decodeURIComponent(/\/user\/register\/([^\s"<>]+)/.exec(mail?.body ?? '')?.[1] ?? '');
  const verify = await api(request, 'POST', '/api/registration/rest/verify-email/', { key });
  expect(verify.status(), await verify.text()).toBe(200);
  return { username, email };
}

/** `npm run replay` on this server's database, as a person would run it in another terminal. */
function replay(args: string[]): {
  child: ChildProcess;
  done: Promise<{ code: number | null; out: string }>;
} {
  const child = spawn(tsx, [path.join(root, 'apps/api/src/replay/cli.ts'), ...args], {
    cwd: root,
    env: childEnv({}),
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return { child, done: new Promise((resolve) => child.on('exit', (code) => resolve({ code, out }))) };
}

/** The recorded water levels of the station (the seed's copy of the January 2022 series), oldest first. */
function recordedLevels(): Array<{ ts: number; mm: number }> {
  const csv = zlib.gunzipSync(
    fs.readFileSync(path.join(root, 'apps/api/seed-data/garonne_H_2022-01_native.csv.gz')),
  );
  return csv
    .toString('utf8')
    .split('\n')
    .filter((l) => l.startsWith(`${STATION},`))
    .map((l) => {
      const [, date, mm] = l.split(',');
      return { ts: Date.parse(date ?? ''), mm: Number(mm) };
    })
    .sort((a, b) => a.ts - b.ts);
}

/** « 10/01/2022 à 02h00 » in Paris, as the app writes an instant in French. */
function parisDateTime(ts: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ts))
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} à ${p.hour}h${p.minute}`;
}

/**
 * The place page during a replay shows one instant (docs/decisions/142): the banner's, the main reading's — the latest
 * recorded one before it, « il y a N min » from it — and the vigilance valid then; no demo clock beside it, and no
 * age « dans ». Returns the instant read.
 */
async function expectOneClock(page: Page, after: number): Promise<number> {
  const levels = recordedLevels();
  let instant = 0;
  await expect(async () => {
    const banner = page.getByRole('status').filter({ hasText: 'Relecture en cours' });
    const text = (await banner.textContent({ timeout: 2000 })) ?? '';
    const m = /(\d\d)\/(\d\d)\/(\d{4}) à (\d\d)h(\d\d)/.exec(text);
    expect(m, text).not.toBeNull();
    const [, d, mo, y, h, mi] = m ?? [];
    // Paris is UTC+1 in January.
    instant = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:00+01:00`);
    expect(instant).toBeGreaterThan(after);
    const observation = levels.filter((r) => r.ts < instant).at(-1);
    if (!observation) throw new Error('aucune mesure avant la relecture');
    const minutes = Math.round((instant - observation.ts) / 60_000);
    const main = page.getByText(/^Dernière mesure le /).first();
    await expect(main).toHaveText(
      new RegExp(`^Dernière mesure le ${parisDateTime(observation.ts)} \\(il y a ${minutes}\\smin\\)$`),
      { timeout: 1000 },
    );
    await expect(page.getByText(/^Vigilance crues\s: aucun bulletin connu pour cette date$/)).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText(/Démonstration — nous sommes/)).toBeHidden();
  for (const age of await page.getByTestId('age').allTextContents()) expect(age).not.toMatch(/dans|\bin\b/);
  await expect(page.locator('body')).not.toContainText(/dans \d+\s?min/);
  return instant;
}

/**
 * One clock: a slow replay of the night of 10 January (an hour every 10 s), read on the place page at two of its
 * instants, then interrupted (its data are written back).
 */
async function oneClockDuringSlowReplay(page: Page): Promise<void> {
  const slow = replay(['--from', '2022-01-10', '--to', '2022-01-11', '--speed', '360', '--pas', '60']);
  await expect
    .poll(
      async () => ((await (await fetch(`${base}/api/replay`)).json()) as { en_cours: boolean }).en_cours,
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  await page.goto(`${base}${lieuPath()}`);
  await expect(page.getByRole('status').filter({ hasText: 'Relecture en cours' })).toBeVisible({
    timeout: 60_000,
  });
  try {
    const firstInstant = await expectOneClock(page, 0);
    await screenshots(page, 'relecture-lieu');
    await expectOneClock(page, firstInstant);
  } finally {
    slow.child.kill('SIGINT');
  }
  expect((await slow.done).code).toBe(130);
}

async function signIn(page: Page, username: string) {
  await page.goto(`${base}/user/login`);
  await page.getByLabel('Nom d’utilisateur ou adresse e-mail').fill(username);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/user\/profil$/);
}

test('subscribe with « au-dessus de 3,00 m », replay the flood: one e-mail, one push, the alert in the app', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const { username, email } = await createAccount(request);
  await signIn(page, username);
  const token = (await page.evaluate(() => localStorage.getItem('USER_TOKEN'))) ?? '';

  // « M'alerter » on the place page: the defaults of a new subscription are proposed; keep vigilance only.
  await page.goto(`${base}${lieuPath()}`);
  await expect(page.getByRole('heading', { level: 1, name: NOM })).toBeVisible();
  await page.getByRole('button', { name: `M’alerter pour ${NOM}` }).click();
  const dialog = page.getByRole('dialog', { name: `M’alerter — ${NOM}` });
  await expect(dialog.getByText('Vous ne suivez pas encore ce lieu')).toBeVisible();
  await expect(dialog.getByText(/Dernière mesure\s: 0,70\sm, le 01\/02\/2022 à 00h45\./)).toBeVisible();
  // Canoe-kayak's « trop haut »: the 90th percentile of Toulouse's daily maxima since 1857 (docs/decisions/140).
  const haut = archiveThreshold(toulouseDays(), 0.9).toLocaleString('fr-FR', { minimumFractionDigits: 2 });
  const tropHaut = dialog.getByRole('checkbox', { name: new RegExp(`Hauteur au-dessus de ${haut}\\sm`) });
  await expect(tropHaut).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Vigilance crues du tronçon/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'une prévision dépasse un seuil' })).toBeDisabled();
  await tropHaut.uncheck();
  await dialog.getByRole('radio', { name: 'le niveau dépasse un seuil' }).check();
  // A mistake first: the form says what is wrong, next to the field.
  await dialog.getByLabel('Seuil (m)').fill('trois');
  await dialog.getByRole('button', { name: 'Créer 2 alertes' }).click();
  await expect(dialog.getByLabel('Seuil (m)')).toHaveAccessibleDescription(/Indiquez un nombre/);
  await dialog.getByLabel('Seuil (m)').fill('3,00');
  await expectAccessible(page, 'dialogue M’alerter');
  await screenshots(page, 'alertes-dialogue');
  // The dialog as a phone shows it (a full-page shot stretches the viewport under a fixed dialog).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENS_DIR, 'alertes-dialogue-ecran-390.png') });
  await page.setViewportSize({ width: 1280, height: 720 });
  await dialog.getByRole('button', { name: 'Créer 2 alertes' }).click();
  await expect(page.getByText(`2 alertes créées pour ${NOM}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // The place is followed now, and the dialog lists the rules.
  await expect(page.getByRole('button', { name: /^Abonné/ })).toBeVisible();
  const opener = page.getByRole('button', { name: `M’alerter pour ${NOM}` });
  await opener.click();
  await expect(dialog.getByText('Hauteur au-dessus de 3,00 m', { exact: true })).toBeVisible();
  await expect(
    dialog.getByRole('switch', { name: 'Alerte active : Hauteur au-dessus de 3,00 m' }),
  ).toBeChecked();
  // The dialog opens with a 300 ms animation (R12), and closes with one.
  const openingMs = await dialog.evaluate((el) =>
    el.getAnimations().map((a) => Number((a.effect?.getTiming().duration as number | undefined) ?? 0)),
  );
  expect(openingMs).toContain(300);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Escape gives the focus back to the button that opened the dialog, not to the page.
  await expect(opener).toBeFocused();

  // This browser's push subscription (headless Chromium has no push service: a local one plays it).
  const sub = browserRegistration();
  const edit = await api(
    request,
    'POST',
    '/api/user/edit-push',
    { type: 'web', registrationId: sub.json(`${pushOrigin}/push/e2e`) },
    token,
  );
  expect(edit.status(), await edit.text()).toBe(200);

  await oneClockDuringSlowReplay(page);

  // The replay runs: the banner says so, with the simulated time.
  const first = replay(['--from', '2022-01-09', '--to', '2022-01-12', '--speed', '20000']);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`${base}/api/replay`)).json()) as { en_cours: boolean }).en_cours,
      {
        timeout: 60_000,
      },
    )
    .toBe(true);
  await page.goto(`${base}/alertes`);
  await expect(
    page.getByRole('status').filter({ hasText: /Relecture en cours\s: \d\d\/01\/2022 à \d\dh\d\d/ }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await screenshots(page, 'relecture-bandeau');
  const result = await first.done;
  expect(result.code, result.out).toBe(0);
  expect(result.out).toMatch(
    /Relecture terminée : \d+ mesures rejouées en 288 étapes, 1 notification créée\./,
  );

  // Exactly one e-mail, one push, one notification.
  const sent = alertMails(email);
  expect(sent).toHaveLength(1);
  expect(sent[0]?.subject).toBe(`Alerte Limni — ${TITRE}`);
  expect(sent[0]?.body).toContain(
    'Hauteur de 3,02 m le 10/01/2022 à 11h45, au-dessus de votre seuil de 3,00 m.',
  );
  // The rule was made on the place's canoë-kayak page (a-3): its links keep that activity.
  expect(sent[0]?.body).toContain(`${base}${lieuPath()}`);
  expect(sent[0]?.body).not.toContain(`${base}/lieu/${lieu}/a-1`);
  expect(pushes).toHaveLength(1);
  expect(JSON.parse(decryptPush(pushes[0]?.body as Buffer, sub))).toMatchObject({
    title: TITRE,
    url: lieuPath(),
  });
  const listed = (await (await api(request, 'GET', '/api/user/notifications', undefined, token)).json()) as {
    non_lues: number;
    notifications: Array<{ titre: string; envois: Array<{ canal: string; statut: string }> }>;
  };
  expect(listed.non_lues).toBe(1);
  expect(listed.notifications.map((n) => n.titre)).toEqual([TITRE]);
  expect(listed.notifications[0]?.envois).toEqual([
    { canal: 'email', statut: 'envoye' },
    { canal: 'push', statut: 'envoye' },
  ]);

  // On the « Mes alertes » page.
  await page.goto(`${base}/alertes`);
  const notifs = page.getByRole('region', { name: 'Mes notifications' });
  await expect(notifs.getByRole('heading', { name: TITRE })).toBeVisible();
  await expect(notifs.getByText('Nouveau')).toBeVisible();
  await expect(notifs.getByText('E-mail : envoyé')).toBeVisible();
  await expect(notifs.getByText('Notification : envoyé')).toBeVisible();
  await expect(notifs.getByText('1 non lue')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Relecture en cours' })).toBeHidden();
  await expectAccessible(page, 'alertes (notifications)');
  await screenshots(page, 'alertes-notifications');

  // The same window again: nothing new.
  const again = await replay(['--from', '2022-01-09', '--to', '2022-01-12', '--speed', '10000000']).done;
  expect(again.code, again.out).toBe(0);
  expect(again.out).toContain('0 notification créée');
  expect(alertMails(email)).toHaveLength(1);
  expect(pushes).toHaveLength(1);

  // Read, then hidden and shown again.
  await notifs.getByRole('button', { name: `Marquer comme lue : ${TITRE}` }).click();
  await expect(notifs.getByText('Nouveau')).toBeHidden();
  await notifs.getByRole('button', { name: `Masquer : ${TITRE}` }).click();
  await expect(notifs.getByText('Aucune notification pour l’instant')).toBeVisible();
  await notifs.getByRole('button', { name: 'Afficher les masquées' }).click();
  await notifs.getByRole('button', { name: `Réafficher : ${TITRE}` }).click();
  await notifs.getByRole('button', { name: 'Cacher les masquées' }).click();
  await expect(notifs.getByRole('heading', { name: TITRE })).toBeVisible();

  // The e-mail's one-click link: a confirmation page, then the rule is stopped.
  const stop = /https?:\/\/[^\s"<>]+\/api\/user\/alertes\/stop\/[\w.-]+/.exec(sent[0]?.body ?? '')?.[0] ?? '';
  await page.goto(stop);
  await expect(page.getByRole('heading', { name: 'Arrêter cette alerte\u00a0?' })).toBeVisible();
  await expect(page.getByText(`«\u00a0Hauteur au-dessus de 3,00 m\u00a0» pour ${NOM}`)).toBeVisible();
  await expectAccessible(page, 'arrêt d’une alerte (confirmation)');
  await screenshots(page, 'alertes-arret-confirmation');
  await page.getByRole('button', { name: 'Arrêter cette alerte' }).click();
  await expect(page.getByRole('heading', { name: 'Alerte arrêtée' })).toBeVisible();
  await screenshots(page, 'alertes-arret-fait');

  // In the profile, « Mes alertes » shows it switched off; switching it on again works.
  await page.goto(`${base}/user/profil#alertes`);
  const section = page.getByRole('region', { name: 'Mes alertes' });
  const regle = section.getByRole('switch', { name: 'Alerte active : Hauteur au-dessus de 3,00 m' });
  await expect(regle).not.toBeChecked();
  await expect(section.getByText(/Dernière alerte le 10\/01\/2022 à 11h45/)).toBeVisible();
  await expectAccessible(page, 'profil (mes alertes)');
  await screenshots(page, 'profil-mes-alertes');
  await regle.click();
  await expect(page.getByText('Alerte réactivée.')).toBeVisible();
  await expect(regle).toBeChecked();
});

test('a visitor is asked to sign in to create an alert', async ({ page }) => {
  await page.goto(`${base}${lieuPath()}`);
  const link = page.getByRole('link', { name: /M’alerter/ });
  // Back to this place after signing in (its default tab may already be in the address).
  await expect(link).toHaveAttribute('href', new RegExp(`^/user/login/lieu%2F${lieu}%2Fa-3(%2Fdonnees)?$`));
  // Replays are not running: no banner.
  await expect(page.getByText('Relecture en cours')).toBeHidden();
});
