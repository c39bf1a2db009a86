/**
 * One access line per answer (docs/decisions/115), instead of Fastify's two ("incoming request" and "request
 * completed", each with its serialised request): method, path and query, status, time taken and the client's
 * address (as the privacy notice lists: address and pages asked for), at `info` — so a level of `warn` silences it.
 * Written by Fastify's own `LogController` when the answer has left: no extra hook on the request path. An answer
 * that failed while being sent is logged at `error` with its error; Fastify's other log lines (error handler, 404,
 * 503 while closing) keep their defaults.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

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
      url: request.url,
      s: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'réponse interrompue');
    else reply.log.info(line, 'réponse');
  }
}
