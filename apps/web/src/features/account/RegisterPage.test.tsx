import type { RegistrationBody, RegistrationResponse } from '@limni/shared/contracts/account';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { useAccount } from '../../stores/account';
import RegisterPage from './RegisterPage';

afterEach(() => useAccount.setState(useAccount.getInitialState(), true));

/** Answers the registration with `reply` and keeps what the page sent. */
const registration = (reply: () => Response | Promise<Response>) => {
  const bodies: RegistrationBody[] = [];
  server.use(
    csrf,
    http.post('/api/registration/rest/', async ({ request }) => {
      bodies.push((await request.json()) as RegistrationBody);
      return reply();
    }),
  );
  return bodies;
};

const sent = {
  detail: 'Un e-mail de vérification a été envoyé.',
  email_envoye: true,
} satisfies RegistrationResponse;

const open = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<RegisterPage />, { route: '/user/register', path: '/user/register', langue });

const inputs = () => ({
  username: screen.getByLabelText('Nom d’utilisateur'),
  email: screen.getByLabelText('Adresse e-mail'),
  password: screen.getByLabelText('Mot de passe', { selector: 'input' }),
  confirmation: screen.getByLabelText('Confirmation du mot de passe', { selector: 'input' }),
});

type User = Awaited<ReturnType<typeof open>>['user'];

const fill = async (
  user: User,
  values: { username?: string; email?: string; password?: string; confirmation?: string },
) => {
  const i = inputs();
  if (values.username) await user.type(i.username, values.username);
  if (values.email) await user.type(i.email, values.email);
  if (values.password) await user.type(i.password, values.password);
  if (values.confirmation) await user.type(i.confirmation, values.confirmation);
  await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
};

const good = {
  username: 'marie.riviere',
  email: 'marie@example.org',
  password: 'Gave-de-Pau-1987',
  confirmation: 'Gave-de-Pau-1987',
};

describe('RegisterPage, client checks', () => {
  it('names the page and asks for every field before sending anything', async () => {
    const bodies = registration(() => HttpResponse.json(sent, { status: 201 }));
    const { user } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Inscription' })).toBeInTheDocument();
    expect(document.title).toBe('Inscription — Limni');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    const i = inputs();
    for (const input of Object.values(i)) {
      expect(input).toBeInvalid();
      expect(input).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
    }
    expect(i.username).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('refuses a malformed username and e-mail address', async () => {
    const bodies = registration(() => HttpResponse.json(sent, { status: 201 }));
    const { user } = await open();
    await fill(user, { ...good, username: 'marie@riviere', email: 'marie@example' });
    const i = inputs();
    expect(i.username).toHaveAccessibleDescription(/Saisissez un nom d’utilisateur valide/);
    expect(i.email).toHaveAccessibleDescription(/Saisissez une adresse e-mail valide\./);
    expect(i.password).toBeValid();
    expect(bodies).toEqual([]);
  });

  it('checks the password rules and the confirmation', async () => {
    const bodies = registration(() => HttpResponse.json(sent, { status: 201 }));
    const { user } = await open();
    await fill(user, { ...good, password: '12345', confirmation: '12346' });
    const i = inputs();
    expect(i.password).toHaveAccessibleDescription(
      /Ce mot de passe est trop court\. Il doit contenir au minimum 10 caractères\./,
    );
    expect(i.password).toHaveAccessibleDescription(/Ce mot de passe est entièrement numérique\./);
    expect(i.confirmation).toHaveAccessibleDescription(/Les deux mots de passe ne correspondent pas\./);
    expect(bodies).toEqual([]);
  });

  it('refuses a password that looks like the username', async () => {
    const bodies = registration(() => HttpResponse.json(sent, { status: 201 }));
    const { user } = await open();
    await fill(user, { ...good, password: 'marie.riviere1', confirmation: 'marie.riviere1' });
    expect(inputs().password).toHaveAccessibleDescription(
      /Le mot de passe est trop semblable au champ « nom d’utilisateur »\./,
    );
    expect(bodies).toEqual([]);
  });

  it('ticks the rules off as the password is typed, and shows it on demand', async () => {
    const { user } = await open();
    const length = screen.getByText(/contenir au moins 10 caractères/);
    const digits = screen.getByText(/ne pas être composé uniquement de chiffres/);
    expect(length).not.toHaveTextContent('respecté');
    await user.type(inputs().password, '123456789012');
    expect(length).toHaveTextContent('(respecté)');
    expect(digits).toHaveTextContent('(pas encore respecté)');
    expect(screen.getByText(/ne pas être un mot de passe courant/)).toHaveTextContent(
      '(vérifié par le serveur)',
    );
    // The first of the two « Afficher le mot de passe » buttons is the password's.
    const [show] = screen.getAllByRole('button', { name: /^Afficher\s*le mot de passe$/ });
    expect(show).toBeDefined();
    if (show) await user.click(show);
    expect(inputs().password).toHaveAttribute('type', 'text');
    expect(inputs().confirmation).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: /^Masquer\s*le mot de passe$/ })).toBeInTheDocument();
  });
});

describe('RegisterPage, answers of the server', () => {
  it('sends the trimmed names and says where the link went', async () => {
    const bodies = registration(() => HttpResponse.json(sent, { status: 201 }));
    const { user } = await open();
    await fill(user, { ...good, username: ` ${good.username} `, email: ` ${good.email}` });
    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Vérifiez votre boîte e-mail' })).toBeInTheDocument();
    expect(status).toHaveTextContent(sent.detail);
    expect(status).toHaveTextContent(`Le lien a été envoyé à ${good.email}.`);
    expect(within(status).getByRole('link', { name: 'Aller à la connexion' })).toHaveAttribute(
      'href',
      '/user/login',
    );
    expect(bodies).toEqual([
      { username: good.username, email: good.email, password1: good.password, password2: good.password },
    ] satisfies RegistrationBody[]);
  });

  it('says so when the account exists but the e-mail could not leave', async () => {
    const unsent = {
      detail: 'Votre compte est créé, mais l’e-mail n’a pas pu partir.',
      email_envoye: false,
    } satisfies RegistrationResponse;
    registration(() => HttpResponse.json(unsent, { status: 201 }));
    const { user } = await open();
    await fill(user, good);
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Compte créé, e-mail non envoyé');
    expect(status).toHaveTextContent(unsent.detail);
    expect(status).not.toHaveTextContent('Le lien a été envoyé');
  });

  it('shows the server’s field errors beside their fields and counts them', async () => {
    const taken = 'Un utilisateur est déjà enregistré avec cette adresse e-mail.';
    const common = 'Ce mot de passe est trop courant.';
    registration(() =>
      errorReply(400, {
        code: 'validation',
        message: 'Le formulaire contient des erreurs.',
        fields: { email: [taken], password1: [common] },
      }),
    );
    const { user } = await open();
    await fill(user, good);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le formulaire contient 2 erreurs : corrigez les champs signalés.',
    );
    const i = inputs();
    expect(i.email).toHaveAccessibleDescription(new RegExp(taken));
    expect(i.password).toHaveAccessibleDescription(new RegExp(common));
    expect(i.username).toBeValid();
    await waitFor(() => expect(i.email).toHaveFocus());
  });

  it('lists the errors that concern no single field', async () => {
    const reason = 'Les inscriptions sont fermées pour le moment.';
    registration(() =>
      errorReply(400, { code: 'validation', message: reason, fields: { non_field_errors: [reason] } }),
    );
    const { user } = await open();
    await fill(user, good);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(reason);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('tells when the network is down, and keeps the button busy while it sends', async () => {
    let answer: (r: Response) => void = () => undefined;
    registration(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await open();
    await fill(user, good);
    expect(await screen.findByRole('button', { name: 'Création du compte…' })).toBeDisabled();
    answer(HttpResponse.error());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Connexion impossible : vérifiez votre réseau.',
    );
    expect(screen.getByRole('button', { name: 'Créer mon compte' })).toBeEnabled();
  });
});

describe('RegisterPage in English', () => {
  it('labels the form and checks in English', async () => {
    const bodies = registration(() => HttpResponse.json(sent, { status: 201 }));
    const { user } = await open('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeRequired();
    expect(screen.getByLabelText('E-mail address')).toBeRequired();
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), '123');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/This field is required\./);
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      /This password is too short\. It must contain at least 10 characters\./,
    );
    expect(screen.getByLabelText('Confirm password', { selector: 'input' })).toBeInvalid();
    expect(bodies).toEqual([]);
  });
});
