/**
 * The control API under `${origin}/_upstream/…`, so that a test in another process (or a person with curl) drives
 * the upstream: faults, holds, stations, vigilance, the ledger, the request log, an outage. JSON in, JSON out.
 */
import type http from 'node:http';
import type { Core } from './core';
import { validateFault } from './faults';
import type { RecordedUpstream } from './api';
import type { Source } from './ledger';

type Body = Record<string, unknown>;

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** An instant: epoch ms, ISO, `now`, `now-29d`, `now+5.4h` (units ms, s, min, h, d). */
export function instant(v: unknown, now: number, name: string): number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') {
    const rel = /^now(?:([+-])(\d+(?:\.\d+)?)(ms|s|min|h|d))?$/.exec(v.trim());
    if (rel) {
      const unit = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[rel[3] ?? 'ms'] ?? 1;
      return now + (rel[1] === '-' ? -1 : 1) * Number(rel[2] ?? 0) * unit;
    }
    const t = Date.parse(v);
    if (Number.isFinite(t)) return t;
  }
  throw new ControlError(
    400,
    `${name} : instant attendu (ms, ISO, now, now-29d…), reçu ${JSON.stringify(v)}`,
  );
}

const grandeurOf = (v: unknown): 'H' | 'Q' | null => (v === 'H' || v === 'Q' ? v : null);

function readBody(req: http.IncomingMessage): Promise<Body> {
  return new Promise((ok, ko) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', ko);
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8').trim();
      if (!text) return ok({});
      try {
        const v = JSON.parse(text) as unknown;
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('objet attendu');
        ok(v as Body);
      } catch (err) {
        ko(new ControlError(400, `corps JSON illisible : ${(err as Error).message}`));
      }
    });
  });
}

function state(up: RecordedUpstream, core: Core) {
  return {
    origin: up.origin,
    hubeauBaseUrl: up.hubeauBaseUrl,
    vigicruesBaseUrl: up.vigicruesBaseUrl,
    openMeteoBaseUrl: up.openMeteoBaseUrl,
    vigieauBaseUrl: up.vigieauBaseUrl,
    otherOrigin: up.otherOrigin,
    startedAt: new Date(up.startedAt).toISOString(),
    now: new Date(core.now()).toISOString(),
    offsetsMs: {
      garonne: core.shifts.garonne.offsetMs,
      loire: core.shifts.loire.offsetMs,
      cance: core.shifts.cance.offsetMs,
    },
    dailyYears: core.dailyYears,
    stations: { listed: core.catalogue.rows.length, serving: core.catalogue.feeds.size },
    faults: core.faults.list(),
    holds: core.holds,
    changes: Object.fromEntries(core.changes),
    vigilance: {
      issuedAt: new Date(core.vigilance.issuedAt).toISOString(),
      levels: Object.fromEntries(core.vigilance.levels),
    },
    otherRequests: up.otherRequests.length,
  };
}

type Route = (b: Body, q: URLSearchParams, parts: string[]) => unknown;

/** Station changes: `POST /_upstream/stations/{code}/{remove|restore|out-of-service|in-service|implausible|plausible}`. */
function stationRoute(up: RecordedUpstream, core: Core, code: string, action: string, b: Body): unknown {
  const stopObservations = b.stopObservations === true;
  switch (action) {
    case 'remove':
      return up.removeStation(code, { stopObservations });
    case 'restore':
      return up.restoreStation(code);
    case 'out-of-service':
      return up.setOutOfService(code, { stopObservations });
    case 'in-service':
      return up.setInService(code);
    case 'implausible': {
      const value = typeof b.value === 'number' ? b.value : 100_000;
      const from = b.from === undefined ? core.now() : instant(b.from, core.now(), 'from');
      return up.implausible(code, value, { grandeur: grandeurOf(b.grandeur) ?? undefined, from });
    }
    case 'plausible':
      return up.clearImplausible(code);
    default:
      throw new ControlError(404, `action inconnue : ${action}`);
  }
}

function routes(up: RecordedUpstream, core: Core): Record<string, Route> {
  const outage = (b: Body) => {
    const forMs = typeof b.forMs === 'number' ? b.forMs : 10_000;
    setTimeout(() => void up.stop().then(() => setTimeout(() => void up.start(), forMs)), 20);
    return { stoppedForMs: forMs };
  };
  return {
    'GET ': () => state(up, core),
    'GET faults': () => core.faults.list(),
    'POST faults': (b) => ({ id: up.fault(validateFault(b)).id }),
    'DELETE faults': (_b, _q, p) => (p[1] ? { removed: core.faults.remove(Number(p[1])) } : up.clearFaults()),
    'POST hold': (b) =>
      up.hold(
        String(b.station),
        grandeurOf(b.grandeur),
        instant(b.from, core.now(), 'from'),
        instant(b.to ?? 'now+100d', core.now(), 'to'),
      ),
    'POST release': (b) => up.release(typeof b.station === 'string' ? b.station : undefined),
    'POST vigilance': (b) => up.setVigilance(String(b.troncon), Number(b.niveau) as 1 | 2 | 3 | 4),
    'POST stations': (b, _q, p) => stationRoute(up, core, p[1] ?? '', p[2] ?? '', b),
    'GET ledger': (_b, q, p) => {
      const station = q.get('station');
      if (p[1] === 'elab') {
        return up.ledger.elab({
          station: station ?? '',
          grandeur: q.get('grandeur') ?? undefined,
          includeFaulted: q.has('faulted'),
        });
      }
      if (!station) return up.ledger.counts();
      return up.ledger.observations({
        station,
        grandeur: grandeurOf(q.get('grandeur')) ?? 'H',
        includeFaulted: q.has('faulted'),
      });
    },
    'DELETE ledger': () => up.ledger.clear(),
    'GET requests': (_b, q) => {
      const s = q.get('source') as Source | 'other' | null;
      return s === 'other' ? up.otherRequests : s ? up.requests.of(s) : up.requests.all;
    },
    'DELETE requests': () => up.requests.clear(),
    'POST outage': outage,
  };
}

export async function handleControl(
  up: RecordedUpstream,
  core: Core,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body ?? { ok: true }));
  };
  try {
    const parts = url.pathname
      .replace(/^\/_upstream\/?/, '')
      .split('/')
      .filter(Boolean);
    const route = routes(up, core)[`${req.method ?? 'GET'} ${parts[0] ?? ''}`];
    if (!route) throw new ControlError(404, `commande inconnue : ${req.method} ${url.pathname}`);
    const body = req.method === 'POST' ? await readBody(req) : {};
    reply(200, route(body, url.searchParams, parts));
  } catch (err) {
    const status = err instanceof ControlError ? err.status : 400;
    reply(status, { error: (err as Error).message });
  }
}
