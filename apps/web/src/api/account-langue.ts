/**
 * The account's language follows the person's choice (docs/decisions/146): the language chosen in the app (the
 * footer's switch, stored on this browser) is sent to `POST user/profile { langue }` once per account and choice,
 * when a session starts here and at each change of language while signed in. The account's e-mails and alert
 * notifications (in-app, push, e-mail) are written in it. A browser where no language was ever chosen sends
 * nothing: the account keeps the language it had (its registration's, or the one chosen on the profile).
 * Started by the session keeper (`api/session.ts`), so that a visitor's pages do not load it.
 */
import { Profile } from '@limni/shared/contracts/profile';
import { api } from '../lib/api';
import { onLangueChange, type Langue } from '../lib/i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage';
import { personal, useAccount } from '../stores/account';

/** `<account id>:<language>` last sent from this browser. */
const SENT_KEY = 'langueCompte';

/** The language chosen on this browser, or null when none ever was (French by default, not a choice). */
export function chosenLangue(stored: string | null): Langue | null {
  return stored === 'en' || stored === 'fr' ? stored : null;
}

/** The language to send for this account, or null when there is none or it was sent already. */
export function langueToSend(
  choice: Langue | null,
  userId: number | null,
  sent: string | null,
): Langue | null {
  if (choice === null || userId === null) return null;
  return sent === `${userId}:${choice}` ? null : choice;
}

async function send(userId: number, langue: Langue): Promise<void> {
  const profile = await personal(() => api('user/profile', Profile, { method: 'POST', body: { langue } }));
  writeStorage(SENT_KEY, `${userId}:${langue}`);
  const state = useAccount.getState();
  if (state.user?.id === userId && state.profile) state.setProfile(profile);
}

let started = false;

export function followAccountLangue(): void {
  if (started) return;
  started = true;
  const sync = () => {
    const userId = useAccount.getState().user?.id ?? null;
    const next = langueToSend(chosenLangue(readStorage(STORAGE_KEYS.langue)), userId, readStorage(SENT_KEY));
    if (next !== null && userId !== null) void send(userId, next).catch(() => undefined);
  };
  onLangueChange(sync);
  useAccount.subscribe((state, previous) => {
    if (state.user?.id !== previous.user?.id) sync();
  });
  sync();
}
