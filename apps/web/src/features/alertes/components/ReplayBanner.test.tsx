import { HealthResponse } from '@limni/shared/contracts/health';
import { ReplayStatus } from '@limni/shared/contracts/replay';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import healthJson from '../../../../test/fixtures/alertes-health.json';
import replayJson from '../../../../test/fixtures/alertes-replay.json';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import ReplayBanner from './ReplayBanner';

const health = fixture(healthJson, HealthResponse);
const idle = fixture(replayJson, ReplayStatus);

/** A replay of 21–31 January 2022 (Paris days) at × 120, its own clock at 25 January 12:00 UTC. */
const running: ReplayStatus = {
  en_cours: true,
  statut: 'en_cours',
  debut: Date.UTC(2022, 0, 20, 23),
  fin: Date.UTC(2022, 0, 31, 23),
  vitesse: 120,
  temps_simule: Date.UTC(2022, 0, 25, 12),
  lectures: 1234,
  notifications: 3,
  maj_at: Date.UTC(2022, 0, 25, 12),
};
/** The data clock of `/api/health` during that replay, a little behind the replay's own. */
const relecture = Date.UTC(2022, 0, 25, 11, 50);

function answer(replay: ReplayStatus, clock: number | null) {
  let healthAsked = 0;
  server.use(
    http.get(idle.path, () => HttpResponse.json(replay)),
    http.get(health.path, () => {
      healthAsked++;
      return HttpResponse.json({ ...health.body, donnees: { ...health.body.donnees, relecture: clock } });
    }),
  );
  return () => healthAsked;
}

/** « 25/01/2022 à 12h50 », in Paris. */
function dateHeure(ms: number): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('day')}/${p('month')}/${p('year')} à ${p('hour')}h${p('minute')}`;
}

describe('ReplayBanner', () => {
  it('shows nothing while no replay runs (the demo server’s answer)', async () => {
    answer(idle.body, null);
    const { client } = await renderScreen(<ReplayBanner />);
    await waitFor(() => expect(client.getQueryData(['replay'])).toEqual(idle.body));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/Relecture en cours/)).not.toBeInTheDocument();
  });

  it('shows the instant of the data clock while a replay runs, with its window and speed', async () => {
    const healthAsked = answer(running, relecture);
    await renderScreen(<ReplayBanner />);
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(`Relecture en cours : ${dateHeure(relecture)}`);
    expect(banner).toHaveTextContent(
      'Les valeurs, leurs âges et la vigilance affichés sont ceux de cet instant.',
    );
    expect(banner).toHaveTextContent(
      'Données enregistrées de la crue de janvier 2022 rejouées × 120, fenêtre du 21 janvier 2022 au 31 janvier 2022.',
    );
    // The page's data and then its clock are read again as soon as the replay is known to run.
    await waitFor(() => expect(healthAsked()).toBeGreaterThanOrEqual(2));
  });

  it('shows the replay’s own instant until the data clock follows it', async () => {
    answer(running, null);
    await renderScreen(<ReplayBanner />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      `Relecture en cours : ${dateHeure(running.temps_simule ?? 0)}`,
    );
  });

  it('speaks English to an English reader', async () => {
    answer(running, relecture);
    await renderScreen(<ReplayBanner />, { langue: 'en' });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(/^Replay running: Jan 25, 2022/);
    expect(banner).toHaveTextContent('window January 21, 2022 to January 31, 2022');
  });
});
