import { HealthResponse } from '@limni/shared/contracts/health';
import {
  BassinsResponse,
  IndexResponse,
  VigilanceResume,
  type IndexItem,
} from '@limni/shared/contracts/hydro';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import bassinsJson from '../../../test/fixtures/bassins-bassins.json';
import healthJson from '../../../test/fixtures/bassins-health.json';
import indexJson from '../../../test/fixtures/bassins-index.json';
import vigilanceJson from '../../../test/fixtures/bassins-vigilance.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import BassinsPage from './BassinsPage';

const bassins = fixture(bassinsJson, BassinsResponse);
const index = fixture(indexJson, IndexResponse);
const vigilance = fixture(vigilanceJson, VigilanceResume);
const health = fixture(healthJson, HealthResponse);

const answer = ({
  indexBody = index.body,
  vigilanceBody = vigilance.body,
}: { indexBody?: IndexItem[]; vigilanceBody?: VigilanceResume } = {}) =>
  server.use(
    http.get(bassins.path, () => HttpResponse.json(bassins.body)),
    http.get(index.path, () => HttpResponse.json(indexBody)),
    http.get(vigilance.path, () => HttpResponse.json(vigilanceBody)),
    http.get(health.path, () => HttpResponse.json(health.body)),
  );

const open = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<BassinsPage />, { route: '/bassins', path: '/bassins', langue });

/** The card of a basin, found by its heading. */
const card = async (nom: string) => {
  const heading = await screen.findByRole('heading', { level: 2, name: nom });
  return within(heading.closest('li') ?? document.body);
};

const adourGaronne = bassins.body.find((b) => b.slug === 'adour-garonne');
const deAdourGaronne = index.body.filter((e) => e.bassin === 'adour-garonne');

describe('BassinsPage', () => {
  it('counts the basins and the lakes and rivers they follow', async () => {
    answer();
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Bassins' })).toBeInTheDocument();
    const avec = bassins.body.filter((b) => b.nb_entites > 0);
    const total = avec.reduce((s, b) => s + b.nb_entites, 0);
    expect(
      await screen.findByText(
        `${avec.length} bassins, ${new Intl.NumberFormat('fr-FR').format(total)} lacs et rivières suivis.`,
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(avec.length);
  });

  it('gives each basin its rivers, lakes and places, and leads to the map filtered on it', async () => {
    answer();
    await open();
    const adour = await card(adourGaronne?.nom ?? '?');
    const rivieres = deAdourGaronne.filter((e) => e.type === 'R').length;
    const lacs = deAdourGaronne.filter((e) => e.type === 'L').length;
    const lieux = deAdourGaronne.reduce((s, e) => s + e.nb_lieux, 0);
    const observes = deAdourGaronne.reduce((s, e) => s + e.nb_lieux_mesures, 0);
    expect(adour.getByText('Métropole')).toBeInTheDocument();
    expect(await adour.findByText(`${rivieres} rivières · ${lacs} lacs`)).toBeInTheDocument();
    expect(adour.getByText(`${lieux} lieux suivis, dont ${observes} avec des mesures`)).toBeInTheDocument();
    expect(
      adour.getByRole('img', {
        name: 'Emprise du bassin Adour-Garonne sur la carte de France métropolitaine',
      }),
    ).toBeInTheDocument();
    expect(
      adour.getByRole('link', { name: 'Voir sur la carte les lacs et rivières du bassin Adour-Garonne' }),
    ).toHaveAttribute('href', '/choisir/carte?bassin=adour-garonne');
  });

  it('names an overseas basin’s territory instead of a map of mainland France', async () => {
    answer();
    await open();
    const guyane = await card('Guyane');
    expect(guyane.queryByRole('img')).not.toBeInTheDocument();
    expect(guyane.getAllByText('Outre-mer')).toHaveLength(2);
    expect(await guyane.findByText(/^1 rivière$/)).toBeInTheDocument();
  });

  it('lists apart the basins where nothing is followed yet', async () => {
    answer();
    await open();
    const sans = bassins.body.filter((b) => b.nb_entites === 0).map((b) => b.nom);
    expect(
      await screen.findByText(
        `Aucun lac ni aucune rivière n’est encore suivi dans ces bassins : ${sans.join(', ')}.`,
      ),
    ).toBeInTheDocument();
    for (const nom of sans) expect(screen.queryByRole('heading', { name: nom })).not.toBeInTheDocument();
  });
});

describe('BassinsPage: vigilance', () => {
  const enJaune = index.body.map((e) => (deAdourGaronne[0]?.id === e.id ? { ...e, vigilance: 2 } : e));

  it('counts the lakes and rivers under vigilance with a current bulletin', async () => {
    answer({ indexBody: enJaune, vigilanceBody: { ...vigilance.body, date: health.body.donnees.fin } });
    await open();
    const adour = await card(adourGaronne?.nom ?? '?');
    expect(await adour.findByText('1 en vigilance jaune ou plus')).toBeInTheDocument();
  });

  it('counts none from an old bulletin', async () => {
    answer({ indexBody: enJaune });
    const { client } = await open();
    const adour = await card(adourGaronne?.nom ?? '?');
    await adour.findByText(/lieux suivis/);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(vigilance.body.date).toBeLessThan((health.body.donnees.fin ?? 0) - 86_400_000);
    expect(adour.queryByText(/en vigilance jaune ou plus/)).not.toBeInTheDocument();
  });
});

describe('BassinsPage: errors and English', () => {
  it('offers to try again when the basins cannot be loaded', async () => {
    let fail = true;
    answer();
    server.use(
      http.get(bassins.path, () =>
        fail ? errorReply(500, { code: 'internal', message: 'Erreur' }) : HttpResponse.json(bassins.body),
      ),
    );
    const { user } = await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger ces données.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Adour-Garonne' })).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    answer();
    await open('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Basins' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Swiss lakes (FOEN)' })).toBeInTheDocument();
    const adour = await card('Adour-Garonne');
    expect(adour.getByText('Mainland France')).toBeInTheDocument();
    expect(await adour.findByText(/places followed, \d+ with readings$/)).toBeInTheDocument();
  });
});
