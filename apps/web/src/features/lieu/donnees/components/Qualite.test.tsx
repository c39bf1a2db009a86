/**
 * The quality of each value on the Données tab (docs/decisions/154): the hourly table says each reading's status and
 * qualification in words and marks the doubtful ones; the chart's legend names the doubtful points and counts the
 * validation levels. The rows and series are Toulouse's recorded answers (the demo's files state no quality), with
 * Hub'Eau's codes given to some of their readings here.
 */
import { ChroniqueHoraire, LieuDonnees } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../../test/fixtures';
import chroniqueJson from '../../../../../test/fixtures/lieu-toulouse-c-h-24h.json';
import donneesJson from '../../../../../test/fixtures/lieu-toulouse-d-24h.json';
import { renderScreen } from '../../../../../test/render';
import { qualiteTrace } from '../qualite';
import { ChartLegend } from './ChartLegend';
import { HourlyTable } from './HourlyTable';

const lignes = fixture(chroniqueJson, ChroniqueHoraire).body.series[0]?.lignes ?? [];
const serie = fixture(donneesJson, LieuDonnees).body.series[0];

/** The newest reading doubtful and raw, the one before pre-validated and good, the rest raw without qualification. */
const qualifiees = lignes.map((l, i) => ({
  ...l,
  statut: i >= lignes.length - 2 ? (i === lignes.length - 1 ? 4 : 12) : 4,
  qualification: i === lignes.length - 1 ? 12 : i === lignes.length - 2 ? 20 : null,
}));

describe('HourlyTable: the quality of each reading', () => {
  it('has no quality column where the source states none (the recorded demo)', async () => {
    await renderScreen(<HourlyTable rows={lignes} unite="m" pending={false} daily={false} />);
    const table = screen.getByRole('table', { name: 'Tableau horaire' });
    expect(within(table).queryByRole('columnheader', { name: 'Qualité' })).toBeNull();
  });

  it('says each reading’s status and qualification in words, and marks the doubtful one', async () => {
    await renderScreen(<HourlyTable rows={qualifiees} unite="m" pending={false} daily={false} />);
    const table = screen.getByRole('table', { name: 'Tableau horaire' });
    expect(within(table).getByRole('columnheader', { name: 'Qualité' })).toBeInTheDocument();
    expect(screen.getByText(/une valeur douteuse n’est jamais utilisée/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    // Newest first: the doubtful raw reading, then the pre-validated good one, then raw ones.
    const quality = (row: HTMLElement | undefined) => row?.querySelectorAll('td')[4];
    expect(quality(rows[0])?.textContent).toBe('brute, douteuse');
    expect(quality(rows[0])).toHaveAttribute('data-douteuse', 'true');
    expect(quality(rows[1])?.textContent).toBe('pré-validée, bonne');
    expect(quality(rows[1])).not.toHaveAttribute('data-douteuse');
    expect(quality(rows[2])?.textContent).toBe('brute');
  });

  it('in English', async () => {
    await renderScreen(<HourlyTable rows={qualifiees} unite="m" pending={false} daily={false} />, {
      langue: 'en',
    });
    const table = screen.getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Quality' })).toBeInTheDocument();
    expect(within(table).getByText('raw, doubtful')).toBeInTheDocument();
    expect(within(table).getByText('pre-validated, good')).toBeInTheDocument();
  });
});

describe('ChartLegend: doubtful points and validation levels', () => {
  if (!serie) throw new Error('no series recorded');
  const n = serie.ts.length;
  // The last three points doubtful, the series raw but its first half validated.
  const marquee = {
    ...serie,
    statut: serie.ts.map((_, i) => (i < n / 2 ? 16 : 4)),
    qualification: serie.ts.map((_, i) => (i >= n - 3 ? 12 : null)),
  };
  const debut = serie.ts[0] ?? 0;
  const fin = serie.ts[n - 1] ?? 0;

  it('names the doubtful points with their mark and counts raw and validated values', async () => {
    const qualite = qualiteTrace(marquee, debut, fin);
    const validees = marquee.statut.filter((s) => s === 16).length;
    await renderScreen(
      <ChartLegend unite="m" couleur="#1d4ed8" forecast={false} seuils={[]} qualite={qualite} />,
    );
    expect(screen.getByTestId('legende-douteuse')).toHaveTextContent(
      '3 valeurs jugées douteuses par le producteur (marquées d’un triangle, non utilisées)',
    );
    expect(screen.getByTestId('legende-douteuse').querySelector('svg')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    expect(screen.getByTestId('legende-statuts')).toHaveTextContent(
      `Statut des valeurs : brute (${n - validees}), validée (${validees})`,
    );
  });

  it('says nothing of quality for the recorded demo series', async () => {
    await renderScreen(
      <ChartLegend
        unite="m"
        couleur="#1d4ed8"
        forecast={false}
        seuils={[]}
        qualite={qualiteTrace(serie, debut, fin)}
      />,
    );
    expect(screen.queryByTestId('legende-douteuse')).toBeNull();
    expect(screen.queryByTestId('legende-statuts')).toBeNull();
  });
});
