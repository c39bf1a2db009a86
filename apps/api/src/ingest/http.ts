/**
 * The one way ingestion talks to an upstream service: global `fetch`, a timeout per request (AbortSignal), retries
 * with exponential backoff for transient failures (network, timeout, 5xx, 429, truncated JSON), and every payload
 * parsed with a Zod schema. A payload that does not match fails loudly (logged with the offending paths) and is
 * never stored. Errors carry a French message: it ends up in the job status shown by /api/health.
 *
 * Redirects are followed by hand, and only under the configured base URL (same origin, same base path): a redirect
 * anywhere else is refused like a `next` link to another host (docs/decisions/105, 136). A service that asks for a
 * pause (429 or 503 with `Retry-After`, in seconds or as an HTTP date) pauses its whole source through its
 * `SourceGate`: no request of any job leaves for that source before the time asked.
 */
import type { z } from 'zod';

export type SourceName = "Hub'Eau" | 'Vigicrues' | 'Open-Meteo' | 'VigiEau';

export type UpstreamErrorKind =
  | 'http'
  | 'timeout'
  | 'network'
  | 'json'
  | 'schema'
  | 'pagination'
  | 'lien_refuse'
  | 'redirection_refusee'
  | 'pause'
  | 'aborted';

export class UpstreamError extends Error {
  constructor(
    public readonly source: SourceName,
    public readonly kind: UpstreamErrorKind,
    message: string,
    /** Worth retrying (network, timeout, 5xx, 429, malformed body). */
    public readonly transient: boolean,
    public readonly status?: number,
    /** The service asked for no request for this long (`Retry-After`), in ms. */
    public readonly retryAfterMs?: number,
  ) {
    super(`${source} : ${message}`);
    this.name = 'UpstreamError';
  }
}

/** Longest `Retry-After` waited for inside a request; a longer one pauses the source and fails the request. */
export const RETRY_AFTER_WAIT_MAX_MS = 10_000;
/** Pause of a source after a 429 that says no `Retry-After`. */
export const DEFAULT_429_PAUSE_MS = 60_000;

/** `Retry-After` as a delay in ms: delay-seconds or an HTTP date (from `now`); null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * What every request to one source shares, whatever the job: a pause the service asked for (`Retry-After`). One
 * gate per source for the whole ingestion runtime, so that a 429 seen by one job holds the others too.
 */
export class SourceGate {
  private until = 0;
  private reason = '';

  constructor(
    readonly source: SourceName,
    private readonly clock: () => number = Date.now,
  ) {}

  /** No request for `ms` from now (the latest end asked wins). */
  pauseFor(ms: number, reason: string): void {
    const at = this.clock() + ms;
    if (at > this.until) {
      this.until = at;
      this.reason = reason;
    }
  }

  /** The end of the pause in force, null when none. */
  pausedUntil(): number | null {
    return this.until > this.clock() ? this.until : null;
  }

  /** Throws a `pause` error while the source is paused. */
  check(): void {
    const at = this.pausedUntil();
    if (at === null) return;
    throw new UpstreamError(
      this.source,
      'pause',
      `le service a demandé une pause jusqu'à ${new Date(at).toISOString()} (${this.reason})`,
      true,
      undefined,
      at - this.clock(),
    );
  }
}

/** The subset of a pino/Fastify logger that ingestion uses. */
export interface IngestLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: IngestLogger = { info: () => {}, warn: () => {}, error: () => {} };

export interface HttpOptions {
  /** Per-request timeout (connection, headers and body). */
  timeoutMs: number;
  /** Extra attempts after the first one, for transient failures only. */
  retries: number;
  /** First backoff delay; doubled at each attempt, with up to 25 % jitter. */
  backoffMs: number;
  /** Aborts everything (shutdown). */
  signal?: AbortSignal | undefined;
  log?: IngestLogger | undefined;
  /** Called before each retry (jobs count them). */
  onRetry?: ((err: UpstreamError, attempt: number) => void) | undefined;
  userAgent?: string | undefined;
  /**
   * The configured base URL of the service: a redirect is followed only to an address under it (same origin, path
   * under the base path). Unset: only to the request's own origin.
   */
  base?: string | undefined;
  /** Each source's shared pause (`Retry-After`); none: each request on its own. */
  gates?: SourceGates | undefined;
}

/** One gate per source, shared by every job of an ingestion runtime. */
export type SourceGates = Partial<Record<SourceName, SourceGate>>;

/** A gate for each source, on one clock. */
export function sourceGates(clock: () => number = Date.now): Required<SourceGates> {
  return {
    "Hub'Eau": new SourceGate("Hub'Eau", clock),
    Vigicrues: new SourceGate('Vigicrues', clock),
    'Open-Meteo': new SourceGate('Open-Meteo', clock),
    VigiEau: new SourceGate('VigiEau', clock),
  };
}

/** Client options with `base` set from the client's base URL (redirects are followed under it only). */
export function underBase<T extends HttpOptions & { baseUrl: string }>(o: T): T {
  return o.base ? o : { ...o, base: o.baseUrl };
}

export const DEFAULT_HTTP: Pick<HttpOptions, 'timeoutMs' | 'retries' | 'backoffMs'> = {
  timeoutMs: 30_000,
  retries: 3,
  backoffMs: 1_000,
};

export interface JsonResponse {
  status: number;
  /** Parsed JSON, or null for an empty 204 answer. */
  body: unknown;
  headers: Headers;
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function describe(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message} (${cause.message})` : err.message;
  }
  return String(err);
}

const ACCEPTED = new Set([200, 203, 204, 206]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Redirects followed at most for one request (under the base only). */
export const MAX_REDIRECTS = 3;

/** True when `target` is under `base`: same origin, and its path starts with the base's path. */
export function isUnderBase(target: URL, base: string): boolean {
  const b = new URL(base.endsWith('/') ? base : `${base}/`);
  const path = b.pathname.replace(/\/+$/, '');
  return (
    target.origin === b.origin &&
    !target.username &&
    !target.password &&
    (target.pathname === path || target.pathname.startsWith(`${path}/`))
  );
}

/** Follows redirects by hand, under the base only; returns the final response (not a redirect). */
async function fetchUnderBase(
  source: SourceName,
  url: string,
  init: RequestInit,
  opts: HttpOptions,
): Promise<Response> {
  const base = opts.base ?? new URL(url).origin;
  let current = url;
  for (let hop = 0; ; hop++) {
    const res = await fetch(current, { ...init, redirect: 'manual' });
    const location = REDIRECTS.has(res.status) ? res.headers.get('location') : null;
    if (location === null) return res;
    await res.body?.cancel().catch(() => {});
    let target: URL | null = null;
    try {
      target = new URL(location, current);
    } catch {
      target = null;
    }
    if (!target || !isUnderBase(target, base)) {
      opts.log?.warn(
        { source, url: current, location },
        'Redirection hors de l’adresse configurée : refusée, rien n’est lu',
      );
      throw new UpstreamError(
        source,
        'redirection_refusee',
        `redirection refusée (HTTP ${res.status} vers ${target?.host ?? location}, hors de ${base}) pour ${current}`,
        false,
        res.status,
      );
    }
    if (hop >= MAX_REDIRECTS) {
      throw new UpstreamError(source, 'http', `trop de redirections pour ${url}`, false, res.status);
    }
    current = target.href;
  }
}

/** A 429 or 503's `Retry-After` delay (a 429 without one pauses `DEFAULT_429_PAUSE_MS`). */
function retryDelayOf(res: Response): number | undefined {
  if (res.status !== 429 && res.status !== 503) return undefined;
  const ms = retryAfterMs(res.headers.get('retry-after'), Date.now());
  if (ms !== null) return ms;
  return res.status === 429 ? DEFAULT_429_PAUSE_MS : undefined;
}

async function attempt(source: SourceName, url: string, opts: HttpOptions): Promise<JsonResponse> {
  opts.gates?.[source]?.check();
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
  const fail = (err: unknown): never => {
    if (opts.signal?.aborted) {
      throw new UpstreamError(source, 'aborted', 'requête interrompue (arrêt)', false);
    }
    if (timeout.aborted) {
      throw new UpstreamError(
        source,
        'timeout',
        `pas de réponse en ${(opts.timeoutMs / 1000).toLocaleString('fr-FR')} s (${url})`,
        true,
      );
    }
    throw new UpstreamError(source, 'network', `service injoignable (${describe(err)})`, true);
  };
  let res: Response;
  try {
    res = await fetchUnderBase(
      source,
      url,
      {
        signal,
        headers: {
          accept: 'application/json, application/geo+json;q=0.9, */*;q=0.1',
          'user-agent': opts.userAgent ?? 'Limni (ingestion)',
        },
      },
      opts,
    );
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    return fail(err);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    return fail(err);
  }
  if (!ACCEPTED.has(res.status)) {
    const transient = res.status >= 500 || res.status === 429 || res.status === 408;
    throw new UpstreamError(
      source,
      'http',
      `HTTP ${res.status} pour ${url}${text ? ` : ${text.slice(0, 200)}` : ''}`,
      transient,
      res.status,
      retryDelayOf(res),
    );
  }
  if (text.trim() === '') {
    if (res.status === 204) return { status: res.status, body: null, headers: res.headers };
    throw new UpstreamError(
      source,
      'json',
      `réponse vide (HTTP ${res.status}) pour ${url}`,
      true,
      res.status,
    );
  }
  try {
    return { status: res.status, body: JSON.parse(text) as unknown, headers: res.headers };
  } catch (err) {
    throw new UpstreamError(
      source,
      'json',
      `JSON illisible (HTTP ${res.status}, ${text.length} octets) pour ${url} : ${describe(err)}`,
      true,
      res.status,
    );
  }
}

/**
 * GET a JSON document. 200, 203, 204 and 206 are successes (Hub'Eau sends 206 for a partial page); transient
 * failures are retried `retries` times with exponential backoff; the last error is thrown.
 */
export async function getJson(source: SourceName, url: string, opts: HttpOptions): Promise<JsonResponse> {
  for (let i = 0; ; i++) {
    try {
      return await attempt(source, url, opts);
    } catch (err) {
      const e =
        err instanceof UpstreamError ? err : new UpstreamError(source, 'network', describe(err), true);
      if (e.kind === 'pause') throw e;
      // The service asked for a pause: a short one is waited for here, a longer one holds the whole source.
      const waitMs = e.retryAfterMs ?? null;
      if (waitMs !== null && (waitMs > RETRY_AFTER_WAIT_MAX_MS || i >= opts.retries)) {
        opts.gates?.[source]?.pauseFor(waitMs, `Retry-After après HTTP ${e.status ?? '?'}`);
        opts.log?.warn(
          { source, url, status: e.status, retryAfterMs: waitMs },
          'Le service demande une pause (Retry-After) : source suspendue',
        );
        throw e;
      }
      if (!e.transient || i >= opts.retries) throw e;
      const delay =
        waitMs !== null ? Math.max(0, waitMs) : opts.backoffMs * 2 ** i * (1 + Math.random() * 0.25);
      opts.onRetry?.(e, i + 1);
      opts.log?.warn(
        { source, url, attempt: i + 1, delayMs: Math.round(delay), err: e.message },
        'Nouvel essai',
      );
      try {
        await sleep(delay, opts.signal);
      } catch {
        throw new UpstreamError(source, 'aborted', 'requête interrompue (arrêt)', false);
      }
    }
  }
}

/** Where a Zod issue is, as `data.3.resultat_obs`. */
function issuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.length ? path.map(String).join('.') : '(racine)';
}

/**
 * Parses an upstream payload. A mismatch is logged with every offending path (the "changed field" alarm) and
 * thrown as a non-transient `schema` error: nothing of this payload is stored.
 */
export function parsePayload<S extends z.ZodType>(
  source: SourceName,
  what: string,
  schema: S,
  body: unknown,
  log?: IngestLogger,
): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 10).map((i) => `${issuePath(i.path)} : ${i.message}`);
  log?.error({ source, what, issues }, `Charge utile inattendue (${source}, ${what}) : schéma non respecté`);
  throw new UpstreamError(source, 'schema', `réponse inattendue pour ${what} (${issues.join(' ; ')})`, false);
}

/**
 * Pins an upstream `next` link to the configured base URL (docs/decisions/105): the request always goes to the
 * configured host, with the configured base path.
 * - A link under the base URL is followed as it is.
 * - A link to the service's public API (`publicBase`: Hub'Eau's own links, as a mirror passes them on) or to the
 *   base's host without its base path (a mirror that dropped it) is moved under the base URL: the part after the
 *   API path is kept, and so the query and its cursor, never rebuilt.
 * - Anything else — another host, another scheme, a path outside the API — is refused: a non-transient
 *   `lien_refuse` error, and nothing is followed.
 */
export function pinNextLink(source: SourceName, link: string, baseUrl: string, publicBase: string): string {
  const base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  const upstream = new URL(publicBase.endsWith('/') ? publicBase : `${publicBase}/`);
  const refuse = (why: string): never => {
    throw new UpstreamError(source, 'lien_refuse', `lien de page suivante refusé (${why}) : ${link}`, false);
  };
  let next: URL;
  try {
    next = new URL(link, base);
  } catch {
    return refuse('adresse illisible');
  }
  if (next.username || next.password) refuse('identifiants dans le lien');
  if (next.origin === base.origin && next.pathname.startsWith(base.pathname)) return next.href;
  const sameHost = next.origin === base.origin;
  if (!sameHost && next.origin !== upstream.origin) {
    refuse(`hôte ${next.host} différent de celui configuré, ${base.host}`);
  }
  if (!next.pathname.startsWith(upstream.pathname)) refuse('chemin hors de l’API');
  return `${base.href}${next.pathname.slice(upstream.pathname.length)}${next.search}`;
}

/** `2026-09-13T07:00:00Z`: the instant format Hub'Eau filters accept (UTC, no milliseconds). */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A pace shared by several jobs (the long reads of one source): at most `perMinute` requests a minute whichever job
 * asks; each caller waits with its own run's signal.
 */
export function sharedPacer(
  perMinute: number,
  clock: () => number = () => performance.now(),
): (signal: AbortSignal) => Promise<void> {
  const interval = perMinute > 0 && Number.isFinite(perMinute) ? 60_000 / perMinute : 0;
  let next = -Infinity;
  return async (signal) => {
    if (interval === 0) return;
    const now = clock();
    const at = Math.max(now, next);
    next = at + interval;
    if (at > now) await sleep(at - now, signal);
  };
}

/**
 * A request pace: the returned function resolves when the next request may leave, at most `perMinute` requests a
 * minute (evenly spaced). `Infinity` or 0 means no pacing. Rejects when `signal` aborts while waiting.
 */
export function pacer(
  perMinute: number,
  signal?: AbortSignal,
  clock: () => number = () => performance.now(),
): () => Promise<void> {
  const interval = perMinute > 0 && Number.isFinite(perMinute) ? 60_000 / perMinute : 0;
  let next = -Infinity;
  return async () => {
    if (interval === 0) return;
    const now = clock();
    const at = Math.max(now, next);
    next = at + interval;
    if (at > now) await sleep(at - now, signal);
  };
}
