import { HealthResponse } from '@limni/shared/contracts/health';
import { EntiteLieux } from '@limni/shared/contracts/hydro';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import ariegeJson from '../../../../test/fixtures/entite-ariege-lieux.json';
import loingJson from '../../../../test/fixtures/entite-loing-lieux.json';
import healthJson from '../../../../test/fixtures/etat-sources-health.json';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { Freshness } from './Freshness';

const ariege = fixture(ariegeJson, EntiteLieux);
const loing = fixture(loingJson, EntiteLieux);
const health = fixture(healthJson, HealthResponse);

/** A height read minutes before the demo's "now", and a flow silent for years (a daily mean). */
const recent = ariege.body.lieux[0]?.capteurs.find((c) => c.ts !== null);
const ancien = loing.body.lieux.flatMap((l) => l.capteurs).find((c) => c.ts !== null);

const dateHeure = (ms: number) => {
  const [d, h] = new Date(ms)
    .toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' })
    .split(' ');
  return `${d} à ${h?.replace(':', 'h')}`;
};
const jour = (ms: number) =>
  new Date(ms).toLocaleDateString('fr-FR', {
    timeZone: 'Europe/Paris',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

describe('Freshness', () => {
  it('dates the latest reading and gives its age on the demo’s clock', async () => {
    server.use(http.get(health.path, () => HttpResponse.json(health.body)));
    const ts = recent?.ts ?? 0;
    await renderScreen(<Freshness ts={ts} fraicheur="a_jour" now={ariege.body.maintenant} />);
    expect(screen.getByText(`Dernière mesure le ${dateHeure(ts)}`, { exact: false })).toBeInTheDocument();
    // The demo's clock is its latest reading rounded up to the hour: 1 February 2022, 01:00 in Paris.
    const minutes = Math.round((ariege.body.maintenant - ts) / 60_000);
    const age = await screen.findByText(`il y a ${minutes} min`);
    expect(age).toHaveAttribute('title', dateHeure(ts));
    expect(screen.queryByText(/Données anciennes/)).not.toBeInTheDocument();
  });

  it('says a silent sensor’s data are old, a daily mean dated by its day', async () => {
    server.use(http.get(health.path, () => HttpResponse.json(health.body)));
    const ts = ancien?.ts ?? 0;
    await renderScreen(
      <Freshness ts={ts} fraicheur="en_retard" now={loing.body.maintenant} pasMin={ancien?.pas_min} />,
    );
    expect(
      screen.getByText(`Dernière valeur : moyenne journalière du ${jour(ts)}`, { exact: false }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Données anciennes : pas de nouvelle mesure depuis \d+\smois$/),
    ).toBeInTheDocument();
    expect(await screen.findByText('il y a 3 ans')).toBeInTheDocument();
  });

  it('counts the age on a recorded episode’s own clock when told so', async () => {
    server.use(http.get(health.path, () => HttpResponse.json(health.body)));
    const ts = recent?.ts ?? 0;
    await renderScreen(<Freshness ts={ts} fraicheur="a_jour" now={ts + 2 * 3_600_000} ownClock />);
    expect(screen.getByTestId('age')).toHaveTextContent('il y a 2 h');
  });

  it('says when there is no recent reading', async () => {
    await renderScreen(<Freshness ts={null} fraicheur="aucune_donnee" now={loing.body.maintenant} />);
    expect(screen.getByText('Pas de mesure récente')).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    await renderScreen(<Freshness ts={null} fraicheur="aucune_donnee" now={0} />, { langue: 'en' });
    expect(screen.getByText('No recent reading')).toBeInTheDocument();
  });
});
