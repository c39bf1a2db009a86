import type { DetailResponse, PasswordChangeBody, UserDetails } from '@limni/shared/contracts/account';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../../../test/http';
import { renderScreen } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import { Notifications } from '../../../../components/ui/Notifications';
import { useAccount } from '../../../../stores/account';
import { useNotifications } from '../../../../stores/notifications';
import { PasswordSection } from './PasswordSection';

afterEach(() => {
  useAccount.setState(useAccount.getInitialState(), true);
  useNotifications.setState({ items: [] });
});

const marie = {
  id: 7,
  username: 'marie.riviere',
  email: 'marie@example.org',
  first_name: 'Marie',
  last_name: 'Rivière',
  pending_email: null,
} satisfies UserDetails;

/** Answers the password change with `reply` and keeps what the section sent. */
const change = (reply: () => Response) => {
  const bodies: PasswordChangeBody[] = [];
  server.use(
    csrf,
    http.post('/api/auth/rest/password/change/', async ({ request }) => {
      bodies.push((await request.json()) as PasswordChangeBody);
      return reply();
    }),
  );
  return bodies;
};

const open = async (langue: 'fr' | 'en' = 'fr') => {
  useAccount.setState({ token: 'jeton', user: { id: marie.id, username: marie.username } });
  const r = await renderScreen(<PasswordSection details={marie} />, { langue });
  render(<Notifications />);
  return r;
};

const inputs = () => ({
  old: screen.getByLabelText('Mot de passe actuel', { selector: 'input' }),
  password: screen.getByLabelText('Nouveau mot de passe', { selector: 'input' }),
  confirmation: screen.getByLabelText('Confirmation du nouveau mot de passe', { selector: 'input' }),
});

const send = async (
  user: Awaited<ReturnType<typeof open>>['user'],
  values: { old: string; password: string; confirmation: string },
) => {
  const i = inputs();
  if (values.old) await user.type(i.old, values.old);
  if (values.password) await user.type(i.password, values.password);
  if (values.confirmation) await user.type(i.confirmation, values.confirmation);
  await user.click(screen.getByRole('button', { name: 'Changer le mot de passe' }));
};

const strong = 'Lac-de-Gaube-1725';
const good = { old: 'ancien-secret-42', password: strong, confirmation: strong };

describe('PasswordSection, client checks', () => {
  it('asks for the three fields before sending anything', async () => {
    const bodies = change(() => HttpResponse.json({ detail: 'ok' }));
    const { user } = await open();
    expect(screen.getByRole('region', { name: 'Mot de passe' })).toHaveTextContent(
      'Vos autres sessions seront fermées ; celle-ci reste ouverte.',
    );
    await send(user, { old: '', password: '', confirmation: '' });
    const i = inputs();
    expect(i.old).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(i.password).toHaveAccessibleDescription(/Ce champ est obligatoire\./);
    expect(i.confirmation).toHaveAccessibleDescription('Ce champ est obligatoire.');
    expect(i.old).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('refuses a new password that looks like the person’s name', async () => {
    const bodies = change(() => HttpResponse.json({ detail: 'ok' }));
    const { user } = await open();
    await user.type(inputs().password, 'riviere1987');
    // The rule is checked live against the account’s username and e-mail.
    expect(screen.getByText(/ne pas ressembler à votre nom d’utilisateur/)).toHaveTextContent(
      '(pas encore respecté)',
    );
    await send(user, { old: 'ancien', password: '', confirmation: 'riviere1988' });
    const i = inputs();
    expect(i.password).toHaveAccessibleDescription(
      /Le mot de passe est trop semblable au champ « nom d’utilisateur »/,
    );
    expect(i.confirmation).toHaveAccessibleDescription('Les deux mots de passe ne correspondent pas.');
    expect(i.password).toHaveFocus();
    expect(bodies).toEqual([]);
  });
});

describe('PasswordSection, answers of the server', () => {
  it('sends the three fields, says it is done and empties the form', async () => {
    const done = { detail: 'Le nouveau mot de passe a été enregistré.' } satisfies DetailResponse;
    const bodies = change(() => HttpResponse.json(done));
    const { user } = await open();
    await send(user, good);
    const section = screen.getByRole('region', { name: 'Mot de passe' });
    expect(await within(section).findByRole('status')).toHaveTextContent(done.detail);
    expect(bodies).toEqual([
      { old_password: good.old, password1: strong, password2: strong },
    ] satisfies PasswordChangeBody[]);
    const i = inputs();
    expect(i.old).toHaveValue('');
    expect(i.password).toHaveValue('');
    expect(i.confirmation).toHaveValue('');
    expect(screen.getAllByText(done.detail)).toHaveLength(2);
  });

  it('shows a wrong current password beside its field', async () => {
    const wrong = 'Votre ancien mot de passe est incorrect. Veuillez le rectifier.';
    change(() =>
      errorReply(400, {
        code: 'validation',
        message: 'Données invalides.',
        fields: { old_password: [wrong] },
      }),
    );
    const { user } = await open();
    await send(user, good);
    const { old } = inputs();
    await waitFor(() => expect(old).toHaveAccessibleDescription(wrong));
    expect(old).toBeInvalid();
    await waitFor(() => expect(old).toHaveFocus());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what went wrong when the change fails as a whole', async () => {
    const message = 'Le service est momentanément indisponible.';
    change(() => errorReply(500, { code: 'internal', message }));
    const { user } = await open();
    await send(user, good);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(inputs().old).toHaveValue(good.old);
  });
});

describe('PasswordSection in English', () => {
  it('labels the form in English', async () => {
    change(() => HttpResponse.json({ detail: 'ok' }));
    const { user } = await open('en');
    expect(screen.getByRole('heading', { name: 'Password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(screen.getByLabelText('Current password', { selector: 'input' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByLabelText('New password', { selector: 'input' })).toBeInvalid();
    expect(screen.getByLabelText('Confirm the new password', { selector: 'input' })).toBeInvalid();
  });
});
