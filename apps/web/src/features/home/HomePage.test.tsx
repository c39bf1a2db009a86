import { VerdictLieu } from '@limni/shared/contracts/activites';
import { HealthResponse } from '@limni/shared/contracts/health';
import {
  EntiteDetail,
  EntiteLieux,
  IndexResponse,
  VigilanceResume,
  WebcamsResponse,
} from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import garonneLieuxJson from '../../../test/fixtures/favoris-garonne-lieux.json';
import toulouseJson from '../../../test/fixtures/favoris-toulouse-canoe.json';
import biscarrosseJson from '../../../test/fixtures/home-biscarrosse.json';
import healthJson from '../../../test/fixtures/home-health.json';
import indexJson from '../../../test/fixtures/home-index.json';
import vigilanceJson from '../../../test/fixtures/home-vigilance.json';
import webcamsJson from '../../../test/fixtures/home-webcams.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { useFavoris, type Favori } from '../../stores/favoris';
import HomePage from './HomePage';

const index = fixture(indexJson, IndexResponse);
const vigilance = fixture(vigilanceJson, VigilanceResume);
const health = fixture(healthJson, HealthResponse);
const webcams = fixture(webcamsJson, WebcamsResponse);
const biscarrosse = fixture(biscarrosseJson, EntiteDetail);
const toulouse = fixture(toulouseJson, VerdictLieu);
const garonneLieux = fixture(garonneLieuxJson, EntiteLieux);

/** The answers of the lower sections (situation, other screens), asked as soon as the page shows. */
const answerSections = (indexBody = index.body) =>
  server.use(
    http.get(index.path, () => HttpResponse.json(indexBody)),
    ...[vigilance, health, webcams].map((f) => http.get(f.path, () => HttpResponse.json(f.body))),
  );

/** The browser's geolocation, answering with `outcome` when the page asks. */
const geolocation = (outcome: { lat: number; lon: number } | { code: 1 | 2 }) => {
  const getCurrentPosition = (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
    if ('code' in outcome) {
      fail?.({ code: outcome.code, message: '', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 });
    } else {
      const coords = { latitude: outcome.lat, longitude: outcome.lon, accuracy: 50 };
      ok({ coords, timestamp: 0 } as unknown as GeolocationPosition);
    }
  };
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
};

const keep = (lieux: Favori[]) => {
  localStorage.setItem('favoris', JSON.stringify({ lieux }));
  useFavoris.setState({ lieux });
};

const open = (langue: 'fr' | 'en' = 'fr') => renderScreen(<HomePage />, { route: '/', path: '/', langue });

/** Waits for the lower sections so that their answers arrive within the test. */
const sectionsShown = () => screen.findByText(/autres tronçons surveillés sont en vert|other monitored/);

beforeEach(() => useFavoris.setState({ lieux: [] }));
afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

describe('HomePage: first screen', () => {
  it('says what Limni does and offers the search, the map and the activities', async () => {
    answerSections();
    await open();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Le niveau des lacs et rivières, en un coup d’œil' }),
    ).toBeInTheDocument();
    const search = screen.getByRole('search');
    expect(
      within(search).getByRole('combobox', { name: 'Rechercher un lac, une rivière ou un lieu' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir sur la carte' })).toHaveAttribute(
      'href',
      '/choisir/carte',
    );
    expect(screen.getByRole('link', { name: 'Voir les activités' })).toHaveAttribute('href', '/activites');
    expect(await screen.findByRole('heading', { level: 2, name: 'Situation nationale' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Vos favoris' })).not.toBeInTheDocument();
    await sectionsShown();
  });

  it('speaks English to an English reader', async () => {
    answerSections();
    await open('en');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Lake and river levels at a glance' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Locate me' })).toBeEnabled();
    await screen.findByRole('heading', { level: 2, name: 'National situation' });
    await screen.findByText(/Flood vigilance/);
  });
});

describe('HomePage: near you', () => {
  it('says the position cannot be found in a browser without geolocation', async () => {
    answerSections();
    const { user } = await open();
    expect(screen.getByText(/Votre position reste dans votre navigateur/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Me localiser' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Votre position n’a pas pu être déterminée. Cherchez un lieu par son nom ou choisissez-le sur la carte.',
    );
    await sectionsShown();
  });

  it('says so when the person refuses the location', async () => {
    answerSections();
    geolocation({ code: 1 });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Me localiser' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^La localisation est refusée\./);
    await sectionsShown();
  });

  it('lists the nearest places once located', async () => {
    answerSections(index.body.filter((e) => e.id === biscarrosse.body.id));
    server.use(http.get(biscarrosse.path, () => HttpResponse.json(biscarrosse.body)));
    const [etang] = biscarrosse.body.lieux;
    geolocation({ lat: etang?.lat_gps ?? 0, lon: etang?.lon_gps ?? 0 });
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Me localiser' }));
    const list = await screen.findByRole('list', { name: 'Les lieux de mesure les plus proches' });
    expect(within(list).getByRole('link', { name: new RegExp(`^${etang?.libelle ?? '?'}`) })).toHaveAttribute(
      'href',
      `/lieu/${etang?.id ?? 0}/a-1`,
    );
    expect(screen.queryByRole('button', { name: 'Me localiser' })).not.toBeInTheDocument();
    await sectionsShown();
  });
});

describe('HomePage: favourites', () => {
  it('shows the first three favourites kept on this device and leads to all of them', async () => {
    answerSections();
    server.use(
      http.get(toulouse.path, () => HttpResponse.json(toulouse.body)),
      http.get(garonneLieux.path, () => HttpResponse.json(garonneLieux.body)),
      http.get('/api/activites/:type/:lieu', () =>
        errorReply(404, { code: 'not_found', message: 'Aucun lieu ne porte cet identifiant.' }),
      ),
    );
    keep([
      { id: 1, ida: 3 },
      { id: 401, ida: 1 },
      { id: 402, ida: 1 },
      { id: 403, ida: 1 },
    ]);
    await open();
    const section = screen.getByRole('region', { name: 'Vos favoris' });
    expect(within(section).getByRole('link', { name: 'Tous vos favoris (4)' })).toHaveAttribute(
      'href',
      '/favoris',
    );
    expect(
      await within(section).findByRole('heading', { level: 3, name: toulouse.body.lieu.libelle }),
    ).toBeInTheDocument();
    expect(
      await within(section).findByRole('heading', { level: 3, name: 'Lieu n° 402' }),
    ).toBeInTheDocument();
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(within(section).queryByText('Lieu n° 403')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /^Retirer/ })).not.toBeInTheDocument();
    await sectionsShown();
  });
});
