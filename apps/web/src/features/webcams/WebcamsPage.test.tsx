import { EntiteDetail, WebcamsResponse, type Webcam } from '@limni/shared/contracts/hydro';
import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import garonneJson from '../../../test/fixtures/home-garonne.json';
import videJson from '../../../test/fixtures/webcams-vide.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import WebcamsPage from './WebcamsPage';

/** The demo has no webcam: its recorded list is empty. */
const vide = fixture(videJson, WebcamsResponse);
const garonne = fixture(garonneJson, EntiteDetail);

/** Two webcams at places of La Garonne as recorded (one dated and credited, one not). */
const [amont, aval] = garonne.body.lieux;
const entite = { id: garonne.body.id, nom: garonne.body.nom, type: garonne.body.type };
const webcams: Webcam[] = [
  {
    id: 1,
    nom: 'Vue du pont',
    url: 'https://webcams.example.org/pont_20220131_1430.jpg',
    legende: 'le 31/01/2022 à 14h30',
    credit: 'Mairie de Fos',
    lieu: { id: amont?.id ?? 0, nom: amont?.nom ?? '', libelle: amont?.libelle ?? '' },
    entite,
  },
  {
    id: 2,
    nom: 'Berge rive gauche',
    url: 'https://webcams.example.org/berge.jpg',
    legende: null,
    credit: null,
    lieu: { id: aval?.id ?? 0, nom: aval?.nom ?? '', libelle: aval?.libelle ?? '' },
    entite,
  },
];

const answer = (body: Webcam[]) => server.use(http.get(vide.path, () => HttpResponse.json(body)));
const open = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<WebcamsPage />, { route: '/webcams', path: '/webcams', langue });

/** The card of a webcam, found by its heading. */
const card = async (nom: string) => {
  const heading = await screen.findByRole('heading', { level: 2, name: nom });
  return within(heading.closest('li') ?? document.body);
};

describe('WebcamsPage', () => {
  it('shows each webcam’s image with its date, its credit and a way to its place', async () => {
    answer(webcams);
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Webcams' })).toBeInTheDocument();
    expect(await screen.findByText('2 webcams')).toBeInTheDocument();
    const pont = await card('Vue du pont');
    expect(
      pont.getByRole('img', { name: `Image de la webcam Vue du pont (${amont?.libelle ?? ''})` }),
    ).toHaveAttribute('src', webcams[0]?.url);
    expect(pont.getByText('le 31/01/2022 à 14h30')).toBeInTheDocument();
    expect(pont.getByText('Image : Mairie de Fos')).toBeInTheDocument();
    expect(pont.getByRole('link', { name: `Voir ${amont?.libelle ?? ''}` })).toHaveAttribute(
      'href',
      `/lieu/${amont?.id ?? 0}/a-1/webcam`,
    );
  });

  it('says when the time of a picture is unknown', async () => {
    answer(webcams);
    await open();
    const berge = await card('Berge rive gauche');
    expect(berge.getByText('Date de la prise de vue inconnue')).toBeInTheDocument();
    expect(berge.queryByText(/^Image :/)).not.toBeInTheDocument();
  });

  it('says so when an image cannot be shown', async () => {
    answer(webcams);
    await open();
    const pont = await card('Vue du pont');
    fireEvent.error(pont.getByRole('img'));
    expect(pont.getByText('Image indisponible pour le moment')).toBeInTheDocument();
    expect(pont.queryByRole('img')).not.toBeInTheDocument();
    expect((await card('Berge rive gauche')).getByRole('img')).toBeInTheDocument();
  });

  it('explains that no place has a webcam yet (the demo’s answer)', async () => {
    answer(vide.body);
    await open();
    expect(await screen.findByText('Aucune webcam pour le moment')).toBeInTheDocument();
    expect(screen.getByText(/^Aucun des lieux suivis par Limni n’a encore de webcam\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir un lac ou une rivière' })).toHaveAttribute(
      'href',
      '/choisir/carte',
    );
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(vide.path, () =>
        fail
          ? errorReply(503, { code: 'upstream_unavailable', message: 'Indisponible' })
          : HttpResponse.json(webcams),
      ),
    );
    const { user } = await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger ces données.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('2 webcams')).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    answer(webcams.slice(0, 1));
    await open('en');
    expect(await screen.findByText('1 webcam')).toBeInTheDocument();
    const pont = await card('Vue du pont');
    expect(
      pont.getByRole('img', { name: `Image from the Vue du pont webcam (${amont?.libelle ?? ''})` }),
    ).toBeInTheDocument();
    expect(pont.getByText('Image: Mairie de Fos')).toBeInTheDocument();
  });
});
