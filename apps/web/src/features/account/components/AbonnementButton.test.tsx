import type { AbonnementLieu, AbonnementsResponse, LieuBody } from '@limni/shared/contracts/alertes';
import type { Profile } from '@limni/shared/contracts/profile';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { Notifications } from '../../../components/ui/Notifications';
import { useAccount } from '../../../stores/account';
import { useNotifications } from '../../../stores/notifications';
import { AbonnementButton } from './AbonnementButton';

afterEach(() => {
  useAccount.setState(useAccount.getInitialState(), true);
  useNotifications.setState({ items: [] });
});

// Places of the demo dataset (ids and names as `/api/hydro/lieu/{id}` gives them).
const toulouse = { id: 1, nom: 'Toulouse (Pont-Neuf)', actif: true } satisfies AbonnementLieu;
const verdun = { id: 23, nom: 'Verdun (HE)', actif: true } satisfies AbonnementLieu;

const profileWith = (lieux: AbonnementLieu[]) =>
  ({
    lieux,
    listes_sib: [],
    autorisations: [],
    avatar: null,
    date_naissance: null,
    acceptPrevisionAlert: false,
    notifications: { email: true, push: true },
    nb_push: 1,
    langue: 'fr',
  }) satisfies Profile;

const signIn = (profile: Profile | null) =>
  useAccount.setState({ token: 'jeton', user: { id: 7, username: 'marie' }, profile });

const open = async (props: { nom?: string; route?: string; langue?: 'fr' | 'en' } = {}) => {
  const { route = `/lieu/${toulouse.id}/a-1`, langue = 'fr', nom } = props;
  const r = await renderScreen(<AbonnementButton lieuId={toulouse.id} {...(nom ? { nom } : {})} />, {
    route,
    langue,
  });
  render(<Notifications />);
  return r;
};

/** Answers `user/<action>-abonnement` with `reply` and keeps what the button sent. */
const abonnement = (action: 'crea' | 'toggle' | 'stop', reply: () => Response) => {
  const bodies: LieuBody[] = [];
  server.use(
    csrf,
    http.post(`/api/user/${action}-abonnement`, async ({ request }) => {
      bodies.push((await request.json()) as LieuBody);
      return reply();
    }),
  );
  return bodies;
};
const lieux = (list: AbonnementLieu[]) =>
  HttpResponse.json({ status: 200, lieux: list } satisfies AbonnementsResponse);

describe('AbonnementButton for a visitor', () => {
  it('leads to the sign-in page, which comes back here', async () => {
    await open({ route: '/lieu/1/a-3?onglet=donnees' });
    // The sign-in reason is read with the link's name (it sits inside the link) and as its description.
    const link = screen.getByRole('link', { name: 'S’abonner' });
    expect(link).toHaveAttribute('href', `/user/login/${encodeURIComponent('lieu/1/a-3?onglet=donnees')}`);
    expect(link).toHaveAccessibleDescription('Connectez-vous pour recevoir les alertes de ce lieu');
  });
});

describe('AbonnementButton, subscribing', () => {
  it('subscribes a signed-in person and says so', async () => {
    signIn(profileWith([verdun]));
    const bodies = abonnement('crea', () => lieux([verdun, toulouse]));
    const { user } = await open({ nom: toulouse.nom });
    const button = screen.getByRole('button', { name: 'S’abonner' });
    expect(button).toHaveAttribute('title', 'Recevoir les alertes de ce lieu');
    await user.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Vous êtes abonné à ${toulouse.nom} : ses alertes vous seront envoyées.`,
    );
    expect(
      screen.getByRole('button', { name: /^Abonné\s*— Gérer l’abonnement à Toulouse \(Pont-Neuf\)$/ }),
    ).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bodies).toEqual([{ lieu: toulouse.id }]);
  });

  it('loads a missing profile first, and opens the dialog if the place is followed already', async () => {
    signIn(null);
    server.use(http.get('/api/user/profile', () => HttpResponse.json(profileWith([toulouse]))));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'S’abonner' }));
    // Without a name given, the profile's name of the place is used.
    expect(await screen.findByRole('dialog', { name: `Abonnement à ${toulouse.nom}` })).toBeInTheDocument();
  });

  it('says why when the subscription is refused', async () => {
    const message = 'Vous suivez déjà 50 lieux : c’est le maximum.';
    signIn(profileWith([]));
    abonnement('crea', () => errorReply(409, { code: 'conflict', message }));
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'S’abonner' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'S’abonner' })).toBeEnabled();
  });
});

describe('AbonnementButton, subscribed', () => {
  const openDialog = async (user: Awaited<ReturnType<typeof open>>['user'], nom = toulouse.nom) => {
    await user.click(screen.getByRole('button', { name: /^Abonné/ }));
    return screen.findByRole('dialog', { name: `Abonnement à ${nom}` });
  };

  it('opens a dialog to pause the alerts, and shows them paused', async () => {
    signIn(profileWith([toulouse]));
    const bodies = abonnement('toggle', () => lieux([{ ...toulouse, actif: false }]));
    const { user } = await open();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription(/Vous suivez ce lieu/);
    const alerts = within(dialog).getByRole('switch', { name: 'Recevoir les alertes de ce lieu' });
    expect(alerts).toBeChecked();
    expect(within(dialog).getByRole('link', { name: 'Choisir e-mail ou notification' })).toHaveAttribute(
      'href',
      '/user/profil#notifications',
    );
    await user.click(alerts);
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Les alertes de ${toulouse.nom} sont en pause.`,
    );
    expect(within(dialog).getByRole('switch')).not.toBeChecked();
    expect(
      screen.getByRole('button', { name: /^Abonné · alertes en pause/, hidden: true }),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ lieu: toulouse.id }]);
  });

  it('resumes paused alerts', async () => {
    signIn(profileWith([{ ...toulouse, actif: false }]));
    abonnement('toggle', () => lieux([toulouse]));
    const { user } = await open();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('switch'));
    expect(await screen.findByRole('status')).toHaveTextContent(`Les alertes de ${toulouse.nom} reprennent.`);
    expect(within(dialog).getByRole('switch')).toBeChecked();
  });

  it('unsubscribes, closes the dialog and offers to subscribe again', async () => {
    signIn(profileWith([toulouse, verdun]));
    const bodies = abonnement('stop', () => lieux([verdun]));
    const { user } = await open({ nom: 'La Garonne à Toulouse' });
    // The name given by the page is preferred to the profile's.
    const dialog = await openDialog(user, 'La Garonne à Toulouse');
    await user.click(within(dialog).getByRole('button', { name: 'Se désabonner' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Vous n’êtes plus abonné à La Garonne à Toulouse.');
    expect(screen.getByRole('button', { name: 'S’abonner' })).toBeEnabled();
    expect(bodies).toEqual([{ lieu: toulouse.id }]);
  });
});

describe('AbonnementButton in English', () => {
  it('speaks English to a visitor and to a subscriber', async () => {
    const visitor = await open({ langue: 'en' });
    expect(screen.getByRole('link', { name: /^Subscribe/ })).toHaveAccessibleDescription(
      'Sign in to receive this place’s alerts',
    );
    visitor.unmount();
    signIn(profileWith([toulouse]));
    const { user } = await open({ langue: 'en' });
    await user.click(screen.getByRole('button', { name: /^Subscribed\s*— Manage the subscription to/ }));
    const dialog = await screen.findByRole('dialog', { name: `Subscription to ${toulouse.nom}` });
    expect(within(dialog).getByRole('switch', { name: 'Receive this place’s alerts' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Unsubscribe' })).toBeEnabled();
  });
});
