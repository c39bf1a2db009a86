import { ActivitesResponse, VerdictEntite } from '@limni/shared/contracts/activites';
import { HealthResponse } from '@limni/shared/contracts/health';
import { EntiteLieux, MapsConfig, TronconDetail } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fixture, type Fixture } from '../../../test/fixtures';
import activitesJson from '../../../test/fixtures/activites-all.json';
import canoeJson from '../../../test/fixtures/entite-ariege-canoe.json';
import lieuxJson from '../../../test/fixtures/entite-ariege-lieux.json';
import mapsJson from '../../../test/fixtures/entite-maps.json';
import tronconJson from '../../../test/fixtures/entite-troncon-mp1.json';
import healthJson from '../../../test/fixtures/etat-sources-health.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import TronconPage from './TronconPage';

// The stretch page always shows its map: its static preview measures its box (MapLibre itself never loads here).
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe(): void {}
    disconnect(): void {}
  },
);

const troncon = fixture(tronconJson, TronconDetail);
const lieux = fixture(lieuxJson, EntiteLieux);
const canoe = fixture(canoeJson, VerdictEntite);
const activites = fixture(activitesJson, ActivitesResponse);
const health = fixture(healthJson, HealthResponse);
const maps = fixture(mapsJson, MapsConfig);

const answer = (f: Fixture<JsonBodyType>) => http.get(f.path, () => HttpResponse.json(f.body));
const answerAll = () =>
  server.use(answer(troncon), answer(lieux), answer(canoe), answer(activites), answer(health), answer(maps));
const PATH = '/entite-troncon/:id/carte/activite/:ida';
const show = (id = troncon.body.id, langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<TronconPage />, { route: `/entite-troncon/${id}/carte/activite/3`, path: PATH, langue });

/** « 24 janvier 2021 » and « 24/01/2021 à 08h16 » in Paris. */
const jour = (ms: number) =>
  new Date(ms).toLocaleDateString('fr-FR', {
    timeZone: 'Europe/Paris',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
const dateHeure = (ms: number) => {
  const [d, h] = new Date(ms)
    .toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' })
    .split(' ');
  return `${d} à ${h?.replace(':', 'h')}`;
};
const NIVEAUX = ['', 'vert', 'jaune', 'orange', 'rouge'];

describe('TronconPage', () => {
  it('names the stretch, its river and its last bulletin, an old one without today’s colour', async () => {
    answerAll();
    await show();
    const { body } = troncon;
    expect(
      await screen.findByRole('heading', { level: 1, name: `Tronçon Vigicrues ${body.nom}` }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Code ${body.code}`, { exact: false })).toHaveTextContent(
      `Code ${body.code} · Territoire Vigicrues : ${body.territoire?.nom}`,
    );
    const riviere = screen.getByText('Cours d’eau :').closest('p');
    expect(riviere).toHaveTextContent(`Cours d’eau : ${body.entite?.nom}`);
    expect(within(riviere ?? document.body).getByRole('link')).toHaveAttribute(
      'href',
      `/entite/${body.entite?.id}/liste/activite/3`,
    );
    // The demo's "now" is February 2022: the bulletin of January 2021 is no longer current.
    const ts = body.niveau_ts ?? 0;
    expect(
      screen.getByText(`Dernier bulletin Vigicrues connu, du ${jour(ts)} : ${NIVEAUX[body.niveau ?? 0]}`),
    ).toBeInTheDocument();
    expect(screen.getByText(`Niveau de vigilance publié le ${dateHeure(ts)}`)).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: `Carte des lieux du tronçon ${body.nom}` }),
    ).toBeInTheDocument();
  });

  it('lists its places with their latest height and the activity’s verdict', async () => {
    answerAll();
    await show();
    const liste = await screen.findByRole('region', { name: /^Lieux/ });
    expect(within(liste).getByRole('heading', { level: 2 })).toHaveTextContent(
      `Lieux (${troncon.body.lieux.length})`,
    );
    const rows = await within(liste).findAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(
      troncon.body.lieux.map((l) => `/lieu/${l.id}/a-3`),
    );
    for (const [i, lieu] of troncon.body.lieux.entries()) {
      const h = lieux.body.lieux.find((l) => l.id === lieu.id)?.capteurs.find((c) => c.grandeur === 'H');
      const metres = (h?.valeur ?? NaN).toLocaleString('fr-FR', {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      });
      expect(rows[i]).toHaveTextContent(`${lieu.nom}${lieu.libelle}`);
      expect(rows[i]).toHaveTextContent(`Hauteur${metres.replace('-', '−')} m`);
      expect(rows[i]).toHaveTextContent('Canoë-kayak : Pas d’avis');
    }
    expect(screen.getByText(canoe.body.avertissement)).toBeInTheDocument();
  });

  it('says when the states of its places cannot be loaded, and asks again', async () => {
    answerAll();
    server.use(http.get(lieux.path, () => HttpResponse.error(), { once: true }));
    const { user } = await show();
    const liste = await screen.findByRole('region', { name: /^Lieux/ });
    expect(await within(liste).findByRole('alert')).toHaveTextContent('Impossible de charger ces données.');
    await user.click(within(liste).getByRole('button', { name: 'Réessayer' }));
    expect(await within(liste).findAllByRole('link')).toHaveLength(troncon.body.lieux.length);
  });

  it('says so for a stretch the API does not know', async () => {
    server.use(
      answer(health),
      http.get('/api/hydro/troncon/999999', () =>
        errorReply(404, { code: 'not_found', message: 'Aucun tronçon ne porte l’identifiant 999999.' }),
      ),
    );
    await show(999999);
    expect(await screen.findByRole('heading', { name: 'Tronçon introuvable' })).toBeInTheDocument();
    expect(screen.getByText('Aucun tronçon Vigicrues ne correspond à cette adresse.')).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    answerAll();
    await show(troncon.body.id, 'en');
    expect(
      await screen.findByRole('heading', { level: 1, name: `Vigicrues stretch ${troncon.body.nom}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('River:').closest('p')).toHaveTextContent(`River: ${troncon.body.entite?.nom}`);
  });
});
