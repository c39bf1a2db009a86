import { ActivitesResponse } from '@limni/shared/contracts/activites';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import activitesJson from '../../../test/fixtures/activites-all.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import ActivitesPage from './ActivitesPage';

const activites = fixture(activitesJson, ActivitesResponse);
const show = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<ActivitesPage />, { route: '/activites', path: '/activites', langue });

/** « Suivie à 51 lieux sur 32 lacs et rivières », « … à 1 lieu sur 1 lac ou rivière ». */
const suivie = (lieux: number, entites: number) =>
  `Suivie à ${lieux} ${lieux > 1 ? 'lieux' : 'lieu'} sur ${entites} ${entites > 1 ? 'lacs et rivières' : 'lac ou rivière'}`;

describe('ActivitesPage', () => {
  it('shows each activity with what it is, where it is followed and a link to its verdicts', async () => {
    server.use(http.get(activites.path, () => HttpResponse.json(activites.body)));
    await show();
    expect(screen.getByRole('heading', { level: 1, name: 'Activités' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(activites.body.length);
    for (const [i, a] of activites.body.entries()) {
      const card = within(cards[i] ?? document.body);
      expect(card.getByRole('heading', { level: 2 })).toHaveTextContent(a.nom);
      expect(card.getByText(a.description)).toBeInTheDocument();
      expect(card.getByText(suivie(a.nb_lieux, a.nb_entites))).toBeInTheDocument();
      expect(card.getByRole('link', { name: `Voir les avis pour ${a.nom}` })).toHaveAttribute(
        'href',
        `/activite/${a.id}`,
      );
    }
  });

  it('says when no activity is defined', async () => {
    server.use(http.get(activites.path, () => HttpResponse.json([])));
    await show();
    expect(await screen.findByText('Aucune activité n’est définie.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when the activities cannot be loaded, and asks again on demand', async () => {
    server.use(
      http.get(activites.path, () => errorReply(500, { code: 'internal', message: 'Erreur interne' }), {
        once: true,
      }),
      http.get(activites.path, () => HttpResponse.json(activites.body)),
    );
    const { user } = await show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger ces données.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findAllByRole('link', { name: /^Voir les avis pour/ })).toHaveLength(
      activites.body.length,
    );
  });

  it('speaks English to an English reader', async () => {
    server.use(http.get(activites.path, () => HttpResponse.json(activites.body)));
    await show('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Activities' })).toBeInTheDocument();
    const peche = activites.body.find((a) => a.slug === 'peche');
    const fishing = (await screen.findByRole('heading', { level: 2, name: 'Fishing' })).closest('li');
    expect(
      within(fishing ?? document.body).getByText(
        `Followed at ${peche?.nb_lieux} places on ${peche?.nb_entites} lakes and rivers`,
      ),
    ).toBeInTheDocument();
  });
});
