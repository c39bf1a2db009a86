import type { StatusResponse } from '@limni/shared/contracts/account';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../../../test/http';
import { renderScreen } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import { Notifications } from '../../../../components/ui/Notifications';
import { forgetSignOutTarget, useAccount } from '../../../../stores/account';
import { useNotifications } from '../../../../stores/notifications';
import { DeleteSection } from './DeleteSection';

afterEach(() => {
  useAccount.setState(useAccount.getInitialState(), true);
  useNotifications.setState({ items: [] });
  forgetSignOutTarget();
});

const username = 'marie.riviere';

/** Answers the deletion with `reply` and counts the requests. */
const deletion = (reply: () => Response) => {
  const calls: string[] = [];
  server.use(
    csrf,
    http.post('/api/user/delete', ({ request }) => {
      calls.push(request.method);
      return reply();
    }),
  );
  return calls;
};

const open = async (nbLieux: number, langue: 'fr' | 'en' = 'fr') => {
  useAccount.setState({ token: 'jeton', user: { id: 7, username } });
  const r = await renderScreen(<DeleteSection username={username} nbLieux={nbLieux} />, {
    route: '/user/profil',
    path: '/user/profil',
    langue,
  });
  render(<Notifications />);
  return r;
};

const openDialog = async (user: Awaited<ReturnType<typeof open>>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
  return screen.findByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
};

describe('DeleteSection, the confirmation', () => {
  it('names what will be erased, with the places followed', async () => {
    const { user } = await open(3);
    expect(screen.getByRole('region', { name: 'Supprimer mon compte' })).toHaveTextContent(
      'Elle ne peut pas être annulée.',
    );
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription(/Votre compte « marie\.riviere »/);
    expect(dialog).toHaveAccessibleDescription(/vos abonnements à 3 lieux/);
    expect(dialog).toHaveAccessibleDescription(/Cette action est irréversible\./);
  });

  it('says « un lieu » for one place and only the settings for none', async () => {
    const one = await open(1);
    expect(await openDialog(one.user)).toHaveAccessibleDescription(/votre abonnement à un lieu/);
    one.unmount();
    const none = await open(0);
    const dialog = await openDialog(none.user);
    expect(dialog).toHaveAccessibleDescription(/vos préférences de notification/);
    expect(dialog).not.toHaveAccessibleDescription(/abonnement/);
  });

  it('waits for the exact username before the deletion can be confirmed', async () => {
    const calls = deletion(() => HttpResponse.json({ status: 200 } satisfies StatusResponse));
    const { user } = await open(2);
    const dialog = await openDialog(user);
    const input = within(dialog).getByLabelText(
      'Pour confirmer, saisissez votre nom d’utilisateur : marie.riviere',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Supprimer définitivement' });
    expect(confirm).toBeDisabled();
    await user.type(input, 'marie');
    expect(confirm).toBeDisabled();
    expect(calls).toEqual([]);
    await user.type(input, '.riviere');
    expect(confirm).toBeEnabled();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Une autre page')).toBeInTheDocument();
    expect(calls).toEqual(['POST']);
  });

  it('forgets what was typed when cancelled', async () => {
    const { user } = await open(2);
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox'), username);
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(user);
    expect(within(dialog).getByRole('textbox')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Supprimer définitivement' })).toBeDisabled();
  });
});

describe('DeleteSection, answers of the server', () => {
  it('deletes, signs out and goes home with a word of thanks', async () => {
    const calls = deletion(() => HttpResponse.json({ status: 200 } satisfies StatusResponse));
    const { user } = await open(2);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox'), username);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await screen.findByText('Une autre page')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Votre compte a été supprimé. Merci d’avoir utilisé Limni.',
    );
    expect(useAccount.getState().user).toBeNull();
    expect(calls).toEqual(['POST']);
  });

  it('keeps the dialog open with the server’s reason when it fails', async () => {
    const message = 'La suppression a échoué : réessayez dans un instant.';
    deletion(() => errorReply(500, { code: 'internal', message }));
    const { user } = await open(2);
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox'), username);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Supprimer définitivement' })).toBeEnabled();
    expect(useAccount.getState().user?.username).toBe(username);
  });
});

describe('DeleteSection in English', () => {
  it('asks for the confirmation in English', async () => {
    const { user } = await open(2, 'en');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    expect(dialog).toHaveAccessibleDescription(/your subscriptions to 2 places/);
    expect(within(dialog).getByLabelText('To confirm, type your username: marie.riviere')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Delete for good' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
