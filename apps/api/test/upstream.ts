/**
 * A local stand-in for Hub'Eau, Vigicrues and Open-Meteo: a real HTTP server on 127.0.0.1 (random port) whose
 * answers each test decides — recorded fixtures, built pages, or faults (status codes, delays, broken bodies).
 * The real client code talks to it through the configured base URLs.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../src/ingest/fixtures');

/** Text of a fixture file (path relative to src/ingest/fixtures). */
export function fixtureText(rel: string): string {
  return fs.readFileSync(path.join(FIXTURES_DIR, rel), 'utf8');
}

export function fixtureJson<T = unknown>(rel: string): T {
  return JSON.parse(fixtureText(rel)) as T;
}

export interface UpstreamRequest {
  method: string;
  /** Path without the query, e.g. `/hubeau/observations_tr`. */
  path: string;
  query: URLSearchParams;
  url: string;
  /** The request's User-Agent (each instance's says its PUBLIC_URL). */
  userAgent: string;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface UpstreamReply {
  status?: number;
  /** A string is sent as is (malformed JSON is possible); anything else is JSON-encoded. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait before answering (timeouts). */
  delayMs?: number;
}

export type UpstreamHandler = (req: UpstreamRequest) => UpstreamReply | Promise<UpstreamReply>;

export interface Upstream {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: UpstreamRequest[];
  setHandler(handler: UpstreamHandler): void;
  close(): Promise<void>;
}

export async function startUpstream(initial: UpstreamHandler = () => ({ status: 404 })): Promise<Upstream> {
  let handler = initial;
  const requests: UpstreamRequest[] = [];
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    const r: UpstreamRequest = {
      method: req.method ?? 'GET',
      path: u.pathname,
      query: u.searchParams,
      url: u.href,
      userAgent: req.headers['user-agent'] ?? '',
      at: Date.now(),
    };
    requests.push(r);
    void Promise.resolve()
      .then(() => handler(r))
      .then(async (reply) => {
        if (reply.delayMs) await new Promise((ok) => setTimeout(ok, reply.delayMs));
        if (res.destroyed) return;
        const body =
          reply.body === undefined
            ? ''
            : typeof reply.body === 'string'
              ? reply.body
              : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, {
          'content-type': 'application/json; charset=utf-8',
          ...reply.headers,
        });
        res.end(body);
      })
      .catch((err: unknown) => {
        res.writeHead(599);
        res.end(String(err));
      });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    setHandler: (h) => {
      handler = h;
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
