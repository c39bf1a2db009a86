import type { LoginBody, LoginResponse } from '@limni/shared/contracts/account';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { useAccount } from '../../stores/account';
import LoginPage from './LoginPage';

/** Answers the sign-in with `reply` and keeps what the page sent. */
const login = (reply: () => Response) => {
  const bodies: LoginBody[] = [];
  server.use(
    csrf,
    http.post('/api/auth/rest/login/', async ({ request }) => {
      bodies.push((await request.json()) as LoginBody);
      return reply();
    }),
  );
  return bodies;
};

const marie: LoginResponse = {
  token: 'jeton',
  user: {
    id: 7,
    username: 'marie',
    email: 'm@example.org',
    first_name: '',
    last_name: '',
    pending_email: null,
  },
};

const fill = async (
  user: Awaited<ReturnType<typeof renderScreen>>['user'],
  username: string,
  password: string,
) => {
  await user.type(screen.getByLabelText(/Nom d’utilisateur/), username);
  await user.type(screen.getByLabelText('Mot de passe', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
};

describe('LoginPage', () => {
  it('asks for both fields before sending anything', async () => {
    const bodies = login(() => HttpResponse.json(marie));
    const { user } = await renderScreen(<LoginPage />, { route: '/user/login', path: '/user/login' });
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(screen.getByLabelText(/Nom d’utilisateur/)).toBeInvalid();
    expect(screen.getByLabelText('Mot de passe', { selector: 'input' })).toBeInvalid();
    expect(bodies).toEqual([]);
  });

  it('shows the server’s reason when the sign-in is refused, and sends the trimmed name', async () => {
    const message = 'Identifiant ou mot de passe incorrect.';
    const bodies = login(() => errorReply(400, { code: 'validation', message }));
    const { user } = await renderScreen(<LoginPage />, { route: '/user/login', path: '/user/login' });
    await fill(user, '  marie ', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(bodies).toEqual([{ username: 'marie', password: 'secret' }]);
  });

  it('leaves for the next page once signed in', async () => {
    login(() => HttpResponse.json(marie));
    const { user } = await renderScreen(<LoginPage />, { route: '/user/login', path: '/user/login' });
    await fill(user, 'marie', 'secret');
    expect(await screen.findByText('Une autre page')).toBeInTheDocument();
    await waitFor(() => expect(useAccount.getState().user?.username).toBe(marie.user.username));
  });

  it('speaks English to an English reader', async () => {
    login(() => HttpResponse.json(marie));
    await renderScreen(<LoginPage />, { route: '/user/login', path: '/user/login', langue: 'en' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByLabelText(/Username or e-mail/)).toBeRequired();
  });
});
