/**
 * Operator commands (`npm run admin -- <command>`): list accounts, grant and revoke authorisations
 * (1 = "Prévisions", forecast viewing), run the retention purge. Pure of process concerns so that tests call it on their database.
 */
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requestJobRun } from '../ingest/ingest-job.repo';
import { JOB_BUDGETS_MS } from '../ingest/jobs/runner';
import { purgeExpired } from '../maintenance/retention';
import * as repo from './admin.repo';

export interface AdminIO {
  out: (line: string) => void;
  err: (line: string) => void;
}

export const USAGE = [
  'Usage : npm run admin -- <commande>',
  '  users                                   liste les comptes et leurs autorisations',
  '  autorisations                           liste les autorisations existantes',
  '  grant <email> <id-autorisation>         accorde une autorisation (1 = Prévisions)',
  '  revoke <email> <id-autorisation>        retire une autorisation',
  '  purge                                   efface ce qui a dépassé sa durée de conservation (fait chaque jour par le serveur)',
  '  run <tâche>                             demande un passage d’ingestion maintenant (hubeau-observations, vigicrues-vigilance…)',
].join('\n');

/** The ingestion jobs an operator may ask to run now. */
export const JOBS = Object.keys(JOB_BUDGETS_MS);

async function runJobNow(
  db: Kysely<Database>,
  io: AdminIO,
  job: string | undefined,
  now: number,
): Promise<number> {
  if (!job || !JOBS.includes(job)) {
    io.err(`${job ? `Tâche inconnue : ${job}. ` : ''}Tâches : ${JOBS.join(', ')}.`);
    return 1;
  }
  await requestJobRun(db, job, now);
  io.out(
    `Passage de ${job} demandé : l’instance meneuse le lance dans les 2 secondes (si le service est en direct).`,
  );
  return 0;
}

const date = (ms: number) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(ms));

async function findTarget(
  db: Kysely<Database>,
  io: AdminIO,
  email: string | undefined,
  idText: string | undefined,
) {
  if (!email || !idText) {
    io.err(USAGE);
    return null;
  }
  if (!/^[1-9]\d{0,9}$/.test(idText)) {
    io.err(`« ${idText} » n'est pas un identifiant d'autorisation (entier positif attendu).`);
    return null;
  }
  const user = await repo.findUserByEmail(db, email);
  if (!user) {
    io.err(`Aucun compte n'a l'adresse ${email}.`);
    return null;
  }
  const autorisation = await repo.findAutorisation(db, Number(idText));
  if (!autorisation) {
    const all = await repo.listAutorisations(db);
    io.err(
      `L'autorisation ${idText} n'existe pas. Autorisations : ${all.map((a) => `${a.id} (${a.nom})`).join(', ') || 'aucune'}.`,
    );
    return null;
  }
  return { user, autorisation };
}

async function listUsers(db: Kysely<Database>, io: AdminIO): Promise<number> {
  const [users, grants] = await Promise.all([repo.listUsers(db), repo.listGrants(db)]);
  if (users.length === 0) {
    io.out('Aucun compte.');
    return 0;
  }
  io.out('id\tnom d’utilisateur\temail\tvérifié\tactif\tautorisations\tcréé le');
  for (const u of users) {
    const autos = grants.filter((g) => g.user_id === u.id).map((g) => g.autorisation_id);
    io.out(
      [
        u.id,
        u.username,
        u.email,
        u.email_verified ? 'oui' : 'non',
        u.is_active ? 'oui' : 'non',
        autos.join(',') || '-',
        date(u.created_at),
      ].join('\t'),
    );
  }
  io.out(`${users.length} compte${users.length > 1 ? 's' : ''}.`);
  return 0;
}

async function listAutorisations(db: Kysely<Database>, io: AdminIO): Promise<number> {
  for (const a of await repo.listAutorisations(db)) io.out(`${a.id}\t${a.nom}\t${a.description}`);
  return 0;
}

async function grant(
  db: Kysely<Database>,
  io: AdminIO,
  args: readonly string[],
  now: number,
): Promise<number> {
  const t = await findTarget(db, io, args[0], args[1]);
  if (!t) return 1;
  await repo.grant(db, t.user.id, t.autorisation.id, now);
  io.out(
    `Autorisation ${t.autorisation.id} (${t.autorisation.nom}) accordée à ${t.user.username} <${t.user.email}>.`,
  );
  return 0;
}

async function revoke(db: Kysely<Database>, io: AdminIO, args: readonly string[]): Promise<number> {
  const t = await findTarget(db, io, args[0], args[1]);
  if (!t) return 1;
  io.out(
    (await repo.revoke(db, t.user.id, t.autorisation.id))
      ? `Autorisation ${t.autorisation.id} (${t.autorisation.nom}) retirée à ${t.user.username} <${t.user.email}>.`
      : `${t.user.username} <${t.user.email}> n'avait pas l'autorisation ${t.autorisation.id} (${t.autorisation.nom}).`,
  );
  return 0;
}

async function purge(db: Kysely<Database>, io: AdminIO, now: number): Promise<number> {
  const c = await purgeExpired(db, now);
  io.out(
    [
      `Messages de contact de plus de 12 mois : ${c.messagesContact}`,
      `Sessions expirées : ${c.sessions}`,
      `Liens de vérification d’adresse expirés : ${c.verificationsEmail}`,
      `Liens de réinitialisation expirés : ${c.reinitialisations}`,
    ].join('\n'),
  );
  return 0;
}

/**
 * The command and its arguments, by `node:util` `parseArgs` (`--help` / `-h` anywhere, `--` ends the options).
 * Anything it does not know, such as a negative number given as an authorisation id, is kept as a plain word so
 * that the command answers it with its own French message.
 */
function parseCommand(args: readonly string[]): { help: boolean; words: string[] } {
  try {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { help: values.help === true, words: positionals };
  } catch {
    return { help: false, words: [...args] };
  }
}

/** Runs one command; returns the process exit code. */
export async function runAdmin(
  args: readonly string[],
  db: Kysely<Database>,
  io: AdminIO,
  now: () => number = Date.now,
): Promise<number> {
  const { help, words } = parseCommand(args);
  const [command, ...rest] = words;
  if (help || command === 'help') {
    io.out(USAGE);
    return 0;
  }
  switch (command) {
    case 'users':
      return listUsers(db, io);
    case 'autorisations':
      return listAutorisations(db, io);
    case 'grant':
      return grant(db, io, rest, now());
    case 'revoke':
      return revoke(db, io, rest);
    case 'purge':
      return purge(db, io, now());
    case 'run':
      return runJobNow(db, io, rest[0], now());
    case undefined:
      io.out(USAGE);
      return 1;
    default:
      io.err(`Commande inconnue : ${command}\n${USAGE}`);
      return 1;
  }
}
