import { RechercheTerms } from '@limni/shared/contracts/hydro';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import termsJson from '../../../test/fixtures/recherche-terms.json';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import NotFoundPage from './NotFoundPage';

const terms = fixture(termsJson, RechercheTerms);
const open = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<NotFoundPage />, { route: '/une/adresse/inconnue', path: '/une/adresse/inconnue', langue });

describe('NotFoundPage', () => {
  it('says the page does not exist and leads home or to the map', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByText(/^Cette adresse ne correspond à aucune page de Limni\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Retour à l’accueil' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Choisir sur la carte' })).toHaveAttribute(
      'href',
      '/choisir/carte',
    );
  });

  it('offers a search that leads to the place found', async () => {
    server.use(http.get(terms.path, () => HttpResponse.json(terms.body)));
    const { user } = await open();
    const label = 'Cherchez plutôt un lac, une rivière ou un lieu';
    const field = within(screen.getByRole('search')).getByRole('combobox', { name: label });
    await user.click(field);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: label })).not.toHaveAttribute('data-search-relais'),
    );
    await user.type(screen.getByRole('combobox', { name: label }), 'Saverdun');
    expect(await screen.findByRole('option', { name: /^Saverdun/ })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Une autre page')).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    await open('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Search/ })).toBeInTheDocument();
  });
});
