/**
 * The instant of a running replay (`npm run replay`, docs/decisions/059, 142): while it runs, the data clock of the
 * dataset it replays is the replay's simulated instant, the one its banner shows. Also where the server records the
 * public address its e-mails link to, so that the replay's e-mails link to the same one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A replaying process that has not written for this long is no longer running (killed). */
export const REPLAY_HEARTBEAT_MS = 30_000;

export interface RunningReplay {
  /** Start of the window replayed. */
  debut: number;
  /** Simulated instant reached: no replayed reading is later. */
  instant: number;
}

/** The replay running now (its heartbeat under 30 s old), or null. */
export async function runningReplay(db: Kysely<Database>, realNow: number): Promise<RunningReplay | null> {
  const r = await db
    .selectFrom('relecture')
    .select(['statut', 'debut', 'temps_simule', 'maj_at'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!r || r.statut !== 'en_cours' || realNow - Number(r.maj_at) >= REPLAY_HEARTBEAT_MS) return null;
  return { debut: Number(r.debut), instant: Number(r.temps_simule) };
}

const PUBLIC_URL_KEY = 'public_url';

/** The server records the address its e-mails link to (`PUBLIC_URL`) when it starts. */
export async function recordPublicUrl(db: Kysely<Database>, url: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: PUBLIC_URL_KEY, value: url })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: url }))
    .execute();
}

/** The address recorded by the last server started on this database, or null. */
export async function recordedPublicUrl(db: Kysely<Database>): Promise<string | null> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', PUBLIC_URL_KEY).executeTakeFirst();
  return row?.value ?? null;
}
