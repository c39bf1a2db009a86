import { AlertesResponse, type Alerte } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fixture } from '../../../../test/fixtures';
import alertesJson from '../../../../test/fixtures/entite-loing-alertes.json';
import healthJson from '../../../../test/fixtures/etat-sources-health.json';
import { HealthResponse } from '@limni/shared/contracts/health';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { useAlertesMasquees } from '../../../stores/alertes-masquees';
import { AlertesList } from './AlertesList';

/** The demo has no alert: its recorded answer is empty, the others below follow the same contract. */
const recorded = fixture(alertesJson, AlertesResponse);
const health = fixture(healthJson, HealthResponse);
const NOW = Date.UTC(2022, 1, 1, 0, 0);
const DAY = 86_400_000;
const alertes: Alerte[] = z.parse(AlertesResponse, [
  {
    id: 11,
    scope: 'troncon',
    scope_id: 219,
    scope_nom: 'Ariège - Hers vif',
    source: 'vigicrues',
    niveau: 3,
    titre: 'Vigilance orange crues',
    message: 'Crue importante attendue sur l’Ariège.',
    debut: NOW - DAY,
    fin: null,
    en_cours: true,
  },
  {
    id: 12,
    scope: 'lieu',
    scope_id: 13,
    scope_nom: 'Foix',
    source: 'seuil',
    niveau: 2,
    titre: 'Hauteur au-dessus de 2 m à Foix',
    message: 'La hauteur a dépassé 2 m.',
    debut: NOW - 10 * DAY,
    fin: NOW - 9 * DAY,
    en_cours: false,
  },
  {
    id: 13,
    scope: 'lieu',
    scope_id: 14,
    scope_nom: 'Ax-les-Thermes',
    source: 'manuel',
    niveau: 1,
    titre: 'Travaux anciens',
    message: 'Fini depuis longtemps.',
    debut: NOW - 90 * DAY,
    fin: NOW - 80 * DAY,
    en_cours: false,
  },
]);

const dateHeure = (ms: number) => {
  const [d, h] = new Date(ms)
    .toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' })
    .split(' ');
  return `${d} à ${h?.replace(':', 'h')}`;
};
const show = (list: readonly Alerte[], langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<AlertesList alertes={list} titleId="alertes" now={NOW} />, { langue });

beforeEach(() => {
  useAlertesMasquees.setState({ ids: [] });
  server.use(http.get(health.path, () => HttpResponse.json(health.body)));
});

describe('AlertesList', () => {
  it('shows nothing for the recorded answer without alerts', async () => {
    const { container } = await show(recorded.body);
    expect(container).toBeEmptyDOMElement();
  });

  it('lists the current alert first, then those ended within a month, with their source and dates', async () => {
    await show(alertes);
    const section = screen.getByRole('region', { name: 'Alertes en cours' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [vigicrues, seuil] = alertes;
    expect(items[0]).toHaveTextContent(`${vigicrues?.titre}${vigicrues?.message}`);
    expect(items[0]).toHaveTextContent('Vigilance orange');
    expect(items[0]).toHaveTextContent(`Vigicrues·Depuis le ${dateHeure(vigicrues?.debut ?? 0)}`);
    expect(items[1]).toHaveTextContent(
      `Seuil franchi·Du ${dateHeure(seuil?.debut ?? 0)} au ${dateHeure(seuil?.fin ?? 0)}`,
    );
    expect(section).not.toHaveTextContent('Travaux anciens');
  });

  it('names the list « récentes » when none is current', async () => {
    await show(alertes.filter((a) => !a.en_cours));
    expect(screen.getByRole('region', { name: 'Alertes récentes' })).toBeInTheDocument();
  });

  it('hides an alert for the session, and shows it again', async () => {
    const { user } = await show(alertes);
    const titre = alertes[0]?.titre ?? '';
    await user.click(
      screen.getByRole('button', { name: `Masquer l’alerte « ${titre} » pour cette session` }),
    );
    expect(screen.queryByText(titre)).not.toBeInTheDocument();
    expect(screen.getByText('1 alerte(s) masquée(s) pour cette session.')).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem('alertesMasquees') ?? '[]')).toEqual([alertes[0]?.id]);
    await user.click(screen.getByRole('button', { name: 'Réafficher' }));
    expect(screen.getByText(titre)).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    await show(alertes, 'en');
    expect(screen.getByRole('region', { name: 'Current alerts' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Hide the alert “${alertes[0]?.titre}” for this session` }),
    ).toBeEnabled();
  });
});
