/**
 * A "recorded upstream": one real HTTP server (node:http) that plays Hub'Eau (hydrométrie v2), Vigicrues and
 * Open-Meteo for Limni's live ingestion from real recordings of this repository, shifted in time so that readings
 * arrive in real time, with faults to inject and a ledger of what was served. See README.md.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleControl } from './control';
import { Core } from './core';
import type { CatalogueOption } from './feeds';
import type { Fault, FaultHandle } from './faults';
import type { Ledger, LoggedRequest, RequestLog } from './ledger';
import { startOtherOrigin, type OtherOrigin } from './other-origin';
import { BASES, serveSource, type Transport } from './server';
import type { Anchor, Shift } from './time';
import type { RecordedUpstream, RecordedUpstreamOptions, StationOptions } from './api';
import { RECORDED_LEVELS } from './vigicrues';

export type { Anchor, CatalogueOption, Fault, FaultHandle, Ledger, LoggedRequest, RequestLog, Shift };
export type { RecordedUpstream, RecordedUpstreamOptions, StationOptions } from './api';
export { OTHER_VALUE_MM } from './other-origin';
export { parseAnchor } from './time';

function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((ok, ko) => {
    const onError = (e: Error) => ko(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      ok((server.address() as AddressInfo).port);
    });
  });
}

function stationControls(core: Core) {
  return {
    removeStation(code: string, o: StationOptions = {}) {
      core.change(code).removed = { at: core.now(), stopObservations: o.stopObservations ?? false };
    },
    restoreStation(code: string) {
      delete core.change(code).removed;
    },
    setOutOfService(code: string, o: StationOptions = {}) {
      core.change(code).outOfService = { at: core.now(), stopObservations: o.stopObservations ?? false };
    },
    setInService(code: string) {
      delete core.change(code).outOfService;
    },
    implausible(code: string, value: number, o: { grandeur?: 'H' | 'Q'; from?: number } = {}) {
      core.change(code).implausible = { from: o.from ?? core.now(), value, grandeur: o.grandeur ?? null };
    },
    clearImplausible(code: string) {
      delete core.change(code).implausible;
    },
    hold(station: string, grandeur: 'H' | 'Q' | null, from: number, to: number) {
      core.holds.push({ station, grandeur, from, to });
    },
    release(station?: string) {
      const kept = core.holds.filter((h) => station !== undefined && h.station !== station);
      core.holds.splice(0, core.holds.length, ...kept);
    },
    setVigilance(troncon: string, niveau: 1 | 2 | 3 | 4) {
      if (!RECORDED_LEVELS.has(troncon)) throw new Error(`tronçon inconnu du bulletin : ${troncon}`);
      if (![1, 2, 3, 4].includes(niveau)) throw new Error(`niveau de vigilance 1 à 4 attendu : ${niveau}`);
      core.vigilance.levels.set(troncon, niveau);
      core.vigilance.issuedAt = Math.floor(core.now() / 1000) * 1000;
    },
  };
}

export async function startRecordedUpstream(opts: RecordedUpstreamOptions = {}): Promise<RecordedUpstream> {
  const clock = opts.clock ?? Date.now;
  const host = opts.host ?? '127.0.0.1';
  const core = new Core({
    catalogue: opts.catalogue ?? 'recorded',
    startedAt: opts.startedAt ?? clock(),
    clock,
    garonneAnchor: opts.anchor,
    loireAnchor: opts.loireAnchor,
    canceAnchor: opts.canceAnchor,
    nextLinks: opts.nextLinks ?? 'public',
  });
  const other: OtherOrigin = await startOtherOrigin(host, opts.otherPort ?? 0, clock);
  const transport: Transport = { core, otherOrigin: () => other.origin, hanging: new Set() };
  let up: RecordedUpstream | null = null;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream.invalid');
    url.host = req.headers.host ?? url.host;
    if (url.pathname.startsWith('/_upstream') && up) return void handleControl(up, core, req, res, url);
    const hit = BASES.find(([, base]) => url.pathname === base || url.pathname.startsWith(`${base}/`));
    if (hit) return serveSource(transport, hit[0], hit[1], req, res, url);
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({ error: `rien ici : ${url.pathname} (bases : ${BASES.map(([, b]) => b).join(', ')})` }),
    );
  });
  server.keepAliveTimeout = 5_000;
  const port = await listen(server, opts.port ?? 0, host);
  let listening = true;
  let closed = false;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const stop = async () => {
    if (!listening) return;
    listening = false;
    for (const res of transport.hanging) res.destroy();
    transport.hanging.clear();
    const closed = new Promise<void>((ok) => server.close(() => ok()));
    server.closeAllConnections();
    await closed;
  };
  up = {
    origin,
    hubeauBaseUrl: `${origin}${BASES[0]?.[1]}`,
    vigicruesBaseUrl: `${origin}${BASES[1]?.[1]}`,
    openMeteoBaseUrl: `${origin}${BASES[2]?.[1]}`,
    vigieauBaseUrl: `${origin}${BASES[3]?.[1]}`,
    otherOrigin: other.origin,
    startedAt: core.startedAt,
    ledger: core.ledger,
    requests: core.requests,
    otherRequests: other.requests,
    shift: core.shifts.garonne,
    shifts: { ...core.shifts, dailyYears: core.dailyYears },
    stations: {
      listed: () => core.catalogue.rows.map((r) => r.code_station),
      serving: () => [...core.catalogue.feeds.keys()],
    },
    fault: (f) => core.faults.add(f),
    clearFaults: () => core.faults.clear(),
    ...stationControls(core),
    stop,
    start: async () => {
      if (listening || closed) return;
      await listen(server, port, host);
      listening = true;
    },
    close: async () => {
      closed = true;
      await stop();
      await other.close();
    },
  };
  return up;
}
