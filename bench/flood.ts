/**
 * Flood-day load test (on demand, loopback only, bounded): the reference deployment (`deploy/cluster.ts`:
 * PostgreSQL, 2 instances, nginx with its cache) under a mix shaped like a flood day, while `npm run replay` writes
 * at high speed into the same database. Then the same with one instance killed (SIGKILL) in the middle.
 *
 * Mix (weights): home HTML 8, chooser HTML 4, index API 8, place HTML 10 and place API 20 (header, series 7 days,
 * hourly chronicle) over the same 50 places, search terms 5, weather 4 (a local stand-in of Open-Meteo serving
 * the recorded forecast: the real one is unreachable here), and 1 % signed-in requests (notifications with a bearer
 * token, plus one publication per account). Reports requests/s, p50/p99, errors, nginx's hit ratio (from the
 * access log's `$upstream_cache_status`), requests that reached the instances, and PostgreSQL connections.
 *
 *   npx tsx bench/flood.ts [--seconds 20] [--connections 32]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ROOT, optionsFromEnv, startCluster, type Cluster } from '../deploy/cluster';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = Math.min(arg('seconds', 20), 120);
const CONNECTIONS = Math.min(arg('connections', 32), 256);
const DB = 'limni_flood';

function meteoStandIn(): Promise<{ origin: string; close: () => void }> {
  const body = fs.readFileSync(
    path.join(ROOT, 'apps/api/src/ingest/fixtures/open-meteo/forecast_lat48.64_lon2.32_2026-04-04.json'),
  );
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () =>
      ok({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
      }),
    ),
  );
}

interface Req {
  kind: string;
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: FormData;
}

interface Account {
  token: string;
  posted: boolean;
}

async function csrf(base: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${base}/api/csrf`);
  const { csrftoken } = (await res.json()) as { csrftoken: string };
  return { cookie: `csrftoken=${csrftoken}`, token: csrftoken };
}

async function post(base: string, url: string, payload: unknown, c: { cookie: string; token: string }) {
  return fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: c.cookie, 'x-csrftoken': c.token },
    body: JSON.stringify(payload),
  });
}

/** Registers, verifies (key read from the outbox of the shared DATA_DIR) and signs in through nginx. */
async function signedUp(cluster: Cluster, name: string): Promise<Account> {
  const c = await csrf(cluster.url);
  const email = `${name}@exemple.fr`;
  const password = 'Truite-Vague-42-Saumon';
  const reg = await post(
    cluster.url,
    '/api/registration/rest/',
    { username: name, email, password1: password, password2: password },
    c,
  );
  if (reg.status !== 201) throw new Error(`inscription ${reg.status} ${await reg.text()}`);
  const outbox = path.join(cluster.prefix, 'data/outbox');
  let key: string | undefined;
  for (let i = 0; i < 50 && !key; i++) {
    for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const raw = fs.readFileSync(path.join(outbox, f), 'utf8').replace(/=\r?\n/g, '');
      if (raw.includes(email)) key = /\/user\/register\/([^\s"<>]+)/.exec(raw)?.[1];
    }
    if (!key) await new Promise((r) => setTimeout(r, 100));
  }
  if (!key) throw new Error(`pas de lien de vérification pour ${email}`);
  const v = await post(
    cluster.url,
    '/api/registration/rest/verify-email/',
    { key: decodeURIComponent(key.replace(/=3D/g, '=')) },
    c,
  );
  if (v.status !== 200) throw new Error(`vérification ${v.status} ${await v.text()}`);
  const l = await post(cluster.url, '/api/auth/rest/login/', { username: name, password }, c);
  if (l.status !== 200) throw new Error(`connexion ${l.status}`);
  return { token: ((await l.json()) as { token: string }).token, posted: false };
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

interface Phase {
  latencies: number[];
  errors: Map<string, number>;
  count: number;
  seconds: number;
}

async function load(next: () => Req, base: string, seconds: number, onHalf?: () => void): Promise<Phase> {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const end = Date.now() + seconds * 1000;
  let half = onHalf;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        if (half && Date.now() - started >= (seconds * 1000) / 2) {
          half();
          half = undefined;
        }
        const r = next();
        const t = performance.now();
        try {
          const res = await fetch(`${base}${r.url}`, {
            method: r.method,
            headers: { 'accept-encoding': 'gzip, br', ...r.headers },
            ...(r.body ? { body: r.body } : {}),
          });
          await res.arrayBuffer();
          if (res.status >= 400) {
            errors.set(`${r.kind} ${res.status}`, (errors.get(`${r.kind} ${res.status}`) ?? 0) + 1);
          }
        } catch (err) {
          const k = `${r.kind} ${err instanceof Error ? err.message : String(err)}`;
          errors.set(k, (errors.get(k) ?? 0) + 1);
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, errors, count: latencies.length, seconds: (Date.now() - started) / 1000 };
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** Lines of nginx's access log from `from` on: cache statuses, and how many reached an instance. */
function cacheFigures(logFile: string, from: number) {
  const lines = fs.readFileSync(logFile, 'utf8').slice(from).split('\n').filter(Boolean);
  const status = new Map<string, number>();
  let publicGets = 0;
  let publicHits = 0;
  let reached = 0;
  for (const l of lines) {
    const s = /cache=(\S+)/.exec(l)?.[1] ?? '-';
    status.set(s, (status.get(s) ?? 0) + 1);
    const up = /upstream=(\S+)/.exec(l)?.[1] ?? '-';
    if (up !== '-') reached++;
    // Public GETs: the API answers nginx may keep (not bypassed, not HTML pages, not the health probe).
    if (/"GET \/api\/(hydro|meteo)\//.test(l) && s !== 'BYPASS') {
      publicGets++;
      if (s === 'HIT' || s === 'UPDATING' || s === 'STALE' || s === 'REVALIDATED') publicHits++;
    }
  }
  return { total: lines.length, status: Object.fromEntries(status), publicGets, publicHits, reached };
}

/** Warm-up (not counted): the first visitors ask each public URL of the mix once, which fills the cache. */
async function warmUp(base: string, day: string, lieux: number[]): Promise<void> {
  const publicUrls = [
    '/api/hydro/index',
    '/api/hydro/recherche-terms',
    ...lieux.flatMap((id) => [
      `/api/hydro/lieu/${id}`,
      `/api/hydro/lieu/${id}/d/${day}/7`,
      `/api/hydro/lieu/${id}/c-h/${day}/7`,
      `/api/meteo/lieu/${id}`,
    ]),
  ];
  for (let i = 0; i < publicUrls.length; i += 8) {
    await Promise.all(
      publicUrls
        .slice(i, i + 8)
        .map((u) =>
          fetch(`${base}${u}`, { headers: { 'accept-encoding': 'gzip, br' } }).then((r) => r.arrayBuffer()),
        ),
    );
  }
}

async function main(): Promise<void> {
  const meteo = await meteoStandIn();
  const opts = {
    ...optionsFromEnv({ ...process.env, CLUSTER_DB: DB, CLUSTER_PORT: '8190', CLUSTER_BASE_PORT: '8191' }),
    env: { OPEN_METEO_BASE_URL: meteo.origin },
    logDir: fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'limni-flood-logs-')),
  };
  const cluster = await startCluster(opts);
  const admin = new pg.Client({ connectionString: cluster.databaseUrl });
  await admin.connect();
  try {
    const health = (await (await fetch(`${cluster.url}/api/health`)).json()) as { donnees: { fin: number } };
    const day = new Date(health.donnees.fin).toISOString().slice(0, 10);
    // The 50 "popular" places: places with readings near the end of the data.
    const { rows } = await admin.query<{ id: number }>(
      `select l.id from lieu l join capteur c on c.lieu_id = l.id
       where l.episode is null group by l.id order by max(c.dernier_ts) desc nulls last, l.id limit 50`,
    );
    const lieux = rows.map((r) => r.id);
    const accounts: Account[] = [];
    const run = Date.now().toString(36);
    for (let i = 0; i < 5; i++) accounts.push(await signedUp(cluster, `crue${run}${i}`));
    const c = await csrf(cluster.url);

    const weighted: Array<[number, () => Req]> = [
      [8, () => ({ kind: 'home', method: 'GET', url: '/' })],
      [4, () => ({ kind: 'chooser', method: 'GET', url: '/choisir/carte' })],
      [8, () => ({ kind: 'index', method: 'GET', url: '/api/hydro/index' })],
      [10, () => ({ kind: 'place-html', method: 'GET', url: `/lieu/${pick(lieux)}/a-2` })],
      [7, () => ({ kind: 'place', method: 'GET', url: `/api/hydro/lieu/${pick(lieux)}` })],
      [8, () => ({ kind: 'series', method: 'GET', url: `/api/hydro/lieu/${pick(lieux)}/d/${day}/7` })],
      [5, () => ({ kind: 'chronicle', method: 'GET', url: `/api/hydro/lieu/${pick(lieux)}/c-h/${day}/7` })],
      [5, () => ({ kind: 'search', method: 'GET', url: '/api/hydro/recherche-terms' })],
      [4, () => ({ kind: 'weather', method: 'GET', url: `/api/meteo/lieu/${pick(lieux)}` })],
    ];
    const total = weighted.reduce((s, [w]) => s + w, 0);
    const next = (): Req => {
      if (Math.random() < 0.01) {
        const a = pick(accounts);
        if (!a.posted) {
          a.posted = true;
          const form = new FormData();
          form.set('lieu', String(pick(lieux)));
          form.set('texte', 'Ça monte vite au pont, prudence sur la berge.');
          return {
            kind: 'post',
            method: 'POST',
            url: '/api/user/new-publication',
            headers: { authorization: `Bearer ${a.token}`, cookie: c.cookie, 'x-csrftoken': c.token },
            body: form,
          };
        }
        return {
          kind: 'notifications',
          method: 'GET',
          url: '/api/user/notifications',
          headers: { authorization: `Bearer ${a.token}` },
        };
      }
      let x = Math.random() * total;
      for (const [w, f] of weighted) if ((x -= w) < 0) return f();
      return (weighted[0] as [number, () => Req])[1]();
    };

    const replay = () =>
      spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/api/src/replay/cli.ts',
          '--from',
          '2022-01-08',
          '--to',
          '2022-01-15',
          '--speed',
          '100000',
        ],
        {
          cwd: ROOT,
          env: {
            PATH: process.env.PATH ?? '',
            DATABASE_URL: cluster.databaseUrl,
            DATA_DIR: path.join(cluster.prefix, 'data'),
            TZ: 'Europe/Paris',
          },
          stdio: [
            'ignore',
            fs.openSync(path.join(opts.logDir, 'replay.log'), 'a'),
            fs.openSync(path.join(opts.logDir, 'replay.log'), 'a'),
          ],
        },
      );

    let maxConnections = 0;
    const sampler = setInterval(() => {
      void admin
        .query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = $1`, [DB])
        .then((r) => (maxConnections = Math.max(maxConnections, r.rows[0]?.n ?? 0)));
    }, 250);

    const report = (name: string, p: Phase, cache: ReturnType<typeof cacheFigures>) => {
      const sorted = [...p.latencies].sort((a, b) => a - b);
      const lines = [
        `## ${name}`,
        `requêtes : ${p.count} en ${p.seconds.toFixed(1)} s → ${(p.count / p.seconds).toFixed(0)} req/s ; p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms`,
        `erreurs : ${[...p.errors.values()].reduce((s, n) => s + n, 0)} ${JSON.stringify(Object.fromEntries(p.errors))}`,
        `nginx : ${cache.total} lignes, statuts ${JSON.stringify(cache.status)} ; GET publics de l'API servis du cache ${cache.publicHits}/${cache.publicGets} = ${((100 * cache.publicHits) / Math.max(1, cache.publicGets)).toFixed(1)} % ; parvenues aux instances ${cache.reached}`,
        `PostgreSQL : au plus ${maxConnections} connexions sur ${DB} (pg_stat_activity)`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    };

    await warmUp(cluster.url, day, lieux);

    let from = fs.statSync(cluster.accessLog).size;
    let rp = replay();
    const steady = await load(next, cluster.url, SECONDS);
    report('2 instances, replay en cours', steady, cacheFigures(cluster.accessLog, from));
    rp.kill('SIGINT');
    await new Promise((r) => rp.once('exit', r));

    maxConnections = 0;
    from = fs.statSync(cluster.accessLog).size;
    rp = replay();
    const victim = cluster.instances[1];
    const killed = await load(next, cluster.url, SECONDS, () => victim?.child.kill('SIGKILL'));
    report('une instance tuée (SIGKILL) à mi-parcours', killed, cacheFigures(cluster.accessLog, from));
    rp.kill('SIGINT');
    await new Promise((r) => rp.once('exit', r));
    clearInterval(sampler);
    process.stdout.write(`(machine partagée : chiffres indicatifs ; journaux ${opts.logDir})\n`);
  } finally {
    await admin.end();
    await cluster.stop();
    fs.rmSync(cluster.prefix, { recursive: true, force: true });
    meteo.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
