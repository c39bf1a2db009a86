/**
 * The HTTP side: a request is routed to its source's handler under one of the three bases, the oldest matching fault
 * is applied (before the handler for status faults, after it for content faults), the answer is sent, and the
 * ledger records what went out whole.
 */
import type http from 'node:http';
import type { Core, Reply, RequestContext } from './core';
import type { Fault } from './faults';
import { HUBEAU_500, HUBEAU_PATH, obsElab, observationsTr, pageLink, referentielStations } from './hubeau';
import type { LoggedRequest, Source } from './ledger';
import { meteo } from './open-meteo';
import { zones } from './vigieau';
import { encodeCursor } from './series';
import { httpDate, toMs } from './time';
import { infoVigiCru, infoVigiCruGeojson, observations, previsions, referentiel } from './vigicrues';

export const BASES: ReadonlyArray<[Source, string]> = [
  ['hubeau', HUBEAU_PATH],
  ['vigicrues', '/vigicrues/services'],
  ['openmeteo', '/open-meteo/v1'],
  ['vigieau', '/vigieau/api'],
];

export interface Transport {
  core: Core;
  /** `http://127.0.0.1:<port>` of the other host. */
  otherOrigin: () => string;
  /** Answers held open by a `hang` fault (ended when the server stops). */
  hanging: Set<http.ServerResponse>;
}

/** The handler of a route, or null (404). */
function handlerOf(source: Source, route: string): ((core: Core, ctx: RequestContext) => Reply) | null {
  const r = route.replace(/\/+$/, '');
  if (source === 'hubeau') {
    if (r === 'observations_tr') return observationsTr;
    if (r === 'obs_elab') return obsElab;
    if (r === 'referentiel/stations') return referentielStations;
    return null;
  }
  if (source === 'openmeteo') return r === 'forecast' ? (_c, ctx) => meteo(ctx) : null;
  if (source === 'vigieau') return r === 'zones' ? (_c, ctx) => zones(ctx) : null;
  if (r === '1/InfoVigiCru.jsonld') return infoVigiCru;
  if (r === 'InfoVigiCru.geojson' || r === '1/InfoVigiCru.geojson') return infoVigiCruGeojson;
  if (r === '1/TronEntVigiCru.jsonld') return (_c, ctx) => referentiel('Tron', ctx);
  if (r === '1/TerEntVigiCru.jsonld') return (_c, ctx) => referentiel('Ter', ctx);
  if (r === 'previsions.json/index.php' || r === 'previsions.json') return previsions;
  if (r === 'observations.json/index.php' || r === 'observations.json') return observations;
  return null;
}

/** Whether a fault can apply to a route (content faults need Hub'Eau's envelope; the future bulletin, the bulletin). */
function applies(f: Fault, source: Source, route: string): boolean {
  if (f.kind === 'futureBulletin') return route.includes('InfoVigiCru.jsonld');
  if (f.kind === 'emptyData' || f.kind === 'renameField' || f.kind === 'foreignNext') {
    return source === 'hubeau';
  }
  return true;
}

const JSON_TYPE = 'application/json; charset=utf-8';

function retryAfter(f: {
  retryAfter?: number | string;
  retryAfterAt?: number | string;
}): Record<string, string> {
  if (f.retryAfterAt !== undefined) return { 'retry-after': httpDate(toMs(f.retryAfterAt)) };
  if (f.retryAfter !== undefined) return { 'retry-after': String(f.retryAfter) };
  return {};
}

const HTML_PAGE =
  '<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><title>Maintenance</title></head>' +
  '<body><h1>Service momentanément indisponible</h1><p>Opération de maintenance en cours.</p></body></html>';

/** The answer of a status fault (sent instead of the handler's), or null for content faults. */
function statusFault(f: Fault, source: Source, t: Transport, url: URL): Reply | null {
  switch (f.kind) {
    case 'status500':
      if (source === 'hubeau') return { status: 500, json: HUBEAU_500 };
      if (source === 'openmeteo') {
        return { status: 500, json: { error: true, reason: 'Internal Server Error' } };
      }
      return {
        status: 500,
        text: '<html><body><h1>500 Internal Server Error</h1></body></html>',
        contentType: 'text/html',
      };
    case 'status503':
      return {
        status: 503,
        text: '<html><body><h1>503 Service Unavailable</h1></body></html>',
        contentType: 'text/html',
        headers: retryAfter(f),
      };
    case 'status429':
      return {
        status: 429,
        json:
          source === 'openmeteo'
            ? { error: true, reason: 'Minutely API request limit exceeded. Please try again in one minute.' }
            : { code: 'Too Many Requests', message: '', field_errors: null },
        headers: retryAfter(f),
      };
    case 'emptyBody':
      return { status: 200, text: '', contentType: JSON_TYPE };
    case 'html':
      return { status: 200, text: HTML_PAGE, contentType: 'text/html; charset=utf-8' };
    case 'redirect':
      return {
        status: 302,
        text: '',
        headers: { location: `${t.otherOrigin()}${url.pathname}${url.search}` },
      };
    default:
      return null;
  }
}

type Envelope = { count?: number; next?: string | null; data?: Array<Record<string, unknown>> };

/** Content faults on a Hub'Eau envelope; returns whether the answer counts as faulted (null: not to be recorded). */
function contentFault(f: Fault | null, reply: Reply, t: Transport, ctx: RequestContext): boolean | null {
  const env = reply.json as Envelope | undefined;
  if (!f || !env || !Array.isArray(env.data)) return false;
  if (f.kind === 'emptyData') {
    reply.json = { ...env, count: 0, next: null, data: [] };
    reply.status = 200;
    reply.headers = {};
    reply.rows = 0;
    return null;
  }
  if (f.kind === 'renameField') {
    env.data = env.data.map((row) => {
      if (!(f.from in row)) return row;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) out[k === f.from ? f.to : k] = v;
      return out;
    });
    return true;
  }
  if (f.kind === 'foreignNext') {
    const base = `${t.otherOrigin()}${HUBEAU_PATH}`;
    env.next = env.next
      ? `${base}${new URL(env.next).pathname.replace(/^.*\/hydrometrie/, '')}${new URL(env.next).search}`
      : pageLink(base, ctx.route, ctx.query, { cursor: encodeCursor({ ts: ctx.now, key: '~' }) });
    reply.status = 206;
    reply.headers = { link: `<${env.next}>; rel="next"` };
    return true;
  }
  return false;
}

function send(
  res: http.ServerResponse,
  reply: Reply,
  log: LoggedRequest,
  truncate: boolean,
  onWhole?: () => void,
) {
  let body = Buffer.from(reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json)), 'utf8');
  if (truncate) body = body.subarray(0, Math.floor(body.length / 2));
  log.status = reply.status;
  if (reply.rows !== undefined) log.rows = reply.rows;
  res.writeHead(reply.status, {
    'content-type': reply.contentType ?? JSON_TYPE,
    'content-length': String(body.length),
    ...reply.headers,
  });
  if (onWhole) res.once('finish', onWhole);
  res.end(body);
}

/** Routes one request of a source (the path is already known to be under its base). */
export function serveSource(
  t: Transport,
  source: Source,
  base: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): void {
  const core = t.core;
  const route = url.pathname.slice(base.length).replace(/^\/+/, '');
  const log = core.requests.add({
    source,
    method: req.method ?? 'GET',
    path: url.pathname,
    route,
    query: Object.fromEntries(url.searchParams),
    at: Date.now(),
    userAgent: req.headers['user-agent'] ?? '',
  });
  const handler = handlerOf(source, route);
  if (!handler || req.method !== 'GET') {
    send(
      res,
      {
        status: handler ? 405 : 404,
        json: { code: handler ? 'Method Not Allowed' : 'Not Found', message: '', field_errors: null },
      },
      log,
      false,
    );
    return;
  }
  const fault = core.faults.take(source, route, (f) => applies(f, source, route), url.searchParams);
  if (fault) log.fault = fault.kind;
  if (fault?.kind === 'hang') {
    t.hanging.add(res);
    res.once('close', () => t.hanging.delete(res));
    return;
  }
  const early = fault ? statusFault(fault, source, t, url) : null;
  if (early) {
    send(res, early, log, false);
    return;
  }
  const ctx: RequestContext = { now: core.now(), url, route, query: url.searchParams, fault };
  let reply: Reply;
  try {
    reply = handler(core, ctx);
  } catch (err) {
    // A bug of this server, not a fault: said as such (a test should not mistake it for an injected 500).
    send(
      res,
      { status: 500, json: { erreur_amont_enregistre: (err as Error).stack ?? String(err) } },
      log,
      false,
    );
    return;
  }
  if (fault?.kind === 'truncated') {
    send(res, reply, log, true);
    return;
  }
  const faulted = contentFault(fault, reply, t, ctx);
  const commit = reply.commit;
  send(res, reply, log, false, faulted === null || !commit ? undefined : () => commit(faulted));
}
