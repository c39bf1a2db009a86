import type { AbonnementLieu, AbonnementsResponse, LieuBody } from '@limni/shared/contracts/alertes';
import type { Profile } from '@limni/shared/contracts/profile';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { csrf, errorReply } from '../../../../../test/http';
import { renderScreen } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import { Notifications } from '../../../../components/ui/Notifications';
import { useAccount } from '../../../../stores/account';
import { useNotifications } from '../../../../stores/notifications';
import { AbonnementsSection } from './AbonnementsSection';

afterEach(() => {
  useAccount.setState(useAccount.getInitialState(), true);
  useNotifications.setState({ items: [] });
});

// Places of the demo dataset (ids and names as `/api/hydro/lieu/{id}` gives them).
const toulouse = { id: 1, nom: 'Toulouse (Pont-Neuf)', actif: true } satisfies AbonnementLieu;
const portet = { id: 2, nom: 'Portet', actif: false } satisfies AbonnementLieu;

const profileWith = (lieux: AbonnementLieu[]) =>
  ({
    lieux,
    listes_sib: [],
    autorisations: [],
    avatar: null,
    date_naissance: null,
    acceptPrevisionAlert: false,
    notifications: { email: true, push: false },
    nb_push: 0,
    langue: 'fr',
  }) satisfies Profile;

const NONE: AbonnementLieu[] = [];
/** The section as the profile page shows it: the places read from the signed-in person's profile. */
function FromProfile() {
  const lieux = useAccount((s) => s.profile?.lieux ?? NONE);
  return <AbonnementsSection lieux={lieux} />;
}

const open = async (lieux: AbonnementLieu[], langue: 'fr' | 'en' = 'fr') => {
  useAccount.setState({ token: 'jeton', user: { id: 7, username: 'marie' }, profile: profileWith(lieux) });
  const r = await renderScreen(<FromProfile />, { langue });
  render(<Notifications />);
  return r;
};

/** Answers `user/<action>-abonnement` with `reply` and keeps what the section sent. */
const abonnement = (action: 'toggle' | 'stop', reply: () => Response) => {
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

const list = () => screen.getByRole('list', { name: 'Mes abonnements' });
const row = (nom: string) => {
  const item = within(list())
    .getAllByRole('listitem')
    .find((li) => within(li).queryByRole('link', { name: nom }));
  if (!item) throw new Error(`no row for ${nom}`);
  return item;
};

describe('AbonnementsSection, the list', () => {
  it('lists each place with a link, its alerts switch and « Ne plus suivre »', async () => {
    await open([toulouse, portet]);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
    const first = row(toulouse.nom);
    expect(within(first).getByRole('link', { name: toulouse.nom })).toHaveAttribute(
      'href',
      `/lieu/${toulouse.id}/a-1`,
    );
    expect(within(first).getByRole('switch', { name: /^Alertes/ })).toBeChecked();
    expect(within(first).getByRole('switch')).toHaveAccessibleName(/Toulouse \(Pont-Neuf\)$/);
    expect(within(first).queryByText('Alertes en pause')).not.toBeInTheDocument();
    const second = row(portet.nom);
    expect(within(second).getByRole('switch')).not.toBeChecked();
    expect(within(second).getByText('Alertes en pause')).toBeVisible();
    expect(within(second).getByRole('button', { name: /^Ne plus suivre\s*Portet$/ })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Voir mes alertes' })).toHaveAttribute('href', '/alertes');
  });

  it('says how to follow a place when none is followed', async () => {
    await open([]);
    expect(screen.queryByRole('list', { name: 'Mes abonnements' })).not.toBeInTheDocument();
    expect(screen.getByText('Vous ne suivez encore aucun lieu')).toBeVisible();
    expect(screen.getByText(/choisissez « S’abonner » pour recevoir ses alertes/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choisir un lieu sur la carte' })).toHaveAttribute(
      'href',
      '/choisir/carte',
    );
  });
});

describe('AbonnementsSection, changes', () => {
  it('resumes the paused alerts of a place', async () => {
    const resumed = {
      status: 200,
      lieux: [toulouse, { ...portet, actif: true }],
    } satisfies AbonnementsResponse;
    const bodies = abonnement('toggle', () => HttpResponse.json(resumed));
    const { user } = await open([toulouse, portet]);
    await user.click(within(row(portet.nom)).getByRole('switch'));
    await within(row(portet.nom)).findByRole('switch', { checked: true });
    expect(within(row(portet.nom)).queryByText('Alertes en pause')).not.toBeInTheDocument();
    expect(bodies).toEqual([{ lieu: portet.id }]);
  });

  it('stops following a place and says so', async () => {
    const left = { status: 200, lieux: [toulouse] } satisfies AbonnementsResponse;
    const bodies = abonnement('stop', () => HttpResponse.json(left));
    const { user } = await open([toulouse, portet]);
    await user.click(screen.getByRole('button', { name: /^Ne plus suivre\s*Portet$/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Vous ne suivez plus Portet.');
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: portet.nom })).not.toBeInTheDocument();
    expect(bodies).toEqual([{ lieu: portet.id }]);
  });

  it('keeps the list and says why when the change fails', async () => {
    const message = 'Ce lieu n’existe plus.';
    abonnement('stop', () => errorReply(404, { code: 'not_found', message }));
    const { user } = await open([toulouse, portet]);
    await user.click(screen.getByRole('button', { name: /^Ne plus suivre\s*Toulouse/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2);
    expect(within(row(toulouse.nom)).getByRole('button', { name: /^Ne plus suivre/ })).toBeEnabled();
  });
});

describe('AbonnementsSection in English', () => {
  it('labels the list in English', async () => {
    await open([portet], 'en');
    expect(screen.getByRole('heading', { name: 'My subscriptions' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Alerts/ })).not.toBeChecked();
    expect(screen.getByText('Alerts paused')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Unfollow\s*Portet$/ })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'See my alerts' })).toBeVisible();
  });
});
