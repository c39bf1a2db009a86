import { HealthResponse } from '@limni/shared/contracts/health';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import healthJson from '../../../test/fixtures/etat-sources-health.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import EtatSourcesPage from './EtatSourcesPage';

/** The demo server's answer: ingestion off, no source followed, no job run. */
const health = fixture(healthJson, HealthResponse);

const show = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<EtatSourcesPage />, { route: '/etat-des-sources', path: '/etat-des-sources', langue });
const answer = (body: HealthResponse) => server.use(http.get(health.path, () => HttpResponse.json(body)));

const jour = (ms: number) =>
  new Date(ms)
    .toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(/^1 /, '1er ');
const dateHeure = (ms: number) => {
  const [d, h] = new Date(ms)
    .toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' })
    .split(' ');
  return `${d} à ${h?.replace(':', 'h')}`;
};
const card = (nom: string) => screen.getByRole('heading', { level: 3, name: nom }).closest('li');

/** The same server live, with Hub'Eau failing, Vigicrues answering with a warning, and one job failing. */
const T = Date.now() - 3_600_000;
const erreur = 'Hub’Eau : le service ne répond pas dans le délai';
const live: HealthResponse = {
  ...health.body,
  status: 'degraded',
  ingestion: {
    mode: 'live',
    raison: null,
    depuis: T - 86_400_000,
    prochainEssai: null,
    jobs: [
      {
        job: 'hubeau-observations',
        lastSuccess: T,
        lastError: erreur,
        lastErrorCode: 'timeout',
        lastErrorAt: T + 600_000,
        consecutiveFailures: 3,
        enEchec: true,
        counts: { requetes: 12, requetes_en_echec: 3 },
      },
    ],
  },
  sources: [
    {
      nom: "Hub'Eau",
      etat: 'en_echec',
      derniereReussite: T,
      derniereErreur: erreur,
      derniereErreurLe: T + 600_000,
      observationsDerniereHeure: 1234,
      capteursAJour: 56,
      stationsEnRetard: 7,
      stationLaPlusAncienne: { code: 'O200001001', lieuId: 1, nom: 'Toulouse [Pont-Neuf]', ts: null },
      avertissements: [],
    },
    {
      nom: 'Vigicrues',
      etat: 'ok',
      derniereReussite: T,
      derniereErreur: null,
      derniereErreurLe: null,
      avertissements: [{ code: 'bulletin_futur', message: 'Un bulletin daté du lendemain a été refusé.' }],
    },
  ],
  problemes: [
    { code: 'ingestion_hubeau-observations', message: 'Ingestion « hubeau-observations » en échec' },
  ],
};

describe('EtatSourcesPage, a demonstration server', () => {
  it('says the service is a demonstration by choice, the period it covers, and that it follows no source', async () => {
    answer(health.body);
    await show();
    expect(screen.getByRole('heading', { level: 1, name: 'État des sources' })).toBeInTheDocument();
    const mode = await screen.findByRole('region', { name: 'Mode du service' });
    expect(mode).toHaveTextContent('Démonstration choisie par l’exploitant (mode hors ligne)');
    expect(mode).toHaveTextContent('Service en bon état');
    const { debut, fin } = health.body.donnees;
    expect(mode).toHaveTextContent(`Mesures enregistrées du ${jour(debut ?? 0)} au ${jour(fin ?? 0)}.`);
    expect(screen.getByRole('region', { name: 'Sources' })).toHaveTextContent(
      /Ce serveur ne suit aucune source\s: il ne les interroge pas en mode hors ligne\./,
    );
    expect(screen.getByRole('region', { name: 'Tâches d’ingestion' })).toHaveTextContent(
      'Aucune tâche d’ingestion n’a tourné sur ce serveur.',
    );
    expect(screen.getByText(/^Dernière lecture de l’état à \d{1,2} h \d{2}\.$/)).toBeInTheDocument();
  });

  it('says when the state cannot be read, and reads it again on demand', async () => {
    server.use(
      http.get(
        health.path,
        () => errorReply(503, { code: 'upstream_unavailable', message: 'Indisponible' }),
        {
          once: true,
        },
      ),
      http.get(health.path, () => HttpResponse.json(health.body)),
    );
    const { user } = await show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger ces données.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('region', { name: 'Mode du service' })).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    answer(health.body);
    await show('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Status of the sources' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Service mode' })).toHaveTextContent(
      'Demonstration chosen by the operator (offline mode)',
    );
  });
});

describe('EtatSourcesPage, a live server with a failing source', () => {
  it('says the service is live but degraded, and why', async () => {
    answer(live);
    await show();
    const mode = await screen.findByRole('region', { name: 'Mode du service' });
    expect(mode).toHaveTextContent('En direct');
    expect(mode).toHaveTextContent('Service dégradé');
    expect(mode).toHaveTextContent(
      `Les mesures arrivent des sources en continu depuis le ${dateHeure(live.ingestion.depuis ?? 0)}`,
    );
    expect(within(mode).getByRole('listitem')).toHaveTextContent(live.problemes[0]?.message ?? '-');
  });

  it('gives each source its state, its last success and error, and Hub’Eau’s figures', async () => {
    answer(live);
    await show();
    await screen.findByRole('region', { name: 'Sources' });
    const hubeau = card("Hub'Eau");
    expect(hubeau).toHaveTextContent('En échec');
    expect(hubeau).toHaveTextContent(`Dernière erreur${erreur}le ${dateHeure(T + 600_000)}`);
    expect(hubeau).toHaveTextContent(/Mesures de la dernière heure1\s234/);
    expect(hubeau).toHaveTextContent('Capteurs à jour56');
    expect(hubeau).toHaveTextContent(/Stations sans mesure depuis 3\sh7/);
    const station = within(hubeau ?? document.body).getByRole('link', {
      name: 'Toulouse (Pont-Neuf) (O200001001)',
    });
    expect(station).toHaveAttribute('href', '/lieu/1/a-1');
    expect(station.parentElement).toHaveTextContent('— jamais lue');
    const vigicrues = card('Vigicrues');
    expect(vigicrues).toHaveTextContent('En serviceRépond et apporte des données.');
    expect(vigicrues).toHaveTextContent(`Dernière réussitele ${dateHeure(T)}`);
    expect(vigicrues).toHaveTextContent('Dernière erreuraucune');
    expect(
      within(vigicrues ?? document.body).getByRole('list', { name: 'Avertissements' }),
    ).toHaveTextContent('Un bulletin daté du lendemain a été refusé.');
  });

  it('lists the ingestion jobs with their failures and the counts of their last run', async () => {
    answer(live);
    const { user } = await show();
    const taches = await screen.findByRole('region', { name: 'Tâches d’ingestion' });
    const job = within(taches).getByRole('heading', { level: 3 });
    expect(job).toHaveTextContent("Mesures en temps réel (Hub'Eau) hubeau-observations");
    const item = job.closest('li');
    expect(item).toHaveTextContent(`Dernière réussitele ${dateHeure(T)}`);
    expect(item).toHaveTextContent(`Dernière erreur${erreur}le ${dateHeure(T + 600_000)}`);
    expect(item).toHaveTextContent('3 échecs de suite');
    await user.click(within(item ?? document.body).getByText('Compteurs du dernier passage (2)'));
    expect(item).toHaveTextContent('requetes12requetes_en_echec3');
  });
});
