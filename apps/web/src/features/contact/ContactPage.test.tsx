import type { ContactRequest, ContactResponse } from '@limni/shared/contracts/contact';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import ContactPage from './ContactPage';

/** Answers the contact form with `reply` and keeps what the page sent. */
const contact = (reply: () => Response) => {
  const bodies: ContactRequest[] = [];
  server.use(
    csrf,
    http.post('/api/contact', async ({ request }) => {
      bodies.push((await request.json()) as ContactRequest);
      return reply();
    }),
  );
  return bodies;
};

const merci: ContactResponse = {
  envoye: true,
  message:
    'Merci, votre message a bien été envoyé à l’équipe Limni. Nous vous répondrons à l’adresse indiquée.',
};

const marie = {
  nom: 'Marie Curie',
  email: 'marie@example.org',
  sujet: 'Un lieu à ajouter',
  message: 'Pourriez-vous suivre le lac de Vassivière ?',
};

type User = Awaited<ReturnType<typeof renderScreen>>['user'];

const field = (name: string) => screen.getByRole('textbox', { name });
const send = () => screen.getByRole('button', { name: 'Envoyer le message' });

const fill = async (user: User, values: Partial<typeof marie>) => {
  if (values.nom) await user.type(field('Votre nom'), values.nom);
  if (values.email) await user.type(field('Votre adresse e-mail'), values.email);
  if (values.sujet) await user.type(field('Sujet'), values.sujet);
  if (values.message) await user.type(field('Message'), values.message);
};

const open = () => renderScreen(<ContactPage />, { route: '/contact', path: '/contact' });

describe('ContactPage: checks in the browser', () => {
  it('names every missing field, puts the focus on the first one and sends nothing', async () => {
    const bodies = contact(() => HttpResponse.json(merci));
    const { user } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Contactez-nous' })).toBeInTheDocument();
    expect(screen.getByText('Tous les champs sont obligatoires.')).toBeInTheDocument();
    await user.click(send());
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Le message n’est pas parti : corrigez le ou les champs signalés.',
    );
    expect(field('Votre nom')).toHaveAccessibleDescription('Indiquez votre nom.');
    expect(field('Votre adresse e-mail')).toHaveAccessibleDescription(
      /^Indiquez votre adresse e-mail\. Nous ne l’utilisons que pour vous répondre\.$/,
    );
    expect(field('Sujet')).toHaveAccessibleDescription('Indiquez le sujet de votre message.');
    expect(field('Message')).toHaveAccessibleDescription(/Écrivez votre message\./);
    for (const name of ['Votre nom', 'Votre adresse e-mail', 'Sujet', 'Message']) {
      expect(field(name)).toBeInvalid();
    }
    expect(field('Votre nom')).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('refuses an address that is not an e-mail, and lifts the error once it is fixed', async () => {
    const bodies = contact(() => HttpResponse.json(merci));
    const { user } = await open();
    await fill(user, { ...marie, email: 'marie.example.org' });
    await user.click(send());
    const email = field('Votre adresse e-mail');
    expect(email).toHaveAccessibleDescription(
      /^Cette adresse e-mail n'est pas valide \(exemple : prenom\.nom@exemple\.fr\)\./,
    );
    expect(email).toHaveFocus();
    expect(field('Votre nom')).toBeValid();
    expect(bodies).toEqual([]);

    await user.clear(email);
    await user.type(email, marie.email);
    expect(email).toBeValid();
    expect(screen.queryByText(/n'est pas valide/)).not.toBeInTheDocument();
  });

  it('counts the characters of the message', async () => {
    contact(() => HttpResponse.json(merci));
    const { user } = await open();
    expect(field('Message')).toHaveAccessibleDescription(/^0 \/ 5\s000 caractères$/);
    await user.type(field('Message'), 'Bonjour');
    expect(screen.getByText(/^7 \/ 5\s000 caractères$/)).toBeInTheDocument();
  });
});

describe('ContactPage: sending', () => {
  it('sends the four fields with the hidden one left empty, then thanks the person', async () => {
    const bodies = contact(() => HttpResponse.json(merci));
    const { user } = await open();
    await fill(user, marie);
    await user.click(send());
    const done = await screen.findByRole('heading', { name: 'Message envoyé' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(merci.message);
    expect(bodies).toEqual([{ ...marie, site_web: '' }]);
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Écrire un autre message' }));
    expect(field('Votre nom')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s field errors under their fields', async () => {
    const refus = 'Le domaine de cette adresse ne reçoit pas de courrier.';
    const bodies = contact(() =>
      errorReply(400, { code: 'validation', message: 'Données invalides', fields: { email: [refus] } }),
    );
    const { user } = await open();
    await fill(user, marie);
    await user.click(send());
    const email = field('Votre adresse e-mail');
    await waitFor(() => expect(email).toHaveAccessibleDescription(new RegExp(`^${refus}`)));
    expect(email).toBeInvalid();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Le message n’est pas parti : corrigez le ou les champs signalés.',
    );
    expect(field('Sujet')).toBeValid();
    // The focus is on the field to fix, not on the message.
    await waitFor(() => expect(email).toHaveFocus());
    expect(bodies).toHaveLength(1);
  });

  it('says so when too many messages were sent, with the server’s words', async () => {
    const patientez = 'Vous avez déjà envoyé plusieurs messages. Merci de réessayer dans 12 min.';
    contact(() => errorReply(429, { code: 'rate_limited', message: patientez }));
    const { user } = await open();
    await fill(user, marie);
    await user.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Trop de messages envoyés');
    expect(alert).toHaveTextContent(patientez);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(field('Votre nom')).toHaveValue(marie.nom);
  });

  it('says the message could not leave when the network fails', async () => {
    contact(() => HttpResponse.error());
    const { user } = await open();
    await fill(user, marie);
    await user.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Le message n’a pas pu être envoyé.');
    expect(alert).toHaveTextContent('Connexion impossible : vérifiez votre réseau.');
    expect(send()).toBeEnabled();
  });
});

describe('ContactPage in English', () => {
  it('speaks English to an English reader', async () => {
    contact(() => HttpResponse.json(merci));
    const { user } = await renderScreen(<ContactPage />, {
      route: '/contact',
      path: '/contact',
      langue: 'en',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your e-mail address' })).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Send the message' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The message was not sent: please correct the fields shown.',
    );
  });
});
