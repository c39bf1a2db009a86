import type { DetailResponse, PasswordResetConfirmBody } from '@limni/shared/contracts/account';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { useAccount } from '../../stores/account';
import PasswordResetConfirmPage from './PasswordResetConfirmPage';

afterEach(() => useAccount.setState(useAccount.getInitialState(), true));

/** Answers the new password with `reply` and keeps what the page sent. */
const confirmation = (reply: () => Response) => {
  const bodies: PasswordResetConfirmBody[] = [];
  server.use(
    csrf,
    http.post('/api/auth/rest/password/reset/confirm/', async ({ request }) => {
      bodies.push((await request.json()) as PasswordResetConfirmBody);
      return reply();
    }),
  );
  return bodies;
};

const changed = {
  detail: 'Votre mot de passe a été réinitialisé. Connectez-vous avec le nouveau.',
} satisfies DetailResponse;
const uid = 'Nw';
const token = 'c4m2kx-3f1b9e0d';

const open = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<PasswordResetConfirmPage />, {
    route: `/user/password_reset/${uid}/${token}`,
    path: '/user/password_reset/:uid/:token',
    langue,
  });

const inputs = () => ({
  password: screen.getByLabelText('Nouveau mot de passe', { selector: 'input' }),
  confirmation: screen.getByLabelText('Confirmation du nouveau mot de passe', { selector: 'input' }),
});

const send = async (user: Awaited<ReturnType<typeof open>>['user'], password: string, again: string) => {
  if (password) await user.type(inputs().password, password);
  if (again) await user.type(inputs().confirmation, again);
  await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
};

const strong = 'Pic-du-Midi-2877';

describe('PasswordResetConfirmPage, client checks', () => {
  it('asks for both fields before sending anything', async () => {
    const bodies = confirmation(() => HttpResponse.json(changed));
    const { user } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Nouveau mot de passe' })).toBeInTheDocument();
    await send(user, '', '');
    const i = inputs();
    expect(i.password).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
    expect(i.confirmation).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(i.password).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('checks the rules it knows and leaves the others to the server', async () => {
    const bodies = confirmation(() => HttpResponse.json(changed));
    const { user } = await open();
    expect(screen.getByText(/ne pas ressembler à votre nom d’utilisateur/)).toHaveTextContent(
      '(vérifié par le serveur)',
    );
    await send(user, 'abcdef', 'abcdeg');
    const i = inputs();
    expect(i.password).toHaveAccessibleDescription(/Ce mot de passe est trop court\./);
    expect(i.confirmation).toHaveAccessibleDescription('Les deux mots de passe ne correspondent pas.');
    expect(screen.getByText(/contenir au moins 10 caractères/)).toHaveTextContent('(pas encore respecté)');
    expect(bodies).toEqual([]);
  });
});

describe('PasswordResetConfirmPage, answers of the server', () => {
  it('sends the link’s uid and token with the password, then offers to sign in', async () => {
    const bodies = confirmation(() => HttpResponse.json(changed));
    useAccount.setState({ token: 'jeton-ancien', user: { id: 7, username: 'marie' } });
    const { user } = await open();
    await send(user, strong, strong);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(changed.detail);
    expect(screen.getByRole('heading', { level: 1, name: 'Mot de passe modifié' })).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/user/login');
    expect(bodies).toEqual([
      { uid, token, new_password1: strong, new_password2: strong },
    ] satisfies PasswordResetConfirmBody[]);
    // The session this browser had is closed with the others.
    await waitFor(() => expect(useAccount.getState().user).toBeNull());
  });

  it('says when the link itself is no good and offers a new one', async () => {
    const reason = 'Le lien de réinitialisation est invalide ou a expiré.';
    confirmation(() =>
      errorReply(400, { code: 'validation', message: 'Données invalides.', fields: { token: [reason] } }),
    );
    const { user } = await open();
    await send(user, strong, strong);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(reason);
    expect(within(alert).getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/user/password-reset',
    );
    await waitFor(() => expect(alert).toHaveFocus());
    expect(inputs().password).toBeValid();
  });

  it('shows the server’s refusal of the password beside the field', async () => {
    const common = 'Ce mot de passe est trop courant.';
    confirmation(() =>
      errorReply(400, {
        code: 'validation',
        message: 'Données invalides.',
        fields: { new_password1: [common] },
      }),
    );
    const { user } = await open();
    await send(user, strong, strong);
    const { password } = inputs();
    await waitFor(() => expect(password).toHaveAccessibleDescription(new RegExp(common)));
    expect(password).toBeInvalid();
    await waitFor(() => expect(password).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what went wrong when the request fails as a whole', async () => {
    const message = 'Le service est momentanément indisponible.';
    confirmation(() => errorReply(503, { code: 'internal', message }));
    const { user } = await open();
    await send(user, strong, strong);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('link', { name: 'Demander un nouveau lien' })).not.toBeInTheDocument();
  });
});

describe('PasswordResetConfirmPage in English', () => {
  it('labels the form and its checks in English', async () => {
    const bodies = confirmation(() => HttpResponse.json(changed));
    const { user } = await open('en');
    expect(screen.getByRole('heading', { level: 1, name: 'New password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password', { selector: 'input' }), strong);
    await user.type(screen.getByLabelText('Confirm the new password', { selector: 'input' }), 'other');
    await user.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(
      screen.getByLabelText('Confirm the new password', { selector: 'input' }),
    ).toHaveAccessibleDescription('The two passwords do not match.');
    expect(bodies).toEqual([]);
  });
});
