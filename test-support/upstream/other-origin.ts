/**
 * The "other host" of the redirect and foreign-`next` faults: a second small server that answers any observations_tr
 * request with a plausible page in which Toulouse (O200004001) reads 100,000 mm, and counts what it receives. A
 * client that follows a link to it stores that value: the tests expect it never to be asked.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoggedRequest } from './ledger';
import { isoZ } from './time';

export interface OtherOrigin {
  origin: string;
  requests: LoggedRequest[];
  close(): Promise<void>;
}

export const OTHER_VALUE_MM = 100_000;

function page(url: URL, now: number) {
  const grandeur = url.searchParams.get('grandeur_hydro') === 'Q' ? 'Q' : 'H';
  const t = isoZ(Math.floor(now / 60_000) * 60_000);
  return {
    count: 1,
    first: url.href,
    prev: null,
    next: null,
    api_version: '2.0.1',
    data: [
      {
        code_site: 'O2000040',
        code_station: 'O200004001',
        grandeur_hydro: grandeur,
        date_debut_serie: t,
        date_fin_serie: t,
        code_systeme_alti_serie: 31,
        date_obs: t,
        resultat_obs: OTHER_VALUE_MM,
        code_methode_obs: 10,
        libelle_methode_obs: 'Expertisée',
        code_qualification_obs: 20,
        libelle_qualification_obs: 'Bonne',
        longitude: 1.439964216,
        latitude: 43.597961996,
        code_statut: 12,
        libelle_statut: 'Pré-validée',
        code_continuite: 0,
        libelle_continuite: 'Continue',
      },
    ],
  };
}

export async function startOtherOrigin(
  host: string,
  port: number,
  clock: () => number,
): Promise<OtherOrigin> {
  const requests: LoggedRequest[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    const r: LoggedRequest = {
      source: 'other',
      method: req.method ?? 'GET',
      path: url.pathname,
      route: url.pathname,
      query: Object.fromEntries(url.searchParams),
      at: Date.now(),
      userAgent: req.headers['user-agent'] ?? '',
    };
    requests.push(r);
    const ok = /observations_tr\/?$/.test(url.pathname);
    r.status = ok ? 200 : 404;
    res.writeHead(r.status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(ok ? page(url, clock()) : { code: 'Not Found', message: '', field_errors: null }));
  });
  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(port, host, () => ok());
  });
  const { port: actual } = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    requests,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
