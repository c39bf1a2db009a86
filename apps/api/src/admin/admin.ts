/**
 * Operator commands (`npm run admin -- <command>`): list accounts, grant and revoke authorisations
 * (1 = "Prévisions", forecast viewing), run the retention purge. Pure of process concerns so that tests call it on their database.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { purgeExpired } from '../maintenance/retention';

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
].join('\n');

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
  const user = await db
    .selectFrom('user')
    .select(['id', 'username', 'email'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) {
    io.err(`Aucun compte n'a l'adresse ${email}.`);
    return null;
  }
  const autorisation = await db
    .selectFrom('autorisation')
    .select(['id', 'nom'])
    .where('id', '=', Number(idText))
    .executeTakeFirst();
  if (!autorisation) {
    const all = await db.selectFrom('autorisation').select(['id', 'nom']).orderBy('id').execute();
    io.err(
      `L'autorisation ${idText} n'existe pas. Autorisations : ${all.map((a) => `${a.id} (${a.nom})`).join(', ') || 'aucune'}.`,
    );
    return null;
  }
  return { user, autorisation };
}

/** Runs one command; returns the process exit code. */
export async function runAdmin(
  args: readonly string[],
  db: Kysely<Database>,
  io: AdminIO,
  now: () => number = Date.now,
): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'users': {
      const users = await db
        .selectFrom('user')
        .select(['id', 'username', 'email', 'email_verified', 'is_active', 'created_at'])
        .orderBy('id')
        .execute();
      const grants = await db
        .selectFrom('user_autorisation')
        .select(['user_id', 'autorisation_id'])
        .orderBy('autorisation_id')
        .execute();
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
    case 'autorisations': {
      const all = await db
        .selectFrom('autorisation')
        .select(['id', 'nom', 'description'])
        .orderBy('id')
        .execute();
      for (const a of all) io.out(`${a.id}\t${a.nom}\t${a.description}`);
      return 0;
    }
    case 'grant': {
      const t = await findTarget(db, io, rest[0], rest[1]);
      if (!t) return 1;
      await db
        .insertInto('user_autorisation')
        .values({ user_id: t.user.id, autorisation_id: t.autorisation.id, created_at: now() })
        .onConflict((oc) => oc.columns(['user_id', 'autorisation_id']).doNothing())
        .execute();
      io.out(
        `Autorisation ${t.autorisation.id} (${t.autorisation.nom}) accordée à ${t.user.username} <${t.user.email}>.`,
      );
      return 0;
    }
    case 'revoke': {
      const t = await findTarget(db, io, rest[0], rest[1]);
      if (!t) return 1;
      const res = await db
        .deleteFrom('user_autorisation')
        .where('user_id', '=', t.user.id)
        .where('autorisation_id', '=', t.autorisation.id)
        .executeTakeFirst();
      io.out(
        Number(res.numDeletedRows) > 0
          ? `Autorisation ${t.autorisation.id} (${t.autorisation.nom}) retirée à ${t.user.username} <${t.user.email}>.`
          : `${t.user.username} <${t.user.email}> n'avait pas l'autorisation ${t.autorisation.id} (${t.autorisation.nom}).`,
      );
      return 0;
    }
    case 'purge': {
      const c = await purgeExpired(db, now());
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
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      io.out(USAGE);
      return command === undefined ? 1 : 0;
    default:
      io.err(`Commande inconnue : ${command}\n${USAGE}`);
      return 1;
  }
}
