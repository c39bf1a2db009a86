import type { DetailResponse, VerifyEmailBody } from '@limni/shared/contracts/account';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { useAccount } from '../../stores/account';
import VerifyPage from './VerifyPage';

afterEach(() => useAccount.setState(useAccount.getInitialState(), true));

/** Answers the verification with `reply` and keeps what the page sent. */
const verification = (reply: () => Response | Promise<Response>) => {
  const bodies: VerifyEmailBody[] = [];
  server.use(
    csrf,
    http.post('/api/registration/rest/verify-email/', async ({ request }) => {
      bodies.push((await request.json()) as VerifyEmailBody);
      return reply();
    }),
  );
  return bodies;
};

const confirmed = { detail: 'Votre adresse e-mail est confirmée.' } satisfies DetailResponse;

// A key is asked once per page load (the page shares one request per key): each test has its own.
const open = (key: string, langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<VerifyPage />, { route: `/user/register/${key}`, path: '/user/register/:key', langue });

describe('VerifyPage', () => {
  it('says it is checking while the answer comes', async () => {
    let answer: (r: Response) => void = () => undefined;
    verification(() => new Promise<Response>((resolve) => (answer = resolve)));
    await open('MQ:attente');
    expect(screen.getByRole('heading', { level: 1, name: 'Vérification du compte' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Vérification de votre adresse e-mail…');
    answer(HttpResponse.json(confirmed));
    expect(await screen.findByRole('heading', { name: 'Votre compte est activé' })).toBeInTheDocument();
  });

  it('sends the link’s key and says the account is active', async () => {
    const bodies = verification(() => HttpResponse.json(confirmed));
    await open('MQ:1uX9kd:abc123');
    const heading = await screen.findByRole('heading', { name: 'Votre compte est activé' });
    const status = screen.getByRole('status');
    expect(status).toContainElement(heading);
    expect(status).toHaveTextContent(confirmed.detail);
    expect(status).toHaveTextContent(
      'Vous pouvez maintenant vous connecter avec votre nom d’utilisateur ou votre adresse e-mail.',
    );
    expect(within(status).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/user/login');
    expect(bodies).toEqual([{ key: 'MQ:1uX9kd:abc123' }]);
    expect(document.title).toBe('Vérification du compte — Limni');
  });

  it('gives the server’s reason when the link cannot activate the account', async () => {
    const message = 'Ce lien de confirmation est invalide ou a expiré.';
    verification(() => errorReply(404, { code: 'not_found', message }));
    await open('MQ:perime');
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { name: 'Ce lien ne permet pas d’activer le compte' }),
    ).toBeVisible();
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent('un nouveau lien vous sera envoyé automatiquement');
    expect(within(alert).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/user/login');
    expect(screen.queryByRole('heading', { name: 'Votre compte est activé' })).not.toBeInTheDocument();
  });

  it('tells when the network is down', async () => {
    verification(() => HttpResponse.error());
    await open('MQ:hors-ligne');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Connexion impossible : vérifiez votre réseau.',
    );
  });

  it('speaks English to an English reader', async () => {
    verification(() => HttpResponse.json(confirmed));
    await open('MQ:english', 'en');
    expect(screen.getByRole('heading', { level: 1, name: 'Account verification' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Your account is active' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
  });
});
