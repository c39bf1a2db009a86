import { VerdictLieu } from '@limni/shared/contracts/activites';
import { HealthResponse } from '@limni/shared/contracts/health';
import { EntiteLieux } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import ariegeJson from '../../../test/fixtures/favoris-ariege-lieux.json';
import foixJson from '../../../test/fixtures/favoris-foix-peche.json';
import garonneJson from '../../../test/fixtures/favoris-garonne-lieux.json';
import healthJson from '../../../test/fixtures/favoris-health.json';
import toulouseJson from '../../../test/fixtures/favoris-toulouse-canoe.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { Notifications } from '../../components/ui/Notifications';
import { useFavoris, type Favori } from '../../stores/favoris';
import { useNotifications } from '../../stores/notifications';
import FavorisPage from './FavorisPage';

const toulouse = fixture(toulouseJson, VerdictLieu);
const garonne = fixture(garonneJson, EntiteLieux);
const foix = fixture(foixJson, VerdictLieu);
const ariege = fixture(ariegeJson, EntiteLieux);
const health = fixture(healthJson, HealthResponse);

/**
 * The favourites a visitor kept on this device (localStorage `favoris`), as the app reads them when it starts
 * (the store reads the storage once, when it is created).
 */
const keep = (lieux: Favori[]) => {
  localStorage.setItem('favoris', JSON.stringify({ lieux }));
  useFavoris.setState({ lieux });
};

const stored = () => JSON.parse(localStorage.getItem('favoris') ?? 'null') as unknown;

const answerAll = () =>
  server.use(
    ...[toulouse, garonne, foix, ariege, health].map((f) =>
      http.get(f.path, () => HttpResponse.json(f.body)),
    ),
  );

const open = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(
    <>
      <FavorisPage />
      <Notifications />
    </>,
    { route: '/favoris', path: '/favoris', langue },
  );

beforeEach(() => {
  useFavoris.setState({ lieux: [] });
  useNotifications.setState({ items: [] });
});

describe('FavorisPage', () => {
  it('explains the star when there is no favourite, and asks for nothing', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Mes favoris' })).toBeInTheDocument();
    expect(screen.getByText('Vous n’avez pas encore de favori')).toBeInTheDocument();
    expect(screen.getByText(/touchez l’étoile « Ajouter aux favoris »/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir un lac ou une rivière' })).toHaveAttribute(
      'href',
      '/choisir/carte',
    );
  });

  it('shows each favourite kept on this device with its place and activity', async () => {
    answerAll();
    keep([
      { id: 1, ida: 3 },
      { id: 13, ida: 2 },
    ]);
    await open();
    expect(screen.getByText('2 lieux favoris')).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(
      await within(cards[0] as HTMLElement).findByRole('link', { name: toulouse.body.lieu.libelle }),
    ).toHaveAttribute('href', '/lieu/1/a-3');
    expect(
      await within(cards[1] as HTMLElement).findByRole('link', { name: foix.body.lieu.libelle }),
    ).toHaveAttribute('href', '/lieu/13/a-2');
    expect(within(cards[0] as HTMLElement).getByText('Avis pour Canoë-kayak')).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByText('Avis pour Pêche')).toBeInTheDocument();
  });

  it('removes a favourite from the page and from this device, and says so', async () => {
    answerAll();
    keep([
      { id: 1, ida: 3 },
      { id: 13, ida: 2 },
    ]);
    const { user } = await open();
    const nom = toulouse.body.lieu.libelle;
    await user.click(await screen.findByRole('button', { name: `Retirer ${nom} de vos favoris` }));
    expect(screen.getByRole('status')).toHaveTextContent(`${nom} a été retiré de vos favoris.`);
    expect(screen.getByText('1 lieu favori')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: nom })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: foix.body.lieu.libelle })).toBeInTheDocument();
    expect(stored()).toEqual({ lieux: [{ id: 13, ida: 2 }] });
  });

  it('says a favourite place no longer exists, and lets it go', async () => {
    server.use(
      http.get('/api/activites/type-1/lieu-404', () =>
        errorReply(404, { code: 'not_found', message: 'Aucun lieu ne porte l’identifiant 404.' }),
      ),
    );
    keep([{ id: 404, ida: 1 }]);
    const { user } = await open();
    expect(await screen.findByText('Ce lieu n’existe plus dans Limni.')).toBeInTheDocument();
    expect(screen.getByText('1 lieu favori')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retirer Lieu n° 404 de vos favoris' }));
    expect(screen.getByText('Vous n’avez pas encore de favori')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Lieu n° 404 a été retiré de vos favoris.');
    expect(stored()).toEqual({ lieux: [] });
  });

  it('speaks English to an English reader', async () => {
    answerAll();
    keep([{ id: 1, ida: 3 }]);
    const { user } = await open('en');
    expect(screen.getByRole('heading', { level: 1, name: 'My favourites' })).toBeInTheDocument();
    expect(screen.getByText('1 favourite place')).toBeInTheDocument();
    const nom = toulouse.body.lieu.libelle;
    await user.click(await screen.findByRole('button', { name: `Remove ${nom} from your favourites` }));
    expect(screen.getByRole('status')).toHaveTextContent(`${nom} was removed from your favourites.`);
    expect(screen.getByText('You have no favourite yet')).toBeInTheDocument();
  });
});
