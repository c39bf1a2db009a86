/**
 * `npx tsx bench/fanout.ts [--subscribers=100000] [--pg=postgres://postgres@127.0.0.1:5432/test] [--gone=50]
 * [--rps=20] [--delivery=thread|inline] [--sinks-nice=10]`: how long the last subscriber of a popular place waits for its alert
 * (docs/decisions/159, 163).
 *
 * A scratch PostgreSQL database (created next to the one `--pg` names, dropped at the end) holds one place with a
 * 5-min water-level sensor and N accounts (inserted by SQL batches, one fixed password hash), each following the
 * place with one rule « above 1.50 m », e-mail and push on, and one Web Push subscription whose endpoint is a local
 * push service run by this process: a real HTTP server on 127.0.0.1 that checks the VAPID header (ES256, audience,
 * key), `Content-Encoding: aes128gcm`, decrypts every message with the subscription's private key and counts it
 * by subscription; `--gone` of the endpoints answer 410. A real SMTP server (`smtp-server`) counts each message by
 * recipient. Two instances, each its own Node process, run the real app (`buildApp`) and, as server.ts does on
 * PostgreSQL, an alerts thread (evaluation and delivery at a lower priority; `--delivery=inline`: both in the
 * request thread) on the same database, as two servers would; a third process sends each of them a light steady GET load
 * (`--rps` a second of `GET /api/hydro/lieu/{id}`, which reads the database) and measures the latency.
 *
 * Timed: one new reading above the threshold is written through the ingestion store and its event evaluated by the
 * first instance (the leader, whose run it was: notifications and outbox rows in one transaction), which then
 * delivers; the other instance is told to deliver once the rows show (on its timer in production). From the reading's arrival to the first delivery, the last push, the last e-mail; every delivery counted
 * at the sinks (duplicates, missing), the gone subscriptions removed; GET p99 per instance during the fan-out and
 * before; the load average at the start and at the end. Targets: last push ≤ 5 min, no duplicate, none missing,
 * p99 ≤ 100 ms on each instance. The sinks stand for other machines: from the reading on, they run below the
 * instances' priority (`--sinks-nice`, 10; 0 to have them compete with the instances).
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import type { Database } from '../apps/api/src/db/schema';
import type { ObservationsEvent } from '../apps/api/src/ingest/events';
import { ObservationsSummary, ObservationStore } from '../apps/api/src/ingest/observation-store';
import { verifiedAccountRow } from '../apps/api/test/account-rows';

const ROLE = process.env.FANOUT_ROLE;
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const TARGET_LAST_PUSH_MS = 5 * 60_000;
const TARGET_P99_MS = 100;
const STEP_MS = 5 * 60_000;
const SEUIL = 1.5;
/** A real argon2id hash (of a password nobody types): the accounts are never signed in to. */
const PASSWORD_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2gtZmFub3V0LXNlbA$2BFzkqW3c3a0lSd0bW4B7Q0x9k5m1o3r9Jtq8cQ9yXw';
const JWT_SECRET = 'bench-only-secret-bench-only-secret-0123456789';

interface LoadStats {
  n: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}
type Phase = 'avant' | 'diffusion';
type InstanceMessage =
  | { port: number }
  | { passe: { envoyes: number; reessais: number; echecs: number; autres: number; ms: number } }
  | { boucle: { p99: number; max: number } };

// ---------------------------------------------------------------------------------------------------------------
// Instance: the real app and an AlertDelivery, as a server process would run them.

async function instance(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app');
  const { loadEnv } = await import('../apps/api/src/config/env');
  const { loadSecrets } = await import('../apps/api/src/config/secrets');
  const { openDb } = await import('../apps/api/src/db/client');
  const { createMailer } = await import('../apps/api/src/notify/mail');
  const { createPushService } = await import('../apps/api/src/notify/push');
  const { AlertDelivery } = await import('../apps/api/src/features/alertes/delivery');
  const { AlertEvaluator } = await import('../apps/api/src/features/alertes/evaluation');
  const { AlertsThread } = await import('../apps/api/src/features/alertes/alerts-thread');
  const dataDir = process.env.BENCH_DATA_DIR as string;
  const env = loadEnv({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    INGEST: 'off',
    JWT_SECRET,
    EDITEUR: 'Banc de mesure',
    DIRECTEUR_PUBLICATION: 'Banc de mesure',
    HEBERGEUR: 'Cette machine',
    PUBLIC_URL: 'http://127.0.0.1',
    ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    ...(process.env.BENCH_SMTP_URL ? { SMTP_URL: process.env.BENCH_SMTP_URL } : {}),
  });
  const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir, poolMax: 10 });
  const secrets = loadSecrets(env);
  const mailer = createMailer(env);
  const push = createPushService({ db: db.db, mailFrom: env.MAIL_FROM, allowLocalEndpoints: true });
  const app = await buildApp({ env, db, secrets, now: Date.now, mailer, push });
  const log = {
    info: () => {},
    warn: (o: object, m: string) => console.warn(m, JSON.stringify(o)),
    error: (o: object, m: string) => console.error(m, JSON.stringify(o)),
  };
  // As server.ts on PostgreSQL: evaluation and delivery in the alerts thread (docs/decisions/163);
  // `--delivery=inline`: both in the request thread, as before it.
  const inline = process.env.FANOUT_DELIVERY === 'inline';
  const thread = inline
    ? null
    : new AlertsThread({
        databaseUrl: env.DATABASE_URL,
        dataDir,
        smtpUrl: env.SMTP_URL,
        mailFrom: env.MAIL_FROM,
        publicUrl: env.PUBLIC_URL,
        alertKey: secrets.alertKey,
        allowLocalEndpoints: true,
        log,
      });
  await thread?.open();
  const delivery =
    thread ??
    new AlertDelivery({
      db: db.db,
      mailer,
      push,
      publicUrl: env.PUBLIC_URL,
      alertKey: secrets.alertKey,
      log,
    });
  const evaluator = new AlertEvaluator(db.db, { log });
  /** As `startAlerts` and the thread: the event's rules, then a delivery pass. */
  const evaluate = async (event: ObservationsEvent) => {
    if (thread) return thread.evaluate(event);
    const summary = await evaluator.observations(event);
    if (summary.notifications > 0) await delivery.deliverDue();
    return summary;
  };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let measuring = false;
  const send = (m: InstanceMessage) => process.send?.(m);
  process.on(
    'message',
    (m: { evaluate?: ObservationsEvent; deliver?: boolean; boucle?: boolean; stop?: boolean }) => {
      // The leader's run ended: its event is evaluated (then delivered) here.
      if ((m.evaluate || m.deliver) && !measuring) {
        measuring = true;
        loop.reset();
        loop.enable();
      }
      if (m.evaluate) void evaluate(m.evaluate);
      if (m.deliver) {
        const t = performance.now();
        void delivery.deliverDue().then((passe) => send({ passe: { ...passe, ms: performance.now() - t } }));
      }
      if (m.boucle) send({ boucle: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 } });
      if (m.stop) {
        void delivery
          .stop()
          .then(() => app.close())
          .then(() => db.close())
          .then(() => process.exit(0));
      }
    },
  );
  // The bench gone (interrupted): this process goes too.
  process.on('disconnect', () => process.exit(0));
  // Retries and missed rows, as the server's timer does.
  delivery.start(15_000);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as AddressInfo;
  send({ port: address.port });
}

// ---------------------------------------------------------------------------------------------------------------
// Load: a steady GET rate on each instance (open loop: a slow answer does not slow the next request down).

async function load(): Promise<void> {
  const latencies = new Map<string, number[]>();
  const errors = new Map<string, number>();
  let phase: Phase = 'avant';
  const timers: NodeJS.Timeout[] = [];
  process.on(
    'message',
    (m: {
      start?: { targets: Array<{ name: string; url: string }>; rps: number };
      phase?: Phase;
      stop?: boolean;
    }) => {
      if (m.start) {
        for (const target of m.start.targets) {
          timers.push(
            setInterval(() => {
              const key = `${target.name}:${phase}`;
              const t = performance.now();
              fetch(target.url)
                .then(async (res) => {
                  await res.arrayBuffer();
                  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
                  let list = latencies.get(key);
                  if (!list) latencies.set(key, (list = []));
                  list.push(performance.now() - t);
                })
                .catch(() => errors.set(key, (errors.get(key) ?? 0) + 1));
            }, 1000 / m.start.rps),
          );
        }
      }
      if (m.phase) phase = m.phase;
      if (m.stop) {
        for (const t of timers) clearInterval(t);
        // Answers still on their way are counted.
        setTimeout(() => {
          const stats: Record<string, LoadStats> = {};
          for (const key of new Set([...latencies.keys(), ...errors.keys()])) {
            const list = (latencies.get(key) ?? []).sort((a, b) => a - b);
            const q = (p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))] ?? NaN;
            stats[key] = {
              n: list.length,
              errors: errors.get(key) ?? 0,
              p50: q(0.5),
              p99: q(0.99),
              max: list.at(-1) ?? NaN,
            };
          }
          process.send?.({ stats }, () => process.exit(0));
        }, 2000);
      }
    },
  );
  process.on('disconnect', () => process.exit(0));
  process.send?.({ ready: true });
}

// ---------------------------------------------------------------------------------------------------------------
// The sinks: a push service and an SMTP server, counting every delivery.

interface Subscriber {
  priv: Buffer;
  auth: Buffer;
}

class Sinks {
  readonly push: Uint16Array;
  readonly mail: Uint16Array;
  readonly gone: Set<number>;
  goneAnswers = 0;
  /** The first refusals, for the report; `refused` counts them all. */
  invalid: string[] = [];
  refused = 0;
  first = Infinity;
  lastPush = 0;
  lastMail = 0;
  private readonly vapid = new Map<string, Promise<boolean>>();
  private httpServer: http.Server | null = null;
  private smtp: SMTPServer | null = null;
  origin = '';
  smtpUrl = '';
  publicKey = '';

  constructor(
    private readonly subscribers: Subscriber[],
    gone: Set<number>,
  ) {
    this.push = new Uint16Array(subscribers.length);
    this.mail = new Uint16Array(subscribers.length);
    this.gone = gone;
  }

  private bad(why: string): void {
    this.refused++;
    if (this.invalid.length < 10) this.invalid.push(why);
  }

  private verifyVapid(authorization: string | undefined, audience: string): Promise<boolean> {
    const key = authorization ?? '';
    let check = this.vapid.get(key);
    if (!check) {
      check = (async () => {
        const { verifyVapid } = await import('../apps/api/test/push-service');
        const { payload, k } = await verifyVapid(authorization, this.publicKey);
        return payload.aud === audience && k === this.publicKey && (payload.exp ?? 0) * 1000 > Date.now();
      })().catch(() => false);
      this.vapid.set(key, check);
    }
    return check;
  }

  async start(): Promise<void> {
    const { decryptPush } = await import('../apps/api/test/push-service');
    this.httpServer = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const i = Number(/^\/push\/(\d+)$/.exec(req.url ?? '')?.[1] ?? -1);
          const sub = this.subscribers[i];
          if (req.method !== 'POST' || !sub) return this.answer(res, 404, `chemin ${req.url}`);
          if (req.headers['content-encoding'] !== 'aes128gcm') {
            return this.answer(res, 415, `Content-Encoding ${req.headers['content-encoding']}`);
          }
          if (!(await this.verifyVapid(req.headers.authorization, this.origin))) {
            return this.answer(res, 401, `VAPID refusé : ${req.headers.authorization}`);
          }
          if (this.gone.has(i)) {
            this.goneAnswers++;
            res.statusCode = 410;
            return res.end();
          }
          const body = Buffer.concat(chunks);
          // 86 bytes of header (salt, record size, key), at least the delimiter and the 16-byte tag, one record.
          if (body.length < 86 + 17 || body.length > 4096) {
            return this.answer(res, 413, `taille ${body.length}`);
          }
          try {
            const ecdh = crypto.createECDH('prime256v1');
            ecdh.setPrivateKey(sub.priv);
            const json = decryptPush(body, {
              ecdh,
              authSecret: sub.auth,
              json: () => {
                throw new Error('inutile');
              },
            });
            const message = JSON.parse(json) as { tag?: string; title?: string };
            if (!message.tag?.startsWith('limni-notification-') || !message.title) throw new Error(json);
          } catch (err) {
            return this.answer(res, 400, `déchiffrement : ${(err as Error).message}`);
          }
          const t = Date.now();
          this.first = Math.min(this.first, t);
          this.lastPush = Math.max(this.lastPush, t);
          this.push[i] = (this.push[i] ?? 0) + 1;
          res.statusCode = 201;
          res.end();
        })();
      });
    });
    this.httpServer.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.httpServer?.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.httpServer.address() as AddressInfo).port}`;

    this.smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 1000,
      onData: (stream, session, callback) => {
        let head = '';
        stream.on('data', (c: Buffer) => {
          if (head.length < 8192) head += c.toString('utf8');
        });
        stream.on('end', () => {
          const t = Date.now();
          const ok = /^Subject: /m.test(head) && /^List-Unsubscribe:\s*</m.test(head);
          if (!ok) this.bad('e-mail sans sujet ou sans List-Unsubscribe');
          for (const r of session.envelope.rcptTo) {
            const i = Number(/^f(\d+)@/.exec(r.address)?.[1] ?? -1);
            if (i < 0 || i >= this.mail.length) {
              this.bad(`destinataire ${r.address}`);
              continue;
            }
            this.mail[i] = (this.mail[i] ?? 0) + 1;
          }
          this.first = Math.min(this.first, t);
          this.lastMail = Math.max(this.lastMail, t);
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.smtp?.once('error', reject);
      this.smtp?.listen(0, '127.0.0.1', () => resolve());
    });
    this.smtpUrl = `smtp://127.0.0.1:${(this.smtp.server.address() as AddressInfo).port}`;
  }

  private answer(res: http.ServerResponse, status: number, why: string): void {
    this.bad(why);
    res.statusCode = status;
    res.end();
  }

  async close(): Promise<void> {
    this.httpServer?.closeAllConnections();
    await new Promise<void>((resolve) => this.httpServer?.close(() => resolve()));
    await new Promise<void>((resolve) => this.smtp?.close(() => resolve()));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Main.

const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadavg = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' / ');

function spawn(role: string, env: Record<string, string>): ChildProcess {
  return fork(import.meta.filename, [], {
    env: { ...process.env, FANOUT_ROLE: role, ...env },
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.FANOUT_CPU_PROF && role === 'instance'
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.FANOUT_CPU_PROF}`]
        : []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function nextMessage<T>(child: ChildProcess, pick: (m: unknown) => T | undefined): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: unknown) => {
      const v = pick(m);
      if (v === undefined) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(v);
    };
    const onExit = (code: number | null) => reject(new Error(`processus terminé (${code})`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** The place, its sensor, and N accounts with their profile, follow, rule and browser, by batches of 1,000 rows. */
/** Each subscription's keys (the browser's side), and which endpoints answer 410 Gone. */
function browsers(
  N: number,
  goneCount: number,
): { subscribers: Subscriber[]; publics: string[]; gone: Set<number> } {
  const subscribers: Subscriber[] = [];
  const publics: string[] = [];
  for (let i = 0; i < N; i++) {
    const ecdh = crypto.createECDH('prime256v1');
    publics.push(ecdh.generateKeys().toString('base64url'));
    subscribers.push({ priv: ecdh.getPrivateKey(), auth: crypto.randomBytes(16) });
  }
  const step = Math.max(1, Math.floor(N / Math.max(1, goneCount)));
  const gone = new Set<number>();
  for (let i = 7 % step; gone.size < goneCount && i < N; i += step) gone.add(i);
  return { subscribers, publics, gone };
}

async function seed(
  k: Kysely<Database>,
  o: {
    now: number;
    N: number;
    sinks: Sinks;
    publics: string[];
    subscribers: Subscriber[];
    gone: Set<number>;
  },
): Promise<{ lieuId: number; goneRegistrations: number[] }> {
  const { now, N, sinks, publics, subscribers, gone } = o;
  await k
    .insertInto('bassin')
    .values({ slug: 'banc', nom: 'Banc', territoire: 'metropole', ordre: 1 })
    .execute();
  const e = await k
    .insertInto('entite')
    .values({ type: 'R', nom: 'La Rivière du banc', slug: 'riviere-banc', bassin_slug: 'banc' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lieu = await k
    .insertInto('lieu')
    .values({
      entite_id: e.id,
      nom: 'Pont populaire',
      libelle: 'La Rivière du banc au Pont populaire',
      lat_gps: 45,
      lon_gps: 3,
      station_mesure_ok: 1,
      code_station: 'F000000001',
      source: 'banc',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await k
    .insertInto('capteur')
    .values({
      lieu_id: lieu.id,
      grandeur: 'H',
      unite: 'm',
      libelle: "Hauteur d'eau",
      source: 'banc',
      code_station: 'F000000001',
      pas_min: 5,
    })
    .execute();

  // N accounts, their profile, follow, rule and browser, by batches of 1,000 rows.
  const goneRegistrations: number[] = [];
  for (let from = 0; from < N; from += 1000) {
    const idx = Array.from({ length: Math.min(1000, N - from) }, (_v, j) => from + j);
    const users = await k
      .insertInto('user')
      .values(idx.map((i) => verifiedAccountRow(`f${i}`, now, PASSWORD_HASH)))
      .returning('id')
      .execute();
    const ids = users.map((u) => u.id);
    await k
      .insertInto('profile')
      .values(
        ids.map((id) => ({
          user_id: id,
          avatar: null,
          date_naissance: null,
          accept_prevision_alert: 0 as const,
          notifications: JSON.stringify({ email: true, push: true }),
        })),
      )
      .execute();
    await k
      .insertInto('abonnement')
      .values(ids.map((id) => ({ user_id: id, lieu_id: lieu.id, actif: 1, created_at: now })))
      .execute();
    await k
      .insertInto('alerte_regle')
      .values(
        ids.map((id) => ({
          user_id: id,
          lieu_id: lieu.id,
          type: 'au_dessus' as const,
          grandeur: 'H' as const,
          seuil: SEUIL,
          seuil2: null,
          horizon_h: null,
          activite_id: null,
          origine: 'utilisateur' as const,
          actif: 1 as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const regs = await k
      .insertInto('push_registration')
      .values(
        idx.map((i, j) => {
          const registrationId = JSON.stringify({
            endpoint: `${sinks?.origin}/push/${i}`,
            expirationTime: null,
            keys: { p256dh: publics[i], auth: subscribers[i]?.auth.toString('base64url') },
          });
          return {
            user_id: ids[j] as number,
            type: 'web' as const,
            registration_id: registrationId,
            registration_hash: crypto.createHash('sha256').update(registrationId).digest('base64url'),
            created_at: now,
          };
        }),
      )
      .returning('id')
      .execute();
    idx.forEach((i, j) => {
      if (gone.has(i)) goneRegistrations.push(regs[j]?.id as number);
    });
  }
  await sql`analyze`.execute(k);
  return { lieuId: lieu.id, goneRegistrations };
}

type PassReport = { envoyes: number; reessais: number; echecs: number; autres: number; ms: number };

/** Counts at the sinks against the data, the outbox's statuses, the latencies: printed; true when every target is met. */
async function report(
  k: Kysely<Database>,
  o: {
    N: number;
    sinks: Sinks;
    gone: Set<number>;
    goneRegistrations: number[];
    arrival: number;
    done: number;
    remaining: number;
    instances: number;
    stats: Record<string, LoadStats>;
    reports: PassReport[] | null;
    loops: Array<{ p99: number; max: number }>;
    loadStart: string;
    loadEnd: string;
  },
): Promise<boolean> {
  const {
    N,
    sinks,
    gone,
    goneRegistrations,
    arrival,
    done,
    remaining,
    stats,
    reports,
    loops,
    loadStart,
    loadEnd,
  } = o;
  // Counts at the sinks, against the data.
  let pushDup = 0;
  let pushMissing = 0;
  let pushToGone = 0;
  let mailDup = 0;
  let mailMissing = 0;
  for (let i = 0; i < N; i++) {
    const p = sinks.push[i] ?? 0;
    const m = sinks.mail[i] ?? 0;
    if (gone.has(i)) pushToGone += p;
    else if (p === 0) pushMissing++;
    else pushDup += p - 1;
    if (m === 0) mailMissing++;
    else mailDup += m - 1;
  }
  const pushed = sinks.push.reduce((a, b) => a + b, 0);
  const mailed = sinks.mail.reduce((a, b) => a + b, 0);
  const goneLeft = goneRegistrations.length
    ? Number(
        (
          await k
            .selectFrom('push_registration')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('id', 'in', goneRegistrations)
            .executeTakeFirstOrThrow()
        ).n,
      )
    : 0;
  const statuts = await k
    .selectFrom('notification_envoi')
    .select((eb) => ['canal', 'statut', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['canal', 'statut'])
    .orderBy('canal')
    .orderBy('statut')
    .execute();

  const lastPush = sinks.lastPush - arrival;
  const lastMail = sinks.lastMail - arrival;
  console.log(`\nDu relevé à la première livraison : ${fmt(sinks.first - arrival)}`);
  console.log(
    `Du relevé au dernier push : ${fmt(lastPush)} ; au dernier e-mail : ${fmt(lastMail)} ; file vide après ${fmt(done - arrival)}${remaining > 0 ? ` (${remaining} envois restants à l'échéance)` : ''}`,
  );
  console.log(
    `Push : ${pushed.toLocaleString('fr-FR')} reçus pour ${(N - gone.size).toLocaleString('fr-FR')} abonnements vivants, ` +
      `${pushDup} en double, ${pushMissing} manquants, ${pushToGone} reçus par un abonnement disparu ; ` +
      `${sinks.goneAnswers} réponses 410, ${goneLeft} de ces ${gone.size} abonnements encore en base`,
  );
  console.log(
    `E-mails : ${mailed.toLocaleString('fr-FR')} reçus pour ${N.toLocaleString('fr-FR')} comptes, ${mailDup} en double, ${mailMissing} manquants`,
  );
  console.log(
    `File : ${statuts.map((s) => `${s.canal} ${s.statut} ${Number(s.n).toLocaleString('fr-FR')}`).join(', ')}`,
  );
  if (sinks.refused) console.log(`Refus aux puits : ${sinks.refused}, dont ${sinks.invalid.join(' | ')}`);
  let p99ok = true;
  for (let i = 0; i < o.instances; i++) {
    const name = `instance ${i + 1}`;
    const a = stats[`${name}:avant`];
    const d = stats[`${name}:diffusion`];
    const r = Array.isArray(reports) ? reports[i] : null;
    const lp = loops[i];
    p99ok &&= !!d && d.p99 <= TARGET_P99_MS && d.errors === 0;
    console.log(
      `${name} : GET p99 ${d?.p99.toFixed(1)} ms pendant la diffusion (p50 ${d?.p50.toFixed(1)}, max ${d?.max.toFixed(0)}, ${d?.n} requêtes, ${d?.errors ?? 0} erreurs) ; ` +
        `avant : p99 ${a?.p99.toFixed(1)} ms (${a?.n} requêtes) ; boucle d'événements p99 ${lp?.p99.toFixed(1)} ms, max ${lp?.max.toFixed(0)} ms` +
        (r
          ? ` ; a envoyé ${r.envoyes.toLocaleString('fr-FR')} (${r.autres} sans destinataire, ${r.reessais} à réessayer) en ${fmt(r.ms)}`
          : ''),
    );
  }
  console.log(
    `Charge de la machine : ${loadStart} au début, ${loadEnd} à la fin (1 / 5 / 15 min, ${os.cpus().length} cœurs)`,
  );
  const met =
    lastPush <= TARGET_LAST_PUSH_MS &&
    remaining === 0 &&
    pushDup + pushMissing + pushToGone + mailDup + mailMissing === 0 &&
    goneLeft === 0 &&
    sinks.refused === 0 &&
    p99ok;
  console.log(
    `Objectifs (dernier push ≤ 5 min, chaque livraison une fois, 410 retirés, p99 ≤ ${TARGET_P99_MS} ms) : ${met ? 'atteints' : 'NON ATTEINTS'}`,
  );
  return met;
}

/** Readings of the place's sensor written through the ingestion store: the event a live run would emit. */
async function writeObservations(
  k: Kysely<Database>,
  observations: Array<{ ts: number; valeur: number }>,
): Promise<ObservationsEvent> {
  const summary = new ObservationsSummary();
  await new ObservationStore(k, 'banc', summary).write(
    observations.map((r) => ({
      codeStation: 'F000000001',
      grandeur: 'H' as const,
      ts: r.ts,
      valeur: r.valeur,
      statut: null,
      qualification: null,
    })),
  );
  return { type: 'observations', origin: 'live', source: 'banc', at: Date.now(), sensors: summary.sensors };
}

/** Waits until the evaluation's transaction has committed (its notifications all show at once): how many. */
async function untilQueued(k: Kysely<Database>): Promise<number> {
  for (;;) {
    const row = await k
      .selectFrom('notification')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return Number(row.n);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until no outbox row is waiting or being sent, or the deadline; tells the progress every 30 s. */
async function untilSent(
  k: Kysely<Database>,
  sinks: Sinks,
  arrival: number,
  deadline: number,
): Promise<number> {
  let remaining = Infinity;
  let lastReport = Date.now();
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (Date.now() - lastReport >= 30_000) {
      lastReport = Date.now();
      console.log(
        `  ${fmt(lastReport - arrival)} : ${sinks.push.reduce((a, b) => a + b, 0).toLocaleString('fr-FR')} push, ` +
          `${sinks.mail.reduce((a, b) => a + b, 0).toLocaleString('fr-FR')} e-mails reçus ; charge ${loadavg()}`,
      );
    }
    const row = await k
      .selectFrom('notification_envoi')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('statut', 'in', ['en_attente', 'en_cours'])
      .executeTakeFirstOrThrow();
    remaining = Number(row.n);
    if (remaining === 0) break;
  }
  return remaining;
}

async function main(): Promise<void> {
  const N = Number(arg('subscribers', '100000'));
  const goneCount = Math.min(N, Number(arg('gone', '50')));
  const rps = Number(arg('rps', '20'));
  const delivery = arg('delivery', 'thread');
  const sinksNice = Number(arg('sinks-nice', '10'));
  const pgUrl = arg('pg', 'postgres://postgres@127.0.0.1:5432/test');
  const loadStart = loadavg();
  console.log(
    `Banc fanout : ${N.toLocaleString('fr-FR')} abonnés, ${goneCount} abonnements disparus (410), 2 instances, alertes ${delivery === 'inline' ? 'dans le fil des requêtes' : 'dans leur fil (nice 10)'}, puits à nice ${sinksNice} ; charge ${loadStart}`,
  );

  const { migrateToLatest, openDb } = await import('../apps/api/src/db/client');
  const { AlertEvaluator } = await import('../apps/api/src/features/alertes/evaluation');
  const { createPushService } = await import('../apps/api/src/notify/push');

  const name = `limni_bench_fanout_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limni-bench-fanout-'));
  const handle = openDb({ databaseUrl: url.toString(), dataDir, poolMax: 4 });
  const children: ChildProcess[] = [];
  let sinks: Sinks | null = null;
  let ok = true;
  try {
    await migrateToLatest(handle);
    const k = handle.db;

    let t = performance.now();
    const { subscribers, publics, gone } = browsers(N, goneCount);
    sinks = new Sinks(subscribers, gone);
    await sinks.start();
    // The server's VAPID keys, created once here as the first instance would.
    sinks.publicKey = (
      await createPushService({ db: k, mailFrom: 'ne-pas-repondre@limni.example' }).keys()
    ).publicKey;

    const now = Date.now();
    const { lieuId, goneRegistrations } = await seed(k, { now, N, sinks, publics, subscribers, gone });
    console.log(
      `Préparation : ${N.toLocaleString('fr-FR')} comptes, abonnements, règles et navigateurs en ${fmt(performance.now() - t)}`,
    );

    // An hour below the threshold: the rules learn their side (the first evaluation of a rule never notifies).
    const T = Math.floor(now / STEP_MS) * STEP_MS;
    const evaluator = new AlertEvaluator(k);
    t = performance.now();
    const before = await evaluator.observations(
      await writeObservations(
        k,
        Array.from({ length: 12 }, (_v, s) => ({ ts: T - (12 - s) * STEP_MS, valeur: 1 + s * 0.01 })),
      ),
    );
    console.log(
      `États des règles (${before.regles.toLocaleString('fr-FR')} règles, ${before.notifications} notification) en ${fmt(performance.now() - t)}`,
    );

    // Two instances and the GET load.
    const instanceEnv = {
      BENCH_DATA_DIR: dataDir,
      BENCH_DATABASE_URL: url.toString(),
      BENCH_SMTP_URL: sinks.smtpUrl,
      FANOUT_DELIVERY: delivery,
    };
    const instances = [spawn('instance', instanceEnv), spawn('instance', instanceEnv)];
    children.push(...instances);
    const ports = await Promise.all(
      instances.map((c) => nextMessage(c, (m) => (m as { port?: number }).port)),
    );
    const loader = spawn('load', {});
    children.push(loader);
    await nextMessage(loader, (m) => ((m as { ready?: boolean }).ready ? true : undefined));
    const targets = ports.map((port, i) => ({
      name: `instance ${i + 1}`,
      url: `http://127.0.0.1:${port}/api/hydro/lieu/${lieuId}`,
    }));
    const probe = await fetch(targets[0]?.url ?? '');
    await probe.arrayBuffer();
    if (probe.status !== 200) throw new Error(`GET ${targets[0]?.url} : HTTP ${probe.status}`);
    loader.send({ start: { targets, rps } });
    // The push service and the SMTP server run in this process's thread: in production they are other machines, not
    // sharing the instances' cores. Below the instances' priority (after forking them: a child inherits its
    // parent's nice), they take what the instances leave, at most their share beside the alert threads (nice 10).
    os.setPriority(sinksNice);
    await new Promise((resolve) => setTimeout(resolve, 10_000));

    // The reading arrives.
    loader.send({ phase: 'diffusion' });
    const passes = instances.map((c) => nextMessage(c, (m) => (m as { passe?: PassReport }).passe));
    const arrival = Date.now();
    // Written as the leader's run would, then evaluated where the leader evaluates: its alerts thread (or, with
    // --delivery=inline, its request thread).
    instances[0]?.send({ evaluate: await writeObservations(k, [{ ts: T, valeur: 2 }]) });
    const notifications = await untilQueued(k);
    const evaluated = Date.now();
    // The leader's thread delivers once it has evaluated; the other instance would pass on its timer: here at once.
    for (const c of instances) c.send({ deliver: true });
    console.log(
      `Relevé au-dessus du seuil : ${notifications.toLocaleString('fr-FR')} notifications et leurs envois en file en ${fmt(evaluated - arrival)}`,
    );

    // Until the outbox has nothing left to send (or --timeout-min minutes).
    const remaining = await untilSent(k, sinks, arrival, arrival + Number(arg('timeout-min', '20')) * 60_000);
    const done = Date.now();
    const reports = await Promise.race([
      Promise.all(passes),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
    ]);
    const loops = await Promise.all(
      instances.map((c) => {
        c.send({ boucle: true });
        return nextMessage(c, (m) => (m as { boucle?: { p99: number; max: number } }).boucle);
      }),
    );
    loader.send({ stop: true });
    const { stats } = await nextMessage(loader, (m) => m as { stats: Record<string, LoadStats> } | undefined);
    const loadEnd = loadavg();

    ok = await report(k, {
      N,
      sinks,
      gone,
      goneRegistrations,
      arrival,
      done,
      remaining,
      instances: instances.length,
      stats,
      reports,
      loops,
      loadStart,
      loadEnd,
    });
  } finally {
    for (const c of children) {
      if (c.exitCode === null && c.connected) c.send({ stop: true });
    }
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null) return resolve();
            const timer = setTimeout(() => c.kill('SIGKILL'), 10_000);
            c.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
    await sinks?.close();
    await handle.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (!ok) process.exitCode = 1;
}

if (ROLE === 'instance') await instance();
else if (ROLE === 'load') await load();
else await main();
