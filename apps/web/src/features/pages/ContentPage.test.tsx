import { Page } from '@limni/shared/contracts/pages';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import avantagesJson from '../../../test/fixtures/pages-avantages-compte.json';
import creditsJson from '../../../test/fixtures/pages-credits.json';
import previsionsJson from '../../../test/fixtures/pages-infos-previsions.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { useAccount } from '../../stores/account';
import ContentPage from './ContentPage';

const credits = fixture(creditsJson, Page);
const previsions = fixture(previsionsJson, Page);
const avantages = fixture(avantagesJson, Page);

/** Answers a content page and keeps the language each request asked for. */
const answer = (page: { path: string; body: Page }) => {
  const langues: (string | null)[] = [];
  server.use(
    http.get(page.path, ({ request }) => {
      langues.push(request.headers.get('accept-language'));
      return HttpResponse.json(page.body);
    }),
  );
  return langues;
};

const open = (route: string, langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<ContentPage />, { route, path: route, langue });

const jour = (ms: number, locale = 'fr-FR') =>
  new Date(ms)
    .toLocaleDateString(locale, { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(/^1 /, '1er ');

afterEach(() => useAccount.setState({ user: null }));

describe('ContentPage: a text from the API', () => {
  it('shows the credits with their date and their tables readable on a phone', async () => {
    const langues = answer(credits);
    await open('/credits');
    expect(await screen.findByRole('heading', { level: 1, name: credits.body.titre })).toBeInTheDocument();
    expect(screen.getByText(`Mis à jour le ${jour(credits.body.updated_at)}`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Données' })).toBeInTheDocument();
    const tableau = screen.getByRole('region', {
      name: 'Tableau (faites défiler horizontalement si besoin)',
    });
    expect(within(tableau).getByRole('columnheader', { name: 'Source' })).toBeInTheDocument();
    expect(within(tableau).getByRole('link', { name: /Hub'Eau — API Hydrométrie/ })).toHaveAttribute(
      'href',
      'https://hubeau.eaufrance.fr/page/api-hydrometrie',
    );
    expect(screen.queryByText(/n’existe qu’en français/)).not.toBeInTheDocument();
    expect(langues).toEqual(['fr']);
  });

  it('follows a link of the text to another page of Limni without leaving the app', async () => {
    answer(credits);
    const { user } = await open('/credits');
    await user.click(await screen.findByRole('link', { name: 'Écrivez-nous' }));
    expect(screen.getByText('Une autre page')).toBeInTheDocument();
  });

  it('ends the forecasts page with a way to write to the team', async () => {
    answer(previsions);
    await open('/infos-previsions');
    expect(await screen.findByRole('heading', { level: 1, name: previsions.body.titre })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Une question\s\? Écrivez-nous$/ })).toHaveAttribute(
      'href',
      '/contact',
    );
  });
});

describe('ContentPage: the account’s advantages', () => {
  it('invites a visitor to create an account or to sign in', async () => {
    answer(avantages);
    await open('/avantages-compte');
    expect(await screen.findByRole('heading', { level: 1, name: avantages.body.titre })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Créer un compte' })).toHaveAttribute('href', '/user/register');
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/user/login');
    expect(screen.queryByRole('link', { name: 'Voir mon profil' })).not.toBeInTheDocument();
  });

  it('leads a signed-in person to their profile instead', async () => {
    answer(avantages);
    useAccount.setState({ user: { id: 7, username: 'marie' } });
    await open('/avantages-compte');
    expect(await screen.findByRole('link', { name: 'Voir mon profil' })).toHaveAttribute(
      'href',
      '/user/profil',
    );
    expect(screen.queryByRole('link', { name: 'Créer un compte' })).not.toBeInTheDocument();
  });
});

describe('ContentPage: when the text cannot be shown', () => {
  it('says a missing page is not available, and can ask again', async () => {
    let missing = true;
    server.use(
      http.get('/api/cgu', () =>
        missing
          ? errorReply(404, { code: 'not_found', message: 'Page inconnue' })
          : HttpResponse.json({ ...credits.body, slug: 'cgu', titre: 'Conditions générales d’utilisation' }),
      ),
    );
    const { user } = await open('/legal/terms/update');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cette page n’est pas disponible pour le moment.',
    );
    missing = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' }),
    ).toBeInTheDocument();
  });

  it('says the data could not be loaded when the server fails', async () => {
    server.use(http.get(credits.path, () => HttpResponse.error()));
    await open('/credits');
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger ces données.');
  });
});

describe('ContentPage in English', () => {
  it('asks for the English text, and says when only the French one exists', async () => {
    const langues = answer(credits);
    await open('/credits', 'en');
    const titre = await screen.findByRole('heading', { level: 1, name: credits.body.titre });
    expect(titre.closest('article')).toHaveAttribute('lang', 'fr');
    expect(screen.getByText(/^Updated on/)).toHaveTextContent(
      new RegExp(
        `^Updated on ${jour(credits.body.updated_at, 'en-US')}\\s*· This text is only available in French\\.$`,
      ),
    );
    expect(langues).toEqual(['en']);
  });
});
