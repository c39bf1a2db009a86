/**
 * Browser security headers on every answer, HTML, assets and API alike (docs/decisions/101):
 * - a Content-Security-Policy: for the web app and the worker scripts (`/sw.js`, MapLibre's worker, whose policy
 *   is the one of their own response) no inline script (only the hashes of inline scripts found in the built
 *   `index.html`, none today), inline `<style>` elements but no inline style attribute, `connect-src`/`img-src`
 *   limited to this origin plus the configured tile server
 *   (and `https:` images for webcams), `worker-src 'self'`, `frame-ancestors 'none'`; for API answers that are not
 *   HTML, `default-src 'none'` (a JSON or image opened as a page can run nothing);
 * - `X-Frame-Options: DENY` while `frame-ancestors` is `'none'`, `X-Content-Type-Options: nosniff`,
 *   `Referrer-Policy: strict-origin-when-cross-origin`, `Permissions-Policy` (geolocation for this origin only),
 *   `Cross-Origin-Opener-Policy: same-origin`, `Cross-Origin-Resource-Policy: same-origin`;
 * - `Strict-Transport-Security` in production when PUBLIC_URL is https.
 * A route changes its policy with `config: { csp: { 'frame-ancestors': ['*'] } }` (an embeddable page): the given
 * directives replace the defaults, and X-Frame-Options is left out when framing is allowed.
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env';

export type CspDirective =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'style-src-elem'
  | 'img-src'
  | 'connect-src'
  | 'font-src'
  | 'worker-src'
  | 'manifest-src'
  | 'media-src'
  | 'object-src'
  | 'frame-src'
  | 'child-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors'
  | 'upgrade-insecure-requests';

export type CspPolicy = Partial<Record<CspDirective, readonly string[]>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Directives of this route's Content-Security-Policy that replace the defaults (docs/decisions/101). */
    csp?: CspPolicy;
  }
}

export interface SecurityHeadersOptions {
  env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL' | 'TILE_URL'>;
  /** `sha256-…` hashes of the inline scripts of the built index.html (http/web.ts), allowed by `script-src`. */
  inlineScriptHashes?: () => readonly string[];
}

/** The origin of the configured tile server for `connect-src` and `img-src` (`{s}` and such become `*`). */
export function tileOrigin(tileUrl: string | undefined): string | null {
  if (!tileUrl) return null;
  const m = /^(https?:\/\/)([^/?#]+)/i.exec(tileUrl);
  if (!m?.[1] || !m[2]) return null;
  const host = m[2].replace(/\{[^}]*\}/g, '*');
  return /^[a-z0-9.*:[\]-]+$/i.test(host) ? `${m[1].toLowerCase()}${host.toLowerCase()}` : null;
}

/** `sha256-…` source expressions of the inline `<script>` elements (without `src`) of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attrs = '', body = ''] = m;
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

const isHttpsProduction = (env: SecurityHeadersOptions['env']) =>
  env.NODE_ENV === 'production' && env.PUBLIC_URL.startsWith('https://');

/** The policy of the web app's documents and worker scripts. */
export function appPolicy(opts: SecurityHeadersOptions): CspPolicy {
  const tiles = tileOrigin(opts.env.TILE_URL);
  const publicOrigin = new URL(opts.env.PUBLIC_URL).origin;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(opts.inlineScriptHashes?.() ?? [])],
    'style-src': ["'self'"],
    // The dialogs' scroll lock (react-remove-scroll, under Radix Dialog) adds a <style> element whose content
    // depends on the scrollbar's width: inline <style> elements are allowed, inline style attributes are not.
    'style-src-elem': ["'self'", "'unsafe-inline'"],
    // Uploads are same-origin; webcam images come from the hosts the data name (https only).
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(tiles ? [tiles] : [])],
    'connect-src': ["'self'", ...(tiles ? [tiles] : [])],
    'font-src': ["'self'"],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    // The « Intégrer » dialog previews the widget, a page of this origin (docs/decisions/123).
    'frame-src': ["'self'"],
    'base-uri': ["'none'"],
    // The alert stop page posts to PUBLIC_URL, which may be another origin than the one a test browser uses.
    'form-action': ["'self'", publicOrigin],
    'frame-ancestors': ["'none'"],
    ...(isHttpsProduction(opts.env) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The policy of API answers that are not HTML (JSON, images): nothing may run or load. */
export const API_POLICY: CspPolicy = {
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
};

export function serializePolicy(policy: CspPolicy): string {
  return Object.entries(policy)
    .map(([name, values]) => [name, ...(values ?? [])].join(' '))
    .join('; ');
}

const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
].join(', ');

const isHtml = (reply: FastifyReply) => /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''));

/** Sets the headers of one answer (the hook below, and the router's own errors, which skip every hook). */
export type ApplySecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

export function createSecurityHeaders(opts: SecurityHeadersOptions): ApplySecurityHeaders {
  const hsts = isHttpsProduction(opts.env);
  let appCsp: CspPolicy | null = null;
  // Computed on first use: the inline-script hashes are known once the web app is registered.
  const forApp = () => (appCsp ??= appPolicy(opts));
  // The two policies without a route's override are serialised once, not per answer (docs/decisions/115).
  const apiCsp = serializePolicy(API_POLICY);
  let appCspText: string | null = null;
  const deniesFraming = (policy: CspPolicy) => {
    const framing = policy['frame-ancestors'] ?? [];
    return framing.length === 1 && framing[0] === "'none'";
  };
  return (request, reply) => {
    const isApi = request.url.startsWith('/api/') && !isHtml(reply);
    const override = reply.routeOptions?.config?.csp;
    let csp: string;
    let denyFraming: boolean;
    if (override) {
      const policy: CspPolicy = { ...(isApi ? API_POLICY : forApp()), ...override };
      csp = serializePolicy(policy);
      denyFraming = deniesFraming(policy);
    } else {
      csp = isApi ? apiCsp : (appCspText ??= serializePolicy(forApp()));
      denyFraming = true;
    }
    // A handler or plugin that wrote its own policy (Swagger UI's) keeps it.
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
    if (denyFraming) reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('referrer-policy')) {
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    }
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    reply.header('cross-origin-opener-policy', 'same-origin');
    if (!reply.hasHeader('cross-origin-resource-policy')) {
      reply.header('cross-origin-resource-policy', 'same-origin');
    }
    if (hsts) reply.header('strict-transport-security', 'max-age=31536000');
  };
}

/** Registers the headers on the root instance, so that every answer (errors and static files too) gets them. */
export function registerSecurityHeaders(app: FastifyInstance, apply: ApplySecurityHeaders): void {
  // Callback style: no promise per answer on this hot path (docs/decisions/115).
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload, done) => {
    apply(request, reply);
    done(null, payload);
  });
}
