import { ActivitesResponse } from '@limni/shared/contracts/activites';
import type { LieuAlertes, Regle, ReglesCreateBody } from '@limni/shared/contracts/alertes';
import { LieuDetail } from '@limni/shared/contracts/hydro';
import type { Profile } from '@limni/shared/contracts/profile';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import activitesJson from '../../../../test/fixtures/alertes-activites.json';
import portetJson from '../../../../test/fixtures/alertes-portet.json';
import { csrf, errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { useAccount } from '../../../stores/account';
import { MalerterButton } from './ReglesDialog';

const portet = fixture(portetJson, LieuDetail);
const activites = fixture(activitesJson, ActivitesResponse);
const nom = portet.body.libelle;
const lieuPath = `/api/user/alertes/lieu/${portet.body.id}`;
const canoe = activites.body.find((a) => a.slug === 'canoe-kayak');
if (!canoe) throw new Error('canoë-kayak is an activity of the demo');

const regles: Regle[] = [
  {
    id: 11,
    lieu: { id: portet.body.id, nom },
    type: 'au_dessus',
    grandeur: 'H',
    unite: 'm',
    seuil: 3,
    seuil2: null,
    horizon_h: null,
    activite: null,
    origine: 'utilisateur',
    actif: true,
    description: 'Hauteur au-dessus de 3,00 m',
    created_at: Date.UTC(2022, 0, 10),
    derniere_notification: null,
  },
  {
    id: 12,
    lieu: { id: portet.body.id, nom },
    type: 'vigilance',
    grandeur: null,
    unite: null,
    seuil: null,
    seuil2: null,
    horizon_h: null,
    activite: { id: canoe.id, nom: canoe.nom },
    origine: 'defaut',
    actif: false,
    description: 'Vigilance crues du tronçon : passage au jaune, à l’orange, au rouge et retour au vert',
    created_at: Date.UTC(2022, 0, 10),
    derniere_notification: null,
  },
];

const lieuAlertes = (over: Partial<LieuAlertes> = {}): LieuAlertes =>
  ({
    lieu: { id: portet.body.id, nom },
    abonne: true,
    abonnement_actif: true,
    regles,
    grandeurs: [{ grandeur: 'H', unite: 'm', derniere_valeur: null, dernier_ts: null }],
    vigilance_possible: portet.body.troncon !== null,
    prevision_possible: false,
    prevision_raison: null,
    suggestions: [],
    ...over,
  }) satisfies LieuAlertes;

/** The place's rules as the API answers them, one answer after the other (the last one repeated). */
function answerRegles(...replies: (() => Response)[]) {
  let asked = 0;
  server.use(
    http.get(lieuPath, () => {
      const reply = replies[Math.min(asked, replies.length - 1)];
      asked++;
      return reply ? reply() : HttpResponse.error();
    }),
    http.get(activites.path, () => HttpResponse.json(activites.body)),
  );
  return () => asked;
}

/** The whole of `s`, any space of it matching a no-break space too. */
const exactly = (s: string) =>
  new RegExp(`^${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);

const signIn = () => useAccount.setState({ token: 'jeton', user: { id: 7, username: 'marie' } });
const route = { route: `/lieu/${portet.body.id}/a-3?jours=7`, path: '/lieu/:id/:activite' };
const openDialog = async (user: Awaited<ReturnType<typeof renderScreen>>['user']) => {
  await user.click(screen.getByRole('button', { name: `M’alerter pour ${nom}` }));
  return screen.findByRole('dialog', { name: `M’alerter — ${nom}` });
};

afterEach(() => useAccount.setState(useAccount.getInitialState(), true));

describe('MalerterButton signed out', () => {
  it('invites to sign in and to come back to this page', async () => {
    const { user } = await renderScreen(<MalerterButton lieuId={portet.body.id} nom={nom} />, route);
    const link = screen.getByRole('link', { name: /M’alerter/ });
    expect(link).toHaveAccessibleName(/^M’alerter\s?— Connectez-vous pour créer une alerte$/);
    expect(link).toHaveAttribute(
      'href',
      `/user/login/${encodeURIComponent(`lieu/${portet.body.id}/a-3?jours=7`)}`,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByText('Une autre page')).toBeInTheDocument();
  });
});

describe('MalerterButton signed in', () => {
  it('opens the dialog with the place’s alerts and the form to add one', async () => {
    signIn();
    answerRegles(() => HttpResponse.json(lieuAlertes()));
    const { user } = await renderScreen(<MalerterButton lieuId={portet.body.id} nom={nom} />, route);
    const button = screen.getByRole('button', { name: `M’alerter pour ${nom}` });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    const dialog = await openDialog(user);

    const list = await within(dialog).findByRole('region', { name: 'Vos alertes sur ce lieu' });
    expect(
      within(list).getByRole('switch', { name: exactly(`Alerte active : ${regles[0]?.description}`) }),
    ).toBeChecked();
    expect(
      within(list).getByRole('switch', { name: /^Alerte active\s:\sVigilance crues/ }),
    ).not.toBeChecked();
    expect(await within(list).findByText(`${canoe.nom} · proposée à l’abonnement`)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Ajouter une alerte' })).toBeInTheDocument();
    // A vigilance alert is already there: the form does not offer a second one.
    expect(within(dialog).getByRole('radio', { name: 'la vigilance crues change' })).toBeDisabled();
  });

  it('says when the place is not followed yet, or paused, or has no alert', async () => {
    signIn();
    answerRegles(
      () => HttpResponse.json(lieuAlertes({ abonne: false, abonnement_actif: false, regles: [] })),
      () => HttpResponse.json(lieuAlertes({ abonnement_actif: false })),
      () => HttpResponse.json(lieuAlertes({ regles: [] })),
    );
    const { user } = await renderScreen(<MalerterButton lieuId={portet.body.id} nom={nom} />, route);
    let dialog = await openDialog(user);
    expect(await within(dialog).findByText(/Vous ne suivez pas encore ce lieu/)).toBeInTheDocument();
    expect(within(dialog).queryByText('Aucune alerte sur ce lieu pour l’instant.')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(user);
    expect(await within(dialog).findByText(/Les notifications de ce lieu sont en pause/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(user);
    expect(await within(dialog).findByText('Aucune alerte sur ce lieu pour l’instant.')).toBeInTheDocument();
  });

  it('says when the alerts could not be read, and reads them again on « Réessayer »', async () => {
    signIn();
    answerRegles(
      () => errorReply(500, { code: 'internal', message: 'Erreur interne.' }),
      () => HttpResponse.json(lieuAlertes()),
    );
    const { user } = await renderScreen(<MalerterButton lieuId={portet.body.id} nom={nom} />, route);
    const dialog = await openDialog(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Vos alertes n’ont pas pu être chargées.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    expect(await within(dialog).findByText(regles[0]?.description ?? '')).toBeInTheDocument();
  });

  it('closes once the alert is created, keeping the page’s activity', async () => {
    signIn();
    answerRegles(() => HttpResponse.json(lieuAlertes({ regles: [] })));
    const bodies: ReglesCreateBody[] = [];
    server.use(
      csrf,
      http.post(lieuPath, async ({ request }) => {
        bodies.push((await request.json()) as ReglesCreateBody);
        return HttpResponse.json(lieuAlertes(), { status: 201 });
      }),
      http.get('/api/user/profile', () => HttpResponse.json(profile)),
    );
    const { user } = await renderScreen(
      <MalerterButton lieuId={portet.body.id} nom={nom} activiteId={canoe.id} />,
      route,
    );
    const dialog = await openDialog(user);
    await user.type(await within(dialog).findByLabelText('Seuil (m)'), '2,5');
    await user.click(within(dialog).getByRole('button', { name: 'Créer l’alerte' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      { regles: [{ type: 'au_dessus', grandeur: 'H', seuil: 2.5, activite_id: canoe.id }] },
    ]);
    expect(screen.getByRole('button', { name: `M’alerter pour ${nom}` })).toHaveFocus();
  });

  it('speaks English to an English reader', async () => {
    signIn();
    answerRegles(() => HttpResponse.json(lieuAlertes()));
    const { user } = await renderScreen(<MalerterButton lieuId={portet.body.id} nom={nom} />, {
      ...route,
      langue: 'en',
    });
    await user.click(screen.getByRole('button', { name: `Alert me about ${nom}` }));
    const dialog = await screen.findByRole('dialog', { name: `Alert me — ${nom}` });
    expect(
      await within(dialog).findByRole('region', { name: 'Your alerts for this place' }),
    ).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /^Delete the alert/ })).toHaveLength(regles.length);
  });
});

const profile = {
  lieux: [{ id: portet.body.id, nom, actif: true }],
  listes_sib: [],
  autorisations: [],
  avatar: null,
  date_naissance: null,
  acceptPrevisionAlert: false,
  notifications: { email: true, push: false },
  nb_push: 0,
  langue: 'fr',
} satisfies Profile;
