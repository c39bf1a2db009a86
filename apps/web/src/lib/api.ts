/**
 * The HTTP client of the web app. Every response is parsed with the shared Zod contract of its endpoint, so a
 * drift between API and app fails loudly here rather than as `undefined` on screen.
 * State-changing requests carry the CSRF cookie's value in `X-CSRFToken`; signed-in requests carry the bearer.
 * Only zod's `safeParse` is imported here, and an error body is read by a lazy module: the shell carries no contract
 * and none of zod's schema code; the contracts of the endpoints a page calls bring theirs (docs/decisions/052).
 */
import * as z from 'zod/mini';
import type { $ZodArrayDef } from 'zod/v4/core';
import { currentLangue } from './i18n';
import { ApiError } from './api-error-class';
import { yieldToBrowser } from './yield';
import { pathAtInstant } from './instant-consulte';

export { ApiError };

let bearer: string | null = null;
/** Sets (or clears) the bearer token sent with every request. */
export function setBearer(token: string | null): void {
  bearer = token;
}
export function getBearer(): string | null {
  return bearer;
}

function readCookie(name: string): string | null {
  const m = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

let revalidateAll = false;
/**
 * While a replay rewrites the data (docs/decisions/142), every answer is asked of the server again (`no-cache`: a 304
 * when unchanged) instead of being taken from the browser's cache, where a public answer stays up to a minute: the
 * screen shows one instant, not readings of a minute of replay earlier.
 */
export function setRevalidateAll(on: boolean): void {
  revalidateAll = on;
}

let csrfPromise: Promise<string> | null = null;
async function csrfToken(): Promise<string> {
  const existing = readCookie('csrftoken');
  if (existing) return existing;
  csrfPromise ??= fetch('/api/csrf', { credentials: 'same-origin' })
    .then((r) => r.json() as Promise<{ csrftoken: string }>)
    .then((b) => b.csrftoken)
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** HTTP cache mode of the request (`'no-cache'`: revalidate a cached answer before using it). */
  cache?: RequestCache;
  /** Ask at this instant (`YYYY-MM-DDTHH:MM`, Paris) instead of the one consulted, or now (null) (ADR 152). */
  instant?: string | null;
}

/** Calls `/api/<path>` and parses the JSON answer with `schema`. */
export async function api<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  opts: RequestOptions = {},
): Promise<z.output<S>> {
  const method = opts.method ?? 'GET';
  // The server's sentences (errors, account messages) in the language the person chose, not the browser's.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLangue() };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (method !== 'GET') headers['x-csrftoken'] = await csrfToken();
  let res: Response;
  try {
    // A read of the data at the instant consulted carries it (docs/decisions/152).
    const target = path.replace(/^\//, '');
    const url = method !== 'GET' || opts.instant === null ? target : pathAtInstant(target, opts.instant);
    res = await fetch(`/api/${url}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: opts.signal,
      cache: opts.cache ?? (revalidateAll ? 'no-cache' : undefined),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network', 'Connexion impossible : vérifiez votre réseau.');
  }
  const text = await res.text();
  const json: unknown = text ? safeJson(text) : null;
  if (!res.ok) throw await errorOf(res.status, json);
  const parsed = await validate(schema, json);
  if (!parsed) {
    throw new ApiError(res.status, 'internal', `Réponse inattendue du serveur pour ${path}`);
  }
  return parsed.data;
}

/** Items of a list answer from which it is validated in slices. */
const SLICED_FROM = 200;
/** Longest stretch of validation before the browser gets the main thread back (a long task is 50 ms). */
const SLICE_MS = 8;

/**
 * The answer parsed with its contract, or null when it does not match. A long list (the index of rivers and lakes,
 * ~1,000 items, 240 KB) is validated item by item in slices of a few milliseconds: in one go, Zod's first run over
 * it was a task of several hundred milliseconds on a mobile CPU (docs/decisions/116). Same checks, same
 * result: an array schema parses each item with its element schema; one with checks of its own (length) is parsed
 * whole.
 */
async function validate<S extends z.ZodMiniType>(
  schema: S,
  json: unknown,
): Promise<{ data: z.output<S> } | null> {
  const def = schema._zod.def;
  if (
    def.type !== 'array' ||
    !Array.isArray(json) ||
    json.length < SLICED_FROM ||
    (def.checks?.length ?? 0) > 0
  ) {
    const parsed = z.safeParse(schema, json);
    return parsed.success ? { data: parsed.data } : null;
  }
  const element = (def as $ZodArrayDef).element;
  const items: unknown[] = new Array<unknown>(json.length);
  let sliceStart = performance.now();
  for (let i = 0; i < json.length; i++) {
    const parsed = z.safeParse(element, json[i]);
    if (!parsed.success) return null;
    items[i] = parsed.data;
    if (performance.now() - sliceStart > SLICE_MS) {
      await yieldToBrowser();
      sliceStart = performance.now();
    }
  }
  return { data: items as z.output<S> };
}

/** The ApiError of a failed answer, its body read by the lazy contract module (a generic one if that fails to load). */
async function errorOf(status: number, json: unknown): Promise<ApiError> {
  try {
    return (await import('./api-error')).apiErrorFrom(status, json);
  } catch {
    return new ApiError(status, status >= 500 ? 'internal' : 'validation', `Erreur ${status}`);
  }
}

/** The `X-CSRFToken` value for a state-changing request made outside `api()` (XMLHttpRequest uploads). */
export function csrfHeaderValue(): Promise<string> {
  return csrfToken();
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
