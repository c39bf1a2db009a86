/**
 * `npm run replay -- --from 2022-01-08 --to 2022-01-15 --speed 3600`: replays the recorded January 2022
 * Garonne/Ariège series into the configured database (DATA_DIR / DATABASE_URL, the server's) as if they arrived
 * live, with alert evaluation and delivery (e-mail to the outbox or SMTP, Web Push) at every step
 * (docs/decisions/059). Days are Europe/Paris days; `--to` is excluded. Ctrl-C stops cleanly (the data are
 * written back); replaying the same window again sends nothing new.
 */
import { parisDayRange } from '@limni/shared/domain/time';
import { formatInstant } from '@limni/shared/domain/verdict';
import { loadEnv } from '../config/env';
import { loadSecrets } from '../config/secrets';
import { migrateToLatest, openDb } from '../db/client';
import { IngestEvents } from '../ingest/events';
import { createMailer } from '../notify/mail';
import { createPushService } from '../notify/push';
import { seedDatabase } from '../seed/seed';
import { parseReplayArgs } from './args';
import { runReplay, type ReplayLogger } from './replay';
import { startReplayAlerts } from './runtime';

/** At the end, deliveries still failing are waited for while their next attempt is this close. */
const FINAL_WAIT_MS = 60_000;

async function main(): Promise<number> {
  const args = parseReplayArgs(process.argv.slice(2));
  const env = loadEnv();
  const handle = openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const log: ReplayLogger = {
    info: (_o, msg) => say(msg),
    warn: (o, msg) => say(`Attention : ${msg} ${JSON.stringify(o)}`),
    error: (o, msg) => process.stderr.write(`Erreur : ${msg} ${JSON.stringify(o)}\n`),
  };
  const abort = new AbortController();
  let interrupted = 0;
  process.on('SIGINT', () => {
    interrupted++;
    if (interrupted > 1) process.exit(130);
    say(
      'Interruption demandée : les mesures restantes sont réécrites, puis arrêt (Ctrl-C encore pour forcer).',
    );
    abort.abort();
  });
  process.on('SIGTERM', () => abort.abort());
  try {
    await migrateToLatest(handle);
    await seedDatabase(handle, { log: (m) => say(m) });
    const secrets = loadSecrets(env);
    const mailer = createMailer(env, { info: (o, msg) => say(msg) });
    const push = createPushService({
      db: handle.db,
      mailFrom: env.MAIL_FROM,
      allowLocalEndpoints: env.PUSH_LOCAL_ENDPOINTS,
      log: { warn: (o, msg) => log.warn(o, msg) },
    });
    const events = new IngestEvents(log);
    let notifications = 0;
    const { alerts, publicUrl } = await startReplayAlerts(env, {
      db: handle.db,
      events,
      mailer,
      push,
      alertKey: secrets.alertKey,
      log,
      onEvaluated: (s) => (notifications += s.notifications),
    });
    const from = parisDayRange(args.from).start;
    const to = parisDayRange(args.to).start;
    say(
      `Relecture du ${formatInstant(from).slice(3)} au ${formatInstant(to).slice(3)} (heure de Paris), ` +
        `${args.speed} s simulées par seconde, base ${handle.location}, liens des e-mails vers ${publicUrl}`,
    );
    let lastDay = '';
    const result = await runReplay({
      db: handle,
      events,
      from,
      to,
      speed: args.speed,
      stepMs: args.stepMinutes * 60_000,
      rewind: (ids) => alerts.evaluator.rewind(ids),
      afterStep: async (at) => {
        await alerts.delivery.deliverDue();
        const day = formatInstant(at).slice(3, 13);
        if (day !== lastDay) {
          lastDay = day;
          say(`  … ${day} (${notifications} notification${notifications > 1 ? 's' : ''} jusqu'ici)`);
        }
      },
      notifications: () => notifications,
      log,
      signal: abort.signal,
    });
    // Deliveries failing now (SMTP down, push service error) are retried while the next attempt is close;
    // the server's worker takes over the later ones.
    for (;;) {
      await alerts.delivery.deliverDue();
      const p = await alerts.delivery.pending();
      const wait = p.next === null ? Infinity : p.next - Date.now();
      if (p.count === 0 || wait > FINAL_WAIT_MS || abort.signal.aborted) {
        if (p.count > 0) say(`${p.count} envoi(s) en attente d'un nouvel essai : le serveur les reprendra.`);
        break;
      }
      await new Promise((r) => setTimeout(r, Math.max(250, wait)));
    }
    await alerts.stop();
    say(
      `Relecture ${result.statut === 'termine' ? 'terminée' : 'interrompue'} : ${result.lectures} mesures rejouées en ` +
        `${result.etapes} étapes, ${notifications} notification${notifications > 1 ? 's' : ''} créée${notifications > 1 ? 's' : ''}.`,
    );
    return result.statut === 'termine' ? 0 : 130;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`Relecture impossible : ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
