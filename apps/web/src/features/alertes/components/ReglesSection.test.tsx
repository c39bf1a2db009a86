import type { StatusResponse } from '@limni/shared/contracts/account';
import { ActivitesResponse } from '@limni/shared/contracts/activites';
import type { LieuAlertes, Regle, ReglesResponse } from '@limni/shared/contracts/alertes';
import { LieuDetail } from '@limni/shared/contracts/hydro';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import activitesJson from '../../../../test/fixtures/alertes-activites.json';
import portetJson from '../../../../test/fixtures/alertes-portet.json';
import toulouseJson from '../../../../test/fixtures/alertes-toulouse.json';
import { csrf, errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { useAccount } from '../../../stores/account';
import { ReglesSection } from './ReglesSection';

const portet = fixture(portetJson, LieuDetail).body;
const toulouse = fixture(toulouseJson, LieuDetail).body;
const activites = fixture(activitesJson, ActivitesResponse);
const peche = activites.body.find((a) => a.slug === 'peche');
if (!peche) throw new Error('la pêche is an activity of the demo');

const regle = (id: number, lieu: LieuDetail, over: Partial<Regle>): Regle => ({
  id,
  lieu: { id: lieu.id, nom: lieu.libelle },
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
  ...over,
});

/** Two rules on Portet (one of the pêche), one on Toulouse. */
const regles: Regle[] = [
  regle(21, portet, {}),
  regle(22, toulouse, {
    type: 'vigilance',
    grandeur: null,
    unite: null,
    seuil: null,
    description: 'Vigilance crues du tronçon',
  }),
  regle(23, portet, {
    type: 'montee',
    seuil: 0.1,
    description: 'Montée de plus de 10 cm/h',
    activite: { id: peche.id, nom: peche.nom },
  }),
];

/** The account's rules: `replies` in turn (the last one repeated). */
function answerRegles(...replies: (() => Response)[]) {
  let asked = 0;
  server.use(
    http.get('/api/user/alertes', () => {
      const reply = replies[Math.min(asked++, replies.length - 1)];
      return reply ? reply() : HttpResponse.error();
    }),
    http.get(activites.path, () => HttpResponse.json(activites.body)),
  );
}
const reglesReply = (list: Regle[]) => () => HttpResponse.json({ regles: list } satisfies ReglesResponse);

async function renderSection(langue: 'fr' | 'en' = 'fr') {
  useAccount.setState({ token: 'jeton', user: { id: 7, username: 'marie' } });
  return renderScreen(<ReglesSection />, { route: '/user/profil', path: '/user/profil', langue });
}

afterEach(() => useAccount.setState(useAccount.getInitialState(), true));

describe('ReglesSection', () => {
  it('lists the alerts place by place, each place linked for the activity of its alerts', async () => {
    answerRegles(reglesReply(regles));
    await renderSection();
    expect(screen.getByRole('heading', { name: 'Mes alertes' })).toBeInTheDocument();
    const portetLink = await screen.findByRole('link', { name: portet.libelle });
    expect(portetLink).toHaveAttribute('href', `/lieu/${portet.id}/a-${peche.id}`);
    expect(screen.getByRole('link', { name: toulouse.libelle })).toHaveAttribute(
      'href',
      `/lieu/${toulouse.id}/a-1`,
    );

    const lieux = screen.getAllByRole('heading', { level: 3 });
    expect(lieux.map((h) => h.textContent)).toEqual([portet.libelle, toulouse.libelle]);
    const portetItem = portetLink.closest('li');
    if (!portetItem) throw new Error('each place is an item');
    expect(within(portetItem).getAllByRole('switch')).toHaveLength(2);
    expect(within(portetItem).getByText('Montée de plus de 10 cm/h')).toBeInTheDocument();
    expect(within(portetItem).queryByText('Vigilance crues du tronçon')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Gérer les alertes de ${portet.libelle}` })).toHaveTextContent(
      'Ajouter ou modifier',
    );
  });

  it('reads the list again once an alert is deleted', async () => {
    answerRegles(reglesReply(regles), reglesReply(regles.slice(1)));
    server.use(
      csrf,
      http.delete('/api/user/alertes/regles/21', () =>
        HttpResponse.json({ status: 200 } satisfies StatusResponse),
      ),
    );
    const { user } = await renderSection();
    const first = await screen.findByText('Hauteur au-dessus de 3,00 m');
    const item = first.closest('li');
    if (!item) throw new Error('each alert is an item');
    await user.click(within(item).getByRole('button', { name: /^Supprimer/ }));
    await waitFor(() => expect(screen.queryByText('Hauteur au-dessus de 3,00 m')).not.toBeInTheDocument());
    expect(screen.getAllByRole('switch')).toHaveLength(regles.length - 1);
    expect(screen.getByText('Montée de plus de 10 cm/h')).toBeInTheDocument();
  });

  it('opens the place’s « M’alerter » dialog', async () => {
    answerRegles(reglesReply(regles));
    const lieuAlertes = {
      lieu: { id: toulouse.id, nom: toulouse.libelle },
      abonne: true,
      abonnement_actif: true,
      regles: regles.filter((r) => r.lieu.id === toulouse.id),
      grandeurs: [],
      vigilance_possible: true,
      prevision_possible: false,
      prevision_raison: null,
      suggestions: [],
    } satisfies LieuAlertes;
    server.use(http.get(`/api/user/alertes/lieu/${toulouse.id}`, () => HttpResponse.json(lieuAlertes)));
    const { user } = await renderSection();
    await user.click(await screen.findByRole('button', { name: `Gérer les alertes de ${toulouse.libelle}` }));
    const dialog = await screen.findByRole('dialog', { name: `M’alerter — ${toulouse.libelle}` });
    expect(await within(dialog).findByText('Vigilance crues du tronçon')).toBeInTheDocument();
  });

  it('says there is no alert yet and where to add one', async () => {
    answerRegles(reglesReply([]));
    await renderSection();
    expect(await screen.findByText('Aucune alerte')).toBeInTheDocument();
    expect(screen.getByText(/Ouvrez la page d’un lieu et choisissez « M’alerter »/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('says when the alerts could not be read, and reads them again on « Réessayer »', async () => {
    answerRegles(
      () => errorReply(503, { code: 'internal', message: 'Service indisponible.' }),
      reglesReply(regles),
    );
    const { user } = await renderSection();
    expect(await screen.findByRole('alert')).toHaveTextContent('Vos alertes n’ont pas pu être chargées.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('link', { name: portet.libelle })).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    answerRegles(reglesReply(regles));
    await renderSection('en');
    expect(screen.getByRole('heading', { name: 'My alerts' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: `Manage the alerts of ${portet.libelle}` }),
    ).toHaveTextContent('Add or change');
  });
});
