import { ChroniqueHoraire } from '@limni/shared/contracts/hydro';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../../test/fixtures';
import stBeatJson from '../../../../../test/fixtures/lieu-stbeat-c-h.json';
import toulouseJson from '../../../../../test/fixtures/lieu-toulouse-c-h-24h.json';
import { renderScreen } from '../../../../../test/render';
import { HourlyTable } from './HourlyTable';

const toulouse = fixture(toulouseJson, ChroniqueHoraire);
const stBeat = fixture(stBeatJson, ChroniqueHoraire);
const hauteurs = toulouse.body.series[0]?.lignes ?? [];
const debits = stBeat.body.series.find((s) => s.grandeur === 'Q');

const TZ = 'Europe/Paris';
/** « 1er février 2022 », "February 1, 2022": the calendar day of a `YYYY-MM-DD`. */
const jour = (date: string, locale = 'fr-FR') => {
  const text = new Date(`${date}T12:00:00Z`).toLocaleDateString(locale, {
    timeZone: TZ,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return locale === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
};
/** « 0 h 45 » (Europe/Paris). */
const heureMinute = (ms: number) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, hour: 'numeric', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return `${Number(p.hour)} h ${p.minute ?? ''}`;
};
const nombre = (v: number, digits: number, locale = 'fr-FR') =>
  v.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** The cells of a row as a person reads them (no-break spaces as plain ones). */
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => (c.textContent ?? '').replace(/\s+/g, ' '));

describe('HourlyTable: an hour per row', () => {
  it('lists the hours newest first, with the rounded hour, the reading’s own time and the value', async () => {
    await renderScreen(<HourlyTable rows={hauteurs} unite="m" pending={false} daily={false} />);
    expect(screen.getByText(`Tableau horaire (${hauteurs.length} lignes)`)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Tableau horaire' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Date', 'Heure (arrondie)', 'Mesure de', 'Valeur (m)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(hauteurs.length);
    const newest = hauteurs[hauteurs.length - 1];
    const oldest = hauteurs[0];
    if (!newest || !oldest) throw new Error('no rows recorded');
    const [first] = rows;
    const last = rows[rows.length - 1];
    if (!first || !last) throw new Error('no rows shown');
    expect(cells(first)).toEqual([
      jour(newest.date),
      `${newest.heure} h`,
      heureMinute(newest.ts),
      nombre(newest.valeur, 2),
    ]);
    expect(cells(last)).toEqual([
      jour(oldest.date),
      `${oldest.heure} h`,
      heureMinute(oldest.ts),
      nombre(oldest.valeur, 2),
    ]);
    expect(within(first).getByText(heureMinute(newest.ts))).toHaveAttribute(
      'datetime',
      new Date(newest.ts).toISOString(),
    );
  });

  it('folds away when its summary is clicked, its rows no longer built, and opens again', async () => {
    const { user } = await renderScreen(
      <HourlyTable rows={hauteurs} unite="m" pending={false} daily={false} />,
    );
    const summary = screen.getByText(`Tableau horaire (${hauteurs.length} lignes)`);
    const details = summary.closest('details');
    const table = screen.getByRole('table', { name: 'Tableau horaire' });
    expect(details).toHaveAttribute('open');
    await user.click(summary);
    expect(details).not.toHaveAttribute('open');
    // Folded, only the head row is left.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1));
    await user.click(summary);
    expect(details).toHaveAttribute('open');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(hauteurs.length + 1));
  });

  it('waits for its rows without a count, and says when the period has none', async () => {
    const { rerender } = await renderScreen(<HourlyTable rows={[]} unite="m" pending={true} daily={false} />);
    expect(screen.getByText('Tableau horaire')).toBeInTheDocument();
    expect(screen.queryByText(/lignes/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    rerender(<HourlyTable rows={[]} unite="m" pending={false} daily={false} />);
    expect(screen.getByText('Pas de valeur horaire sur cette période.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('HourlyTable: a day per row', () => {
  it('says a daily mean by its date alone', async () => {
    if (!debits) throw new Error('no daily series recorded');
    const unite = debits.unite;
    await renderScreen(<HourlyTable rows={debits.lignes} unite={unite} pending={false} daily={true} />);
    expect(screen.getByText(`Tableau journalier (${debits.lignes.length} lignes)`)).toBeInTheDocument();
    expect(screen.getByText('Une valeur par jour : la moyenne du jour.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Tableau journalier' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', `Valeur (${unite})`]);
    const shown = within(table).getAllByRole('row').slice(1).map(cells);
    expect(shown).toEqual([...debits.lignes].reverse().map((l) => [jour(l.date), nombre(l.valeur, 1)]));
  });
});

describe('HourlyTable in English', () => {
  it('speaks English to an English reader', async () => {
    await renderScreen(<HourlyTable rows={hauteurs} unite="m" pending={false} daily={false} />, {
      langue: 'en',
    });
    expect(screen.getByText(`Hourly table (${hauteurs.length} rows)`)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Hourly table' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Date', 'Hour (rounded)', 'Reading at', 'Value (m)']);
    const newest = hauteurs[hauteurs.length - 1];
    const [, first] = within(table).getAllByRole('row');
    if (!newest || !first) throw new Error('no rows');
    expect(cells(first)[0]).toBe(jour(newest.date, 'en-US'));
    expect(cells(first)[3]).toBe(nombre(newest.valeur, 2, 'en-US'));
  });
});
