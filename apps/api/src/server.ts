/**
 * Entry point: reads the configuration, opens and migrates the database, loads the demo dataset into an empty
 * database, builds the app and listens. Stops cleanly on SIGINT/SIGTERM.
 */
import { buildApp } from './app';
import { EnvError, loadEnv } from './config/env';
import { loadSecrets } from './config/secrets';
import { migrateToLatest, openDb } from './db/client';
import { IngestEvents } from './ingest/events';
import { startRetention } from './maintenance/retention';
import { startRollup, type RollupRuntime } from './data/rollup';
import { startIngestion, type IngestionRuntime } from './ingest/scheduler';
import { startAlerts } from './features/alertes/runtime';
import { startAlertsThread } from './features/alertes/alerts-thread';
import { createMailer } from './notify/mail';
import { createPushService } from './notify/push';
import { seedDatabase } from './seed/seed';
import { ServiceModeReader } from './data/service-mode';

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const db = openDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    applicationName: env.INSTANCE_ID,
  });
  const applied = await migrateToLatest(db);
  const secrets = loadSecrets(env);
  const mailer = createMailer(env, {
    info: (obj, msg) => process.stdout.write(`${JSON.stringify({ ...obj, msg })}\n`),
  });
  const push = createPushService({
    db: db.db,
    mailFrom: env.MAIL_FROM,
    // Tests only (refused in production): a local push service on 127.0.0.1.
    allowLocalEndpoints: env.PUSH_LOCAL_ENDPOINTS,
    log: { warn: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 40, ...obj, msg })}\n`) },
  });
  // The VAPID key pair is generated on the first start and kept in the database.
  await push.keys();
  const ingestEvents = new IngestEvents();
  const mode = new ServiceModeReader(db.db, env.INGEST);
  const app = await buildApp({ env, db, secrets, now: Date.now, mailer, push, ingestEvents, mode });
  ingestEvents.log = app.log;
  if (applied.length) app.log.info({ migrations: applied }, 'Migrations appliquées');
  const seeded = await seedDatabase(db, { log: (m) => app.log.info(m) });
  if (!seeded.seeded) app.log.info('Base existante conservée (pas de rechargement du jeu de démonstration)');
  // Alert rules are evaluated after every ingestion run; their deliveries are retried (docs/decisions/056, 057).
  // On PostgreSQL they run in a thread of their own, below the requests' priority (docs/decisions/163); on SQLite,
  // in this thread: a second writer's lock waits would block it.
  const alerts =
    db.dialect === 'postgres'
      ? await startAlertsThread({
          events: ingestEvents,
          databaseUrl: env.DATABASE_URL,
          dataDir: env.DATA_DIR,
          applicationName: env.INSTANCE_ID,
          smtpUrl: env.SMTP_URL,
          mailFrom: env.MAIL_FROM,
          publicUrl: env.PUBLIC_URL,
          alertKey: secrets.alertKey,
          allowLocalEndpoints: env.PUSH_LOCAL_ENDPOINTS,
          log: app.log,
        })
      : startAlerts({
          db: db.db,
          events: ingestEvents,
          mailer,
          push,
          publicUrl: env.PUBLIC_URL,
          alertKey: secrets.alertKey,
          log: app.log,
        });

  // What the privacy notice promises not to keep is erased now and then once a day (docs/decisions/060).
  const retention = startRetention({
    db: db.db,
    dialect: db.dialect,
    isLive: () => mode.isLive(),
    log: app.log,
  });

  let ingestion: IngestionRuntime | null = null;
  let rollup: RollupRuntime | null = null;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} reçu : arrêt`);
    await ingestion?.stop();
    await rollup?.stop();
    await alerts.stop();
    await retention.stop();
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(`Limni écoute sur ${env.PUBLIC_URL} (base : ${db.location}, instance ${env.INSTANCE_ID})`);
  // Live by default (docs/decisions/134): the leader probes the sources and ingests when they answer; otherwise
  // the demo dataset is served, with the reason, until they do. INGEST=off keeps the demo offline.
  // Live readings are rolled up into the daily archive at the end of each Paris day (docs/decisions/085).
  if (env.INGEST !== 'off') {
    ingestion = startIngestion({
      env,
      db,
      events: ingestEvents,
      log: app.log,
      leaderRetryMs: env.INGEST_LEADER_RETRY_S * 1000,
      onLive: () => {
        rollup ??= startRollup({ db: db.db, log: app.log });
      },
    });
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Démarrage impossible : ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
