import { HealthResponse } from '@limni/shared/contracts/health';
import { IndexResponse, VigilanceResume, WebcamsResponse, type Webcam } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import healthJson from '../../../../test/fixtures/home-health.json';
import indexJson from '../../../../test/fixtures/home-index.json';
import vigilanceJson from '../../../../test/fixtures/home-vigilance.json';
import webcamsJson from '../../../../test/fixtures/home-webcams.json';
import { errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import HomeSections from './HomeSections';

const index = fixture(indexJson, IndexResponse);
const vigilance = fixture(vigilanceJson, VigilanceResume);
const health = fixture(healthJson, HealthResponse);
const webcams = fixture(webcamsJson, WebcamsResponse);

const nombre = (n: number) => new Intl.NumberFormat('fr-FR').format(n);
const jour = (ms: number) =>
  new Date(ms)
    .toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(/^1 /, '1er ');

const answer = ({
  vigilanceBody = vigilance.body,
  webcamsBody = webcams.body,
}: { vigilanceBody?: VigilanceResume; webcamsBody?: Webcam[] } = {}) =>
  server.use(
    http.get(index.path, () => HttpResponse.json(index.body)),
    http.get(health.path, () => HttpResponse.json(health.body)),
    http.get(vigilance.path, () => HttpResponse.json(vigilanceBody)),
    http.get(webcams.path, () => HttpResponse.json(webcamsBody)),
  );

/** `text` as a literal piece of a regular expression. */
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const date = vigilance.body.date ?? 0;
const enVigilance = vigilance.body.troncons.filter((t) => t.niveau >= 2);

describe('HomeSections: the national situation', () => {
  it('counts the places with readings and the lakes and rivers followed', async () => {
    answer();
    await renderScreen(<HomeSections />);
    expect(screen.getByRole('heading', { level: 2, name: 'Situation nationale' })).toBeInTheDocument();
    const lieux = index.body.reduce((s, e) => s + e.nb_lieux, 0);
    const observes = index.body.reduce((s, e) => s + e.nb_lieux_mesures, 0);
    const entitesObservees = index.body.filter((e) => e.nb_lieux_mesures > 0).length;
    expect(
      await screen.findByText(
        `${nombre(observes)} lieux avec des mesures sur ${nombre(lieux)}, sur ${nombre(entitesObservees)} des ${nombre(index.body.length)} lacs et rivières.`,
      ),
    ).toBeInTheDocument();
  });

  it('gives an old bulletin’s counts as those of its day, not of today', async () => {
    answer();
    await renderScreen(<HomeSections />);
    expect(
      await screen.findByRole('heading', {
        level: 3,
        name: `Vigilance crues — dernier bulletin connu, du ${jour(date)}`,
      }),
    ).toBeInTheDocument();
    const { vert } = vigilance.body.niveaux;
    for (const couleur of ['rouge', 'orange', 'jaune'] as const) {
      const n = vigilance.body.niveaux[couleur];
      expect(screen.getByText(new RegExp(`en vigilance ${couleur}$`)).closest('li')).toHaveTextContent(
        new RegExp(`^${n}\\s*tronçons? en vigilance ${couleur}$`),
      );
    }
    expect(
      screen.getByText(
        `Ces nombres sont ceux du dernier bulletin Vigicrues connu, publié le ${jour(date)} : il a plus de 24 h et ne décrit pas la situation actuelle. ${nombre(vert)} autres tronçons surveillés sont en vert.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`Voir les ${enVigilance.length} tronçons en vigilance au bulletin du ${jour(date)}`),
    ).toBeInTheDocument();
  });

  it('sends a stretch Limni has no place on to Vigicrues', async () => {
    answer();
    await renderScreen(<HomeSections />);
    const [premier] = enVigilance;
    const lien = await screen.findByRole('link', { name: new RegExp(`^${esc(premier?.nom ?? '?')}`) });
    expect(lien).toHaveAttribute('href', 'https://www.vigicrues.gouv.fr/');
    expect(lien).toHaveTextContent(`(${premier?.code ?? '?'}, sur vigicrues.gouv.fr)`);
    expect(lien).toHaveAccessibleName(/\(Vigilance jaune\)$/);
  });

  it('links a stretch with places in Limni to its page, with a current bulletin’s words', async () => {
    const [premier, ...autres] = enVigilance;
    if (!premier) throw new Error('The recorded vigilance has no stretch in vigilance');
    const now = health.body.donnees.fin ?? 0;
    const suivi = { ...premier, nb_lieux: 3, entite_id: 1 };
    answer({ vigilanceBody: { ...vigilance.body, date: now, troncons: [suivi, ...autres] } });
    await renderScreen(<HomeSections />);
    const lien = await screen.findByRole('link', { name: new RegExp(`^${esc(suivi.nom)}`) });
    expect(lien).toHaveAttribute('href', `/entite-troncon/${suivi.id}/carte/activite/1`);
    expect(lien).toHaveTextContent('3 lieux dans Limni');
    expect(
      await screen.findByText(`Voir les ${enVigilance.length} tronçons en vigilance`),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        new RegExp(`^Niveaux publiés par Vigicrues le ${jour(now)} \\(dernier bulletin enregistré\\)\\.`),
      ),
    ).toBeInTheDocument();
  });

  it('offers to try again when the vigilance cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(index.path, () => HttpResponse.json(index.body)),
      http.get(health.path, () => HttpResponse.json(health.body)),
      http.get(webcams.path, () => HttpResponse.json(webcams.body)),
      http.get(vigilance.path, () =>
        fail
          ? errorReply(503, { code: 'upstream_unavailable', message: 'Indisponible' })
          : HttpResponse.json(vigilance.body),
      ),
    );
    const { user } = await renderScreen(<HomeSections />);
    expect(await screen.findByText(/Impossible de charger ces données\./)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(
      await screen.findByText(new RegExp(`${nombre(vigilance.body.niveaux.vert)} autres tronçons`)),
    ).toBeInTheDocument();
  });
});

describe('HomeSections: the other screens', () => {
  const decouvrir = () =>
    within(screen.getByRole('heading', { name: 'Découvrir' }).parentElement ?? document.body);

  it('leads to the activities, the basins and the forecasts, not to an empty webcam list', async () => {
    answer();
    await renderScreen(<HomeSections />);
    await screen.findByText(/autres tronçons surveillés/);
    expect(decouvrir().getByRole('link', { name: /^Activités/ })).toHaveAttribute('href', '/activites');
    expect(decouvrir().getByRole('link', { name: /^Bassins/ })).toHaveAttribute('href', '/bassins');
    expect(decouvrir().getByRole('link', { name: /^Comprendre les prévisions/ })).toHaveAttribute(
      'href',
      '/infos-previsions',
    );
    expect(webcams.body).toEqual([]);
    expect(decouvrir().queryByRole('link', { name: /^Webcams/ })).not.toBeInTheDocument();
  });

  it('leads to the webcams once there is one', async () => {
    const [entite] = index.body;
    const webcam: Webcam = {
      id: 1,
      nom: 'Pont-Neuf',
      url: 'https://example.org/webcam.jpg',
      legende: null,
      credit: null,
      lieu: { id: 1, nom: 'Toulouse', libelle: 'La Garonne à Toulouse' },
      entite: { id: entite?.id ?? 1, nom: entite?.nom ?? 'La Garonne', type: 'R' },
    };
    answer({ webcamsBody: [webcam] });
    await renderScreen(<HomeSections />);
    expect(await decouvrir().findByRole('link', { name: /^Webcams/ })).toHaveAttribute('href', '/webcams');
  });

  it('speaks English to an English reader', async () => {
    answer();
    await renderScreen(<HomeSections />, { langue: 'en' });
    expect(screen.getByRole('heading', { level: 2, name: 'National situation' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: /^Flood vigilance/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Discover' })).toBeInTheDocument();
  });
});
