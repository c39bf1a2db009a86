import type { DetailResponse, PasswordResetBody } from '@limni/shared/contracts/account';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { useAccount } from '../../stores/account';
import PasswordResetPage from './PasswordResetPage';

afterEach(() => useAccount.setState(useAccount.getInitialState(), true));

/** Answers the reset request with `reply` and keeps what the page sent. */
const resetRequest = (reply: () => Response) => {
  const bodies: PasswordResetBody[] = [];
  server.use(
    csrf,
    http.post('/api/auth/rest/password/reset/', async ({ request }) => {
      bodies.push((await request.json()) as PasswordResetBody);
      return reply();
    }),
  );
  return bodies;
};

const done = {
  detail: 'Si un compte utilise cette adresse, un e-mail de réinitialisation a été envoyé.',
} satisfies DetailResponse;

const open = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<PasswordResetPage />, {
    route: '/user/password-reset',
    path: '/user/password-reset',
    langue,
  });

const send = async (user: Awaited<ReturnType<typeof open>>['user'], email: string) => {
  if (email) await user.type(screen.getByLabelText('Adresse e-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
};

describe('PasswordResetPage, client checks', () => {
  it('explains itself and asks for the address before sending anything', async () => {
    const bodies = resetRequest(() => HttpResponse.json(done));
    const { user } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Réinitialiser mot de passe' })).toBeInTheDocument();
    expect(
      screen.getByText(/nous vous enverrons un lien pour choisir un nouveau mot de passe/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute(
      'href',
      '/user/login',
    );
    await send(user, '');
    const email = screen.getByLabelText('Adresse e-mail');
    expect(email).toBeInvalid();
    expect(email).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(email).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('refuses an address without a domain', async () => {
    const bodies = resetRequest(() => HttpResponse.json(done));
    const { user } = await open();
    await send(user, 'marie@example');
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription(
      'Saisissez une adresse e-mail valide.',
    );
    expect(bodies).toEqual([]);
  });
});

describe('PasswordResetPage, answers of the server', () => {
  it('sends the trimmed address and shows the same confirmation whoever asks', async () => {
    const bodies = resetRequest(() => HttpResponse.json(done));
    const { user } = await open();
    await send(user, '  marie@example.org ');
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Demande enregistrée' })).toBeInTheDocument();
    expect(status).toHaveTextContent(done.detail);
    expect(status).toHaveTextContent('Le lien ne sert qu’une fois et expire dans 24 heures.');
    expect(within(status).getByRole('link', { name: 'Retour à la connexion' })).toHaveAttribute(
      'href',
      '/user/login',
    );
    expect(screen.queryByLabelText('Adresse e-mail')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'marie@example.org' }]);
  });

  it('shows the server’s refusal of the address beside the field', async () => {
    const reason = 'Saisissez une adresse e-mail valide.';
    resetRequest(() =>
      errorReply(400, { code: 'validation', message: 'Données invalides.', fields: { email: [reason] } }),
    );
    const { user } = await open();
    await send(user, 'marie@exemple.fr');
    const email = screen.getByLabelText('Adresse e-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription(reason));
    expect(email).toBeInvalid();
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what went wrong when the request fails as a whole', async () => {
    const message = 'Trop de demandes : réessayez dans une heure.';
    resetRequest(() => errorReply(429, { code: 'rate_limited', message }));
    const { user } = await open();
    await send(user, 'marie@example.org');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Envoyer le lien' })).toBeEnabled();
  });

  it('tells when the network is down', async () => {
    resetRequest(() => HttpResponse.error());
    const { user } = await open();
    await send(user, 'marie@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Connexion impossible : vérifiez votre réseau.',
    );
  });
});

describe('PasswordResetPage in English', () => {
  it('labels the form and its checks in English', async () => {
    const bodies = resetRequest(() => HttpResponse.json(done));
    const { user } = await open('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail address'), 'marie');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'Enter a valid e-mail address.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
    expect(bodies).toEqual([]);
  });
});
