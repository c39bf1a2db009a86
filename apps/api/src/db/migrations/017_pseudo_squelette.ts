/**
 * Look-alike usernames (docs/decisions/160): `user.username_squelette`, the UTS #39 confusable skeleton of the
 * username (`lib/squelette.ts`), unique, so that « аlice1 » (Cyrillic а) cannot stand beside « alice1 », even when
 * two registrations race. Existing accounts get theirs here, oldest first: when two existing names already share
 * one, the older account keeps it and the later one's stays null (it keeps its name; the older one's squelette
 * still bars every new look-alike of both).
 */
import type { Kysely } from 'kysely';
import { usernameSquelette } from '../../lib/squelette';

/** The columns this migration reads and writes, as they are at this point of the history. */
interface Tables {
  user: { id: number; username: string; created_at: number; username_squelette: string | null };
}

export function migration017() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('user').addColumn('username_squelette', 'text').execute();
      const k = db as unknown as Kysely<Tables>;
      const users = await k
        .selectFrom('user')
        .select(['id', 'username'])
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const taken = new Set<string>();
      for (const u of users) {
        const squelette = usernameSquelette(u.username);
        if (taken.has(squelette)) continue;
        taken.add(squelette);
        await k.updateTable('user').set({ username_squelette: squelette }).where('id', '=', u.id).execute();
      }
      await db.schema
        .createIndex('user_username_squelette_idx')
        .unique()
        .on('user')
        .column('username_squelette')
        .execute();
    },
  };
}
