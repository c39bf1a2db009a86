import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { Profile } from '@limni/shared/contracts/profile';
import { signedUpUser } from '../../test/accounts';
import { withDatabase } from '../../test/global-setup';
import { createTestApp, TEST_DB, type TestContext } from '../../test/helpers';
import { lieuIdByCode } from '../../test/referentiel';
import { apiPackageDir } from '../lib/paths';
import { runAdmin, USAGE } from './admin';

let ctx: TestContext;
let camille: { token: string; email: string };
beforeAll(async () => {
  ctx = await createTestApp();
  camille = await signedUpUser(ctx, 'Camille');
});
afterAll(async () => ctx.close());

async function admin(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(args, ctx.db.db, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The real command (`npm run admin -- …` runs this file with tsx) on the test database. */
async function adminCli(...args: string[]) {
  const env: Record<string, string> = { ...process.env, LOG_LEVEL: 'silent' } as Record<string, string>;
  if (TEST_DB === 'postgres') {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(ctx.db.db);
    env.DATABASE_URL = withDatabase(process.env.TEST_DATABASE_URL ?? '', rows[0]?.name ?? '');
  } else {
    delete env.DATABASE_URL;
    env.DATA_DIR = path.dirname(ctx.db.location);
  }
  const root = path.resolve(apiPackageDir(), '../..');
  return promisify(execFile)(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(apiPackageDir(), 'src/admin/cli.ts'), ...args],
    { env, cwd: root },
  );
}

/** The forecasts of a place with a station (authorisation 1, « Prévisions », needed). */
const previsions = async (token: string) =>
  ctx.request({ url: `/api/hydro/lieu/${await lieuIdByCode(ctx, 'O200004001')}/previsions`, token });

describe('npm run admin', () => {
  it('grant <email> 1 opens the forecasts to that user (403 before, 200 after); revoke closes them', async () => {
    expect((await previsions(camille.token)).statusCode).toBe(403);
    const { stdout } = await adminCli('grant', camille.email, '1');
    expect(stdout).toContain(`Autorisation 1 (Prévisions) accordée à Camille <${camille.email}>.`);
    expect((await previsions(camille.token)).statusCode).toBe(200);
    const profile = z.parse(
      Profile,
      (await ctx.request({ url: '/api/user/profile', token: camille.token })).json(),
    );
    expect(profile.autorisations).toEqual([{ id: 1, nom: 'Prévisions' }]);
    // Granting twice is harmless.
    expect((await admin('grant', camille.email.toUpperCase(), '1')).code).toBe(0);

    const revoked = await admin('revoke', camille.email, '1');
    expect(revoked).toMatchObject({
      code: 0,
      out: `Autorisation 1 (Prévisions) retirée à Camille <${camille.email}>.`,
    });
    expect((await previsions(camille.token)).statusCode).toBe(403);
    expect((await admin('revoke', camille.email, '1')).out).toContain("n'avait pas l'autorisation 1");
  });

  it('lists the accounts with their authorisations', async () => {
    await admin('grant', camille.email, '1');
    const { code, out } = await admin('users');
    expect(code).toBe(0);
    const lines = out.split('\n');
    expect(lines[0]).toBe('id\tnom d’utilisateur\temail\tvérifié\tactif\tautorisations\tcréé le');
    expect(lines.find((l) => l.includes(camille.email))).toMatch(
      /\tCamille\tcamille@exemple\.fr\toui\toui\t1\t/,
    );
    expect(lines.at(-1)).toBe('1 compte.');
    const { stdout } = await adminCli('users');
    expect(stdout).toContain(camille.email);
    expect((await admin('autorisations')).out).toMatch(/^1\tPrévisions\t/);
  });

  it('explains every mistake in French with exit code 1', async () => {
    expect(await admin('grant', 'personne@exemple.fr', '1')).toMatchObject({
      code: 1,
      err: "Aucun compte n'a l'adresse personne@exemple.fr.",
    });
    expect(await admin('grant', camille.email, '42')).toMatchObject({
      code: 1,
      err: "L'autorisation 42 n'existe pas. Autorisations : 1 (Prévisions).",
    });
    expect((await admin('grant', camille.email, 'un')).err).toContain(
      "n'est pas un identifiant d'autorisation",
    );
    expect(await admin('grant', camille.email)).toMatchObject({ code: 1, err: USAGE });
    expect(await admin('supprimer')).toMatchObject({
      code: 1,
      err: `Commande inconnue : supprimer\n${USAGE}`,
    });
    expect(await admin()).toMatchObject({ code: 1, out: USAGE });
    expect(await admin('help')).toMatchObject({ code: 0, out: USAGE });
    expect(await admin('--help')).toMatchObject({ code: 0, out: USAGE });
    expect(await admin('users', '-h')).toMatchObject({ code: 0, out: USAGE });
    // Not an option: a word the command explains.
    expect(await admin('grant', camille.email, '-1')).toMatchObject({
      code: 1,
      err: "« -1 » n'est pas un identifiant d'autorisation (entier positif attendu).",
    });
    expect(await admin('--purge')).toMatchObject({ code: 1, err: `Commande inconnue : --purge\n${USAGE}` });
    // `--` ends the options.
    expect((await admin('--', 'grant', camille.email, '1')).code).toBe(0);
    await expect(adminCli('grant', 'personne@exemple.fr', '1')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Aucun compte n'a l'adresse personne@exemple.fr.") as string,
    });
  });
});
