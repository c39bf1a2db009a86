/**
 * `npm run bench -- uploads` (or `npx tsx bench/uploads.ts [--n=32] [--mp=49] [--format=png] [--sources]`): memory of the API process while
 * `n` uploads of `mp`-megapixel images arrive at once (docs/decisions/106, issue D9) — publication photos (decoded,
 * behind the decoding queue) and avatars (refused from their header beyond their lower limit) —, and the
 * latency of `/api/health` meanwhile.
 *
 * The built server (`apps/api/dist/server.js`, or its sources through tsx when not built or with `--sources`) runs as a child process
 * on a fresh DATA_DIR and port, on 127.0.0.1 only. Images are real JPEGs made by sharp in this process. Memory is
 * the child's peak resident set (VmHWM of /proc/<pid>/status, reset through /proc/<pid>/clear_refs just before
 * the burst) minus its resident set before it. Target: + 150 MB at most for 32 × 49 MP; the bench fails above.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const N = Number(arg('n') ?? 32);
const MEGAPIXELS = Number(arg('mp') ?? 49);
/** `jpeg` (shrinks on load) or `png` (decoded whole: the worst case). */
const FORMAT = arg('format') === 'png' ? 'png' : 'jpeg';
const TARGET_MB = 150;
const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'Truite-Vague-42-Saumon';

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

const statusKb = (pid: number, field: 'VmRSS' | 'VmHWM'): number => {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(m?.[1] ?? 0);
};

async function startServer(): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  const built = path.join(root, 'apps/api/dist/server.js');
  const fromDist = fs.existsSync(built) && !process.argv.includes('--sources');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-bench-uploads-'));
  // One process either way (`node --import tsx`, not the tsx launcher): its /proc entry is the server's.
  const child = spawn(
    process.execPath,
    fromDist ? [built] : ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        // As `npm run serve` starts it: glibc's allocator in two arenas, not one per thread (ADR 106).
        MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'error',
        NODE_ENV: 'test',
        INGEST: 'off',
      },
      // The outbox logs each mail on stdout: only errors are shown.
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`Serveur arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    if (i > 600) throw new Error('Le serveur ne répond pas');
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, base, dataDir };
}

/** A signed-in account: registration, the link of the outbox, sign-in (all through HTTP). */
async function account(base: string, dataDir: string, name: string): Promise<string> {
  const csrfRes = await fetch(`${base}/api/csrf`);
  const csrf = ((await csrfRes.json()) as { csrftoken: string }).csrftoken;
  const headers = { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` };
  const post = (url: string, body: unknown, token?: string) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      body: JSON.stringify(body),
    });
  const email = `${name.toLowerCase()}@exemple.fr`;
  await post('/api/registration/rest/', { username: name, email, password1: PASSWORD, password2: PASSWORD });
  const outbox = path.join(dataDir, 'outbox');
  const mail = fs
    .readdirSync(outbox)
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, ''))
    .find((m) => m.includes(email));
  const key = /\/user\/register\/([A-Za-z0-9_%-]+)/.exec(mail ?? '')?.[1];
  if (!key) throw new Error(`Pas de lien de vérification pour ${email}`);
  await post('/api/registration/rest/verify-email/', { key: decodeURIComponent(key) });
  const login = (await (
    await post('/api/auth/rest/login/', { username: name, password: PASSWORD })
  ).json()) as {
    token: string;
  };
  return `${login.token}|${csrf}`;
}

function upload(base: string, auth: string, kind: 'photo' | 'avatar', image: Buffer, lieu: number) {
  const [token, csrf] = auth.split('|') as [string, string];
  const form = new FormData();
  if (kind === 'photo') form.append('lieu', String(lieu));
  form.append(kind, new Blob([new Uint8Array(image)], { type: `image/${FORMAT}` }), `grande.${FORMAT}`);
  return fetch(`${base}/api/user/${kind === 'photo' ? 'new-publication' : 'avatar'}`, {
    method: kind === 'photo' ? 'POST' : 'PUT',
    headers: { authorization: `Bearer ${token}`, 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: form,
  });
}

async function burst(
  server: { child: ChildProcess; base: string },
  label: string,
  send: (i: number) => Promise<Response>,
): Promise<{ deltaMb: number; healthMaxMs: number; codes: Record<number, number> }> {
  const pid = server.child.pid as number;
  await new Promise((r) => setTimeout(r, 500));
  const before = statusKb(pid, 'VmRSS');
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  let healthMaxMs = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      await fetch(`${server.base}/api/health`);
      healthMaxMs = Math.max(healthMaxMs, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const answers = await Promise.all(Array.from({ length: N }, (_v, i) => send(i)));
  done = true;
  await probe;
  const peak = statusKb(pid, 'VmHWM');
  const codes: Record<number, number> = {};
  for (const a of answers) codes[a.status] = (codes[a.status] ?? 0) + 1;
  const deltaMb = (peak - before) / 1024;
  console.log(
    `${label} : RSS ${Math.round(before / 1024)} Mo avant, pic ${Math.round(peak / 1024)} Mo (+${deltaMb.toFixed(0)} Mo) ; réponses ${JSON.stringify(codes)} ; /api/health au pire ${healthMaxMs.toFixed(0)} ms`,
  );
  return { deltaMb, healthMaxMs, codes };
}

async function main(): Promise<void> {
  const side = Math.round(Math.sqrt(MEGAPIXELS * 1e6));
  const image = await sharp({
    create: { width: side, height: side, channels: 3, background: { r: 40, g: 90, b: 120 } },
  })
    .toFormat(FORMAT, FORMAT === 'png' ? { compressionLevel: 9 } : { quality: 80 })
    .toBuffer();
  console.log(
    `${N} envois simultanés d'une image ${FORMAT.toUpperCase()} de ${side} × ${side} (${MEGAPIXELS} Mpx, ${(image.length / 1024).toFixed(0)} Ko)`,
  );
  const results: number[] = [];
  // Each kind in a fresh server, so that one burst's growth does not hide the other's.
  for (const kind of ['photo', 'avatar'] as const) {
    const server = await startServer();
    try {
      const terms = (await (await fetch(`${server.base}/api/hydro/recherche-terms`)).json()) as {
        lieux: Array<{ id: number }>;
      };
      const lieu = terms.lieux[0]?.id ?? 1;
      // The hourly limit is 30 publications per account: two accounts share the burst.
      const accounts = [
        await account(server.base, server.dataDir, 'BancA'),
        await account(server.base, server.dataDir, 'BancB'),
      ];
      // Warm-up: sharp and its libraries loaded, one small image decoded.
      const small = await sharp(image).resize(800).toBuffer();
      await upload(server.base, accounts[0] as string, kind, small, lieu);
      const r = await burst(server, kind === 'photo' ? 'photos de publication' : 'avatars', (i) =>
        upload(server.base, accounts[i % 2] as string, kind, image, lieu),
      );
      results.push(r.deltaMb);
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  }
  const worst = Math.max(...results);
  console.log(`Cible : + ${TARGET_MB} Mo au plus. Atteint : + ${worst.toFixed(0)} Mo.`);
  if (worst > TARGET_MB) process.exitCode = 1;
}

await main();
