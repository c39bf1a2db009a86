import { PhotosNiveau } from '@limni/shared/contracts/publications';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../../test/fixtures';
import photosNiveauJson from '../../../../../test/fixtures/lieu-toulouse-photos-niveau.json';
import { renderScreen } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import { NiveauPhotos } from './NiveauPhotos';

const recorded = fixture(photosNiveauJson, PhotosNiveau);
const answer = (body: PhotosNiveau) => server.use(http.get(recorded.path, () => HttpResponse.json(body)));
const fr = (n: number, digits: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

describe('« À quoi ressemble ce niveau »', () => {
  it('says no photo was taken near the reading yet, with the tolerance', async () => {
    answer(recorded.body);
    await renderScreen(<NiveauPhotos lieuId={recorded.body.lieu_id} titleId="photos-niveau" />);
    const section = screen.getByRole('region', { name: 'À quoi ressemble ce niveau' });
    expect(
      await within(section).findByText(
        new RegExp(
          `^Aucune photo de la communauté .* \\(à ${fr(recorded.body.tolerance ?? NaN, 2)}\\s?m près\\)`,
        ),
      ),
    ).toBeVisible();
  });

  it('shows each photo with the reading it was taken at, its date and author', async () => {
    const ts = Date.parse('2022-01-31T22:30:00Z');
    const photo = {
      publication_id: 7,
      url: '/uploads/publications/crue.webp',
      texte: 'Le Pont-Neuf ce soir',
      auteur: 'alice',
      created_at: ts + 600_000,
      valeur: 0.71,
      ts,
    };
    answer({ ...recorded.body, photos: [photo] });
    await renderScreen(<NiveauPhotos lieuId={recorded.body.lieu_id} titleId="photos-niveau" />);
    const img = await screen.findByRole('img', { name: photo.texte });
    expect(img).toHaveAttribute('src', photo.url);
    const caption = img.closest('figure')?.querySelector('figcaption');
    expect(caption).toHaveTextContent(
      new RegExp(`^${fr(photo.valeur, 2)}\\s?m le 31/01/2022 à 23h30, par alice$`),
    );
    expect(screen.getByText(/^Photos de la communauté prises quand la mesure était proche de/)).toBeVisible();
  });

  it('says there is no recent reading to compare with, in English too', async () => {
    answer({ lieu_id: recorded.body.lieu_id, releve: null, tolerance: null, photos: [] });
    await renderScreen(<NiveauPhotos lieuId={recorded.body.lieu_id} titleId="photos-niveau" />, {
      langue: 'en',
    });
    expect(
      await screen.findByText('No recent reading at this place: no level to compare photos with.'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'What this level looks like' })).toBeInTheDocument();
  });
});
