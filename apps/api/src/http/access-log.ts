/**
 * One access line per answer (docs/decisions/115), instead of Fastify's two ("incoming request" and "request
 * completed", each with its serialised request): method, path and query, status, time taken and the client's
 * address (as the privacy notice lists: address and pages asked for), at `info` — so a level of `warn` silences it.
 * Written by Fastify's own `LogController` when the answer has left: no extra hook on the request path. An answer
 * that failed while being sent is logged at `error` with its error; Fastify's other log lines (error handler, 404,
 * 503 while closing) keep their defaults.
 *
 * No secret reaches the log (logs are kept 12 months, and mail scanners open links before people do): the tokens
 * in the paths of e-mailed links (password reset, e-mail verification, alert stop) and the values of query
 * parameters named like secrets are replaced by `…` (`urlSansSecret`).
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Paths whose segments after the prefix are secrets (the links Limni e-mails). */
const CHEMINS_SECRETS = ['/user/password_reset/', '/user/register/', '/api/user/alertes/stop/'];
/** Query parameters whose value is a secret. */
const PARAMETRE_SECRET =
  /^(token|jeton|key|cle|clé|code|secret|password|mot_de_passe|signature|sig|access_token)$/i;

/** The URL as logged: secrets in the path and in the query replaced by `…`. */
export function urlSansSecret(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  const lower = path.toLowerCase();
  for (const prefix of CHEMINS_SECRETS) {
    if (lower.startsWith(prefix) && path.length > prefix.length) {
      path = prefix + path.slice(prefix.length).replace(/[^/]+/g, '…');
      break;
    }
  }
  if (!query) return path;
  const parts = query.split('&').map((kv) => {
    const eq = kv.indexOf('=');
    if (eq < 0) return kv;
    let name = kv.slice(0, eq);
    try {
      name = decodeURIComponent(name);
    } catch {
      // An undecodable name is compared as it is.
    }
    return PARAMETRE_SECRET.test(name) ? `${kv.slice(0, eq)}=…` : kv;
  });
  return `${path}?${parts.join('&')}`;
}

export class AccessLogController extends LogController {
  override incomingRequest(): void {
    // The line is written once the answer has left (below).
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      m: request.method,
      url: urlSansSecret(request.url),
      s: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'réponse interrompue');
    else reply.log.info(line, 'réponse');
  }
}
