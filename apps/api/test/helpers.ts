/**
 * API test harness: each test file gets its own copy of the seeded template database (SQLite file or PostgreSQL
 * clone), a temporary DATA_DIR, and the real Fastify app, exercised with `inject`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/deps';
import { loadEnv } from '../src/config/env';
import { loadSecrets } from '../src/config/secrets';
import { migrateToLatest, openDb, type Db } from '../src/db/client';
import { createMailer, outboxDir } from '../src/notify/mail';
import { createPushService } from '../src/notify/push';
import { withDatabase } from './global-setup';
import type { DestinationStream } from 'pino';

export const TEST_DB: 'sqlite' | 'postgres' =
  process.env.LIMNI_TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  db: Db;
  dataDir: string;
  /** PostgreSQL: the URL of this file's database (other processes may open it); SQLite: undefined. */
  databaseUrl?: string;
  /** Sends a request; state-changing methods get a valid CSRF cookie and header automatically. */
  request: (opts: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
}

async function cloneDatabase(
  applicationName?: string,
  existingUrl?: string,
): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  if (existingUrl) {
    // Another instance on a database a test file already cloned: its owner drops it.
    const db = openDb({ databaseUrl: existingUrl, dataDir: os.tmpdir(), poolMax: 4 });
    return { db, url: existingUrl, drop: async () => {} };
  }
  if (TEST_DB === 'postgres') {
    const adminUrl = inject('pgAdminUrl');
    const template = inject('templatePgDb');
    const name = `${template.replace('_tpl_', '_t_')}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        // Two files cloning the same template at the same instant: wait and retry.
        if (attempt > 20 || !String(err).includes('being accessed by other users')) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    // A test database need not wait for its WAL to reach the disk at each commit: what the tests check (locks,
    // deduplication, retries, transactions) is the same, and a crash of the test server loses nothing worth keeping.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    const url = withDatabase(adminUrl, name);
    const db = openDb({
      databaseUrl: url,
      dataDir: os.tmpdir(),
      poolMax: 4,
      ...(applicationName ? { applicationName } : {}),
    });
    return {
      db,
      url,
      drop: async () => {
        // The pool's end() resolves before its connections are closed, and a forced drop would kill them mid-way
        // (an unhandled "terminating connection" error): a plain DROP waits up to 5 s for them; force is the fallback.
        try {
          await admin.query(`drop database if exists ${name}`);
        } catch {
          await admin.query(`drop database if exists ${name} with (force)`);
        }
        await admin.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-db-'));
  fs.copyFileSync(inject('templateSqlite'), path.join(dir, 'limni.db'));
  const db = openDb({ dataDir: dir });
  return { db, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface CreateTestAppOptions {
  /** Extra environment variables (strings, as in process.env). */
  env?: Record<string, string>;
  now?: () => number;
  /** Log lines go there (with LOG_LEVEL given in `env`); without it the app logs nothing. */
  logStream?: DestinationStream;
  /** PostgreSQL: open this database (another test app's `databaseUrl`) instead of a new clone: a second instance. */
  databaseUrl?: string;
}

export async function createTestApp(opts: CreateTestAppOptions = {}): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-data-'));
  const { db, url, drop } = await cloneDatabase(opts.env?.INSTANCE_ID, opts.databaseUrl);
  await migrateToLatest(db);
  // The demo offline unless a test asks for live or auto: nothing probes the network by default.
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    INGEST: 'off',
    ...opts.env,
  });
  const deps: AppDeps = {
    env,
    db,
    secrets: loadSecrets(env),
    now: opts.now ?? Date.now,
    mailer: createMailer(env),
    // Local push services of the tests run on 127.0.0.1 (production allows the browsers' push services only).
    push: createPushService({ db: db.db, mailFrom: env.MAIL_FROM, allowLocalEndpoints: true }),
  };
  const app = await buildApp(deps, opts.logStream ? { logStream: opts.logStream } : { logger: false });
  await app.ready();

  let csrf: string | null = null;
  const request = async (o: InjectOptions & { token?: string }) => {
    const { token, ...rest } = o;
    const method = (rest.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string> | undefined) };
    if (token) headers.authorization = `Bearer ${token}`;
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method) && !('x-csrftoken' in headers)) {
      if (!csrf) {
        const res = await app.inject({ url: '/api/csrf' });
        csrf = (res.json() as { csrftoken: string }).csrftoken;
      }
      headers['x-csrftoken'] = csrf;
      headers.cookie = [headers.cookie, `csrftoken=${csrf}`].filter(Boolean).join('; ');
    }
    return app.inject({ ...rest, headers });
  };

  return {
    app,
    deps,
    db,
    dataDir,
    ...(url ? { databaseUrl: url } : {}),
    request,
    close: async () => {
      await app.close();
      await db.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  /** The raw message (headers and MIME parts), quoted-printable decoded where needed. */
  raw: string;
}

/** A raw message (as written to the outbox or received by an SMTP server) with its To, decoded subject and body. */
export function parseMail(message: string): Omit<OutboxMail, 'file'> {
  const raw = message.replace(/\r\n/g, '\n');
  const header = (name: string) =>
    new RegExp(`^${name}: (.*(?:\n[ \t].*)*)`, 'mi').exec(raw)?.[1]?.replace(/\n[ \t]/g, '') ?? '';
  const decodeWords = (v: string) =>
    v.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const decoded = raw.replace(/=\r?\n/g, '').replace(/(=[0-9A-F]{2})+/g, (m) =>
    Buffer.from(
      m
        .split('=')
        .filter(Boolean)
        .map((h) => parseInt(h, 16)),
    ).toString('utf8'),
  );
  return { to: header('To'), subject: decodeWords(header('Subject')), raw: decoded };
}

/** E-mails written to `$DATA_DIR/outbox/`, oldest first, with decoded subject. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = outboxDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      return { file, ...parseMail(fs.readFileSync(file, 'utf8')) };
    });
}
