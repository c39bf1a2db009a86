/**
 * The real limit for `bench/api.ts`: a bare Fastify in its own process — no hooks, no logger, no plugin — that
 * answers one route with the exact bytes and headers the app sent for the measured URL (read from the JSON file
 * given as first argument: `{ body, headers }`). Prints `{ port }` to its parent over IPC once listening.
 */
import fs from 'node:fs';
import Fastify from 'fastify';

interface Captured {
  body: string;
  headers: Record<string, string>;
}

const file = process.argv[2];
if (!file) throw new Error('usage : bare-server.ts <réponse.json>');
const { body, headers } = JSON.parse(fs.readFileSync(file, 'utf8')) as Captured;
// Fastify writes these itself (length, connection, date): the others go out as the app sent them.
const own = new Set(['content-length', 'connection', 'keep-alive', 'date', 'transfer-encoding']);
const fixed = Object.entries(headers).filter(([name]) => !own.has(name.toLowerCase()));
const bytes = Buffer.from(body, 'utf8');

const app = Fastify({ logger: false });
app.get('/*', (_request, reply) => {
  for (const [name, value] of fixed) reply.header(name, value);
  reply.send(bytes);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
