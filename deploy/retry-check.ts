/**
 * `npx tsx deploy/retry-check.ts`: an instance dies, a GET is retried on the other one (ADR 120). Starts
 * the local cluster (`startCluster`: PostgreSQL database `limni_retry`, 2 instances, nginx), kills instance 0 with
 * SIGKILL, then asks nginx for uncached GETs (`/api/health`, `no-store`) until one is logged as tried on both
 * instances. Passes when nginx's access log holds a line `"GET …" 200 … upstream=<dead>, <alive> ustatus=502, 200`
 * (the dead instance refused the connection, the other answered 200), and every answer the client got was 200.
 *
 * Settings as `npm run cluster` (CLUSTER_PORT 8290, CLUSTER_BASE_PORT 8291, CLUSTER_DB limni_retry by default here).
 * Exit code 0 when checked, 1 otherwise.
 */
import fs from 'node:fs';
import { optionsFromEnv, startCluster } from './cluster';

export interface LogLine {
  method: string;
  path: string;
  status: number;
  upstreams: string[];
  upstreamStatuses: string[];
}

/** One line of the `limni_cache` log format (deploy/nginx/limni-site.conf.template), or null. */
export function parseLine(line: string): LogLine | null {
  const m = /"(\w+) (\S+) [^"]*" (\d{3}) .* upstream=(.*?) ustatus=(.*?) rt=/.exec(line);
  if (!m) return null;
  const list = (s: string) => s.split(', ').map((x) => x.trim());
  return {
    method: m[1] as string,
    path: m[2] as string,
    status: Number(m[3]),
    upstreams: list(m[4] as string),
    upstreamStatuses: list(m[5] as string),
  };
}

async function main(): Promise<void> {
  const opts = {
    ...optionsFromEnv({
      CLUSTER_DB: 'limni_retry',
      CLUSTER_PORT: '8290',
      CLUSTER_BASE_PORT: '8291',
      ...process.env,
    }),
    instances: 2,
  };
  const cluster = await startCluster({ ...opts, log: (l) => process.stdout.write(`${l}\n`) });
  let ok = false;
  try {
    const [dead, alive] = cluster.instances;
    if (!dead || !alive) throw new Error('deux instances attendues');
    const from = fs.statSync(cluster.accessLog).size;
    dead.child.kill('SIGKILL');
    await dead.exited;
    const answers: number[] = [];
    // Round robin sends one of the first requests to the dead instance; nginx then retries it on the other.
    for (let i = 0; i < 10; i++) answers.push((await fetch(`${cluster.url}/api/health`)).status);
    await new Promise((r) => setTimeout(r, 300)); // nginx writes its log line after the answer
    const lines = fs.readFileSync(cluster.accessLog, 'utf8').slice(from).split('\n').filter(Boolean);
    const deadAddr = `127.0.0.1:${dead.port}`;
    const aliveAddr = `127.0.0.1:${alive.port}`;
    const retried = lines
      .map(parseLine)
      .filter(
        (l): l is LogLine =>
          l !== null &&
          l.method === 'GET' &&
          l.status === 200 &&
          l.upstreams.length === 2 &&
          l.upstreams[0] === deadAddr &&
          l.upstreams[1] === aliveAddr &&
          l.upstreamStatuses[1] === '200',
      );
    process.stdout.write(`${lines.join('\n')}\n`);
    ok = retried.length > 0 && answers.every((s) => s === 200);
    process.stdout.write(
      `${ok ? 'OK' : 'ÉCHEC'} : ${retried.length} GET relancé(s) de ${deadAddr} vers ${aliveAddr} et servi(s) en 200 ; ` +
        `réponses reçues : ${answers.join(' ')}\n`,
    );
  } finally {
    await cluster.stop();
    fs.rmSync(cluster.prefix, { recursive: true, force: true });
  }
  process.exit(ok ? 0 : 1);
}

await main();
