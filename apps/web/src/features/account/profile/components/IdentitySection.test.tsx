import type { UserDetails, UserPatchBody } from '@limni/shared/contracts/account';
import type { AvatarResponse, Profile, ProfileUpdateBody } from '@limni/shared/contracts/profile';
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csrf, errorReply } from '../../../../../test/http';
import { renderScreen } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import { userDetailsQuery } from '../../../../api/account';
import { Notifications } from '../../../../components/ui/Notifications';
import { useAccount } from '../../../../stores/account';
import { useNotifications } from '../../../../stores/notifications';
import { IdentitySection } from './IdentitySection';

const marie = {
  id: 7,
  username: 'marie.riviere',
  email: 'marie@example.org',
  first_name: 'Marie',
  last_name: 'Rivière',
  pending_email: null,
} satisfies UserDetails;

const profileOf = (patch: Partial<Profile> = {}): Profile => ({
  lieux: [{ id: 1, nom: 'Toulouse (Pont-Neuf)', actif: true }],
  listes_sib: [],
  autorisations: [],
  avatar: null,
  date_naissance: '1987-04-12',
  acceptPrevisionAlert: false,
  notifications: { email: true, push: false },
  nb_push: 0,
  langue: 'fr',
  ...patch,
});

// The preview of a chosen picture is an object URL: a stand-in here (Node's would refuse jsdom's File).
let objectUrls: { mockRestore: () => void }[] = [];
beforeEach(() => {
  objectUrls = [
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:apercu'),
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined),
  ];
});
afterEach(() => {
  for (const spy of objectUrls) spy.mockRestore();
  useAccount.setState(useAccount.getInitialState(), true);
  useNotifications.setState({ items: [] });
});

/** The section as the profile page shows it: the profile from the store, the details from their query. */
function FromAccount() {
  const details = useQuery(userDetailsQuery(marie.id));
  const profile = useAccount((s) => s.profile);
  return profile ? <IdentitySection profile={profile} details={details} username={marie.username} /> : null;
}

const open = async (
  { details = marie, profile = profileOf() }: { details?: UserDetails; profile?: Profile } = {},
  langue: 'fr' | 'en' = 'fr',
) => {
  useAccount.setState({ token: 'jeton', user: { id: marie.id, username: marie.username }, profile });
  server.use(http.get('/api/auth/rest/user/', () => HttpResponse.json(details)));
  const r = await renderScreen(<FromAccount />, { langue });
  render(<Notifications />);
  await screen.findByLabelText(langue === 'fr' ? 'Nom d’utilisateur' : 'Username');
  return r;
};

/** Answers `PATCH auth/rest/user/` with `reply` and keeps what the form sent. */
const patchUser = (reply: () => Response) => {
  const bodies: UserPatchBody[] = [];
  server.use(
    csrf,
    http.patch('/api/auth/rest/user/', async ({ request }) => {
      bodies.push((await request.json()) as UserPatchBody);
      return reply();
    }),
  );
  return bodies;
};

/** Answers `POST user/profile` with `reply` and keeps what the form sent. */
const postProfile = (reply: () => Response) => {
  const bodies: ProfileUpdateBody[] = [];
  server.use(
    csrf,
    http.post('/api/user/profile', async ({ request }) => {
      bodies.push((await request.json()) as ProfileUpdateBody);
      return reply();
    }),
  );
  return bodies;
};

const save = (user: Awaited<ReturnType<typeof open>>['user']) =>
  user.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('IdentitySection, loading the details', () => {
  it('shows a placeholder, then the form filled with the account’s details', async () => {
    useAccount.setState({
      token: 'jeton',
      user: { id: marie.id, username: marie.username },
      profile: profileOf(),
    });
    server.use(http.get('/api/auth/rest/user/', () => HttpResponse.json(marie)));
    await renderScreen(<FromAccount />);
    const section = screen.getByRole('region', { name: 'Mon profil' });
    expect(within(section).getByRole('status')).toHaveTextContent('Chargement…');
    expect(await screen.findByLabelText('Nom d’utilisateur')).toHaveValue(marie.username);
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue(marie.email);
    expect(screen.getByLabelText('Prénom')).toHaveValue(marie.first_name);
    expect(screen.getByLabelText('Nom')).toHaveValue(marie.last_name);
    expect(screen.getByLabelText('Date de naissance')).toHaveValue('1987-04-12');
    expect(screen.queryByLabelText(/Mot de passe actuel/)).not.toBeInTheDocument();
  });

  it('says a new address waits for its confirmation', async () => {
    await open({ details: { ...marie, pending_email: 'marie@riviere.fr' } });
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription(
      /En attente de confirmation : marie@riviere\.fr\./,
    );
  });

  it('offers to try again when the details cannot be loaded', async () => {
    const message = 'Accès refusé.';
    let fail = true;
    useAccount.setState({
      token: 'jeton',
      user: { id: marie.id, username: marie.username },
      profile: profileOf(),
    });
    server.use(
      http.get('/api/auth/rest/user/', () =>
        fail ? errorReply(403, { code: 'forbidden', message }) : HttpResponse.json(marie),
      ),
    );
    const { user } = await renderScreen(<FromAccount />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByLabelText('Nom d’utilisateur')).toHaveValue(marie.username);
  });
});

describe('IdentitySection, saving the identity', () => {
  it('sends nothing when nothing changed', async () => {
    const { user } = await open();
    await save(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Aucune modification à enregistrer.');
  });

  it('sends only the changed names, trimmed, and says they are saved', async () => {
    const bodies = patchUser(() => HttpResponse.json({ ...marie, first_name: 'Marie-Anne' }));
    const { user } = await open();
    await user.clear(screen.getByLabelText('Prénom'));
    await user.type(screen.getByLabelText('Prénom'), ' Marie-Anne ');
    await save(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Vos informations sont enregistrées.');
    expect(bodies).toEqual([{ first_name: 'Marie-Anne' }]);
  });

  it('asks for the password with a new address, which waits for its link', async () => {
    const next = 'marie@riviere.fr';
    const bodies = patchUser(() => HttpResponse.json({ ...marie, pending_email: next }));
    const { user } = await open();
    const email = screen.getByLabelText('Adresse e-mail');
    await user.clear(email);
    await user.type(email, next);
    const password = screen.getByLabelText('Mot de passe actuel (demandé pour changer d’adresse e-mail)', {
      selector: 'input',
    });
    expect(password).not.toBeRequired();
    await user.type(password, 'secret-actuel');
    await save(user);
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Vos informations sont enregistrées. Un lien de confirmation a été envoyé à ${next}.`,
    );
    expect(bodies).toEqual([{ email: next, old_password: 'secret-actuel' }]);
    // The current address stays in use until the link is followed.
    expect(screen.getByLabelText('Adresse e-mail')).toHaveValue(marie.email);
    expect(screen.getByLabelText('Adresse e-mail')).toHaveAccessibleDescription(/En attente de confirmation/);
  });

  it('shows the server’s refusal beside the field', async () => {
    const taken = 'Un utilisateur avec ce nom existe déjà.';
    patchUser(() =>
      errorReply(400, { code: 'validation', message: 'Données invalides.', fields: { username: [taken] } }),
    );
    const { user } = await open();
    const username = screen.getByLabelText('Nom d’utilisateur');
    await user.clear(username);
    await user.type(username, 'jean');
    await save(user);
    await waitFor(() => expect(username).toHaveAccessibleDescription(taken));
    expect(username).toBeInvalid();
    await waitFor(() => expect(username).toHaveFocus());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});

describe('IdentitySection, the date of birth', () => {
  it('refuses a day before 1900 without sending it', async () => {
    const { user } = await open({ profile: profileOf({ date_naissance: null }) });
    const day = screen.getByLabelText('Date de naissance');
    expect(day).toHaveAccessibleDescription('Facultative. Une date passée, après le 1er janvier 1900.');
    await user.type(day, '1899-12-31');
    await save(user);
    expect(day).toHaveAccessibleDescription(
      /La date de naissance doit être passée \(entre le 01\/01\/1900 et hier\)\./,
    );
    expect(day).toHaveFocus();
  });

  it('sends a new day to the profile', async () => {
    const bodies = postProfile(() => HttpResponse.json(profileOf({ date_naissance: '1990-07-14' })));
    const { user } = await open();
    const day = screen.getByLabelText('Date de naissance');
    await user.clear(day);
    await user.type(day, '1990-07-14');
    await save(user);
    expect(await screen.findByRole('status')).toHaveTextContent('Vos informations sont enregistrées.');
    expect(bodies).toEqual([{ date_naissance: '1990-07-14' }]);
  });

  it('erases the day, and says why when the server fails', async () => {
    const message = 'Le service est momentanément indisponible.';
    const bodies = postProfile(() => errorReply(500, { code: 'internal', message }));
    const { user } = await open();
    await user.clear(screen.getByLabelText('Date de naissance'));
    await save(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(bodies).toEqual([{ date_naissance: null }]);
  });
});

describe('IdentitySection, the picture', () => {
  it('saves a chosen picture at once, with a preview while it goes', async () => {
    let answer: (r: Response) => void = () => undefined;
    server.use(
      csrf,
      http.put('/api/user/avatar', () => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { user } = await open();
    expect(screen.getByText(/^Pas encore de photo\. JPEG, PNG, WebP ou AVIF, 5 Mo au plus\./)).toBeVisible();
    await user.upload(
      screen.getByLabelText('Choisir une photo'),
      new File(['png'], 'moi.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('img', { name: 'Aperçu de la nouvelle photo' })).toHaveAttribute(
      'src',
      'blob:apercu',
    );
    expect(screen.getByText('Enregistrement…')).toBeVisible();
    answer(HttpResponse.json({ avatar: '/media/avatars/7.webp' } satisfies AvatarResponse));
    // The « Enregistrement… » status gives way to the toast.
    expect(await screen.findByText('Votre photo de profil est enregistrée.')).toBeVisible();
    expect(screen.queryByText('Enregistrement…')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Aperçu de la nouvelle photo' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Changer la photo')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Retirer la photo' })).toBeEnabled();
  });

  it('refuses a picture too heavy or of another format, before sending', async () => {
    const { user } = await open();
    const heavy = new File(['x'], 'grande.jpg', { type: 'image/jpeg' });
    Object.defineProperty(heavy, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Choisir une photo'), heavy);
    expect(screen.getByRole('alert')).toHaveTextContent('Cette image pèse 6,0 Mo : 5 Mo au plus.');
    // The file dialog offers images only; a person can still pick « all files ».
    const anyFile = userEvent.setup({ applyAccept: false });
    await anyFile.upload(
      screen.getByLabelText('Choisir une photo'),
      new File(['gif'], 'anim.gif', { type: 'image/gif' }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Ce format n’est pas accepté : choisissez une image JPEG, PNG, WebP ou AVIF.',
    );
  });

  it('removes the picture', async () => {
    server.use(
      csrf,
      http.delete('/api/user/avatar', () => HttpResponse.json({ status: 200 })),
    );
    const { user } = await open({ profile: profileOf({ avatar: '/media/avatars/7.webp' }) });
    await user.click(screen.getByRole('button', { name: 'Retirer la photo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Votre photo de profil est retirée.');
    expect(screen.getByLabelText('Choisir une photo')).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Retirer la photo' })).not.toBeInTheDocument();
  });
});

describe('IdentitySection in English', () => {
  it('labels the section and its fields in English', async () => {
    await open({}, 'en');
    expect(screen.getByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue(marie.username);
    expect(screen.getByLabelText('E-mail address')).toBeRequired();
    expect(screen.getByLabelText('First name')).toHaveValue(marie.first_name);
    expect(screen.getByLabelText('Last name')).toHaveValue(marie.last_name);
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(
      'Optional. A past date, after 1 January 1900.',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});
