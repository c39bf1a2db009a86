/**
 * The controls of the Données tab, as the tab wires them to the address (`?jours=&date=&g=`): a person picks a
 * period, steps through the days or picks one, and switches quantity; the address shows the window chosen.
 */
import { DateRange, LieuDetail } from '@limni/shared/contracts/hydro';
import { fireEvent, screen, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../../test/fixtures';
import portetJson from '../../../../../test/fixtures/lieu-portet.json';
import rangeJson from '../../../../../test/fixtures/lieu-toulouse-daterange.json';
import toulouseJson from '../../../../../test/fixtures/lieu-toulouse.json';
import { renderScreen } from '../../../../../test/render';
import { useDonneesWindow } from '../hooks/use-donnees-window';
import { DonneesControls } from './DonneesControls';

const toulouse = fixture(toulouseJson, LieuDetail);
const portet = fixture(portetJson, LieuDetail);
const range = fixture(rangeJson, DateRange);
const debut = range.body.jour_debut ?? '';
const fin = range.body.jour_fin ?? '';

/** The controls over the place's range, and the address they write. */
function Tab({ lieu, archive }: { lieu: LieuDetail; archive: boolean }) {
  const view = useDonneesWindow(lieu, debut, fin);
  const { search } = useLocation();
  return (
    <>
      <DonneesControls view={view} jourDebut={debut} jourFin={fin} archive={archive} />
      <output aria-label="Adresse">{search}</output>
    </>
  );
}

const show = (
  { lieu = toulouse.body, archive = false, route = '/lieu/1/a-2/donnees' } = {},
  langue: 'fr' | 'en' = 'fr',
) => renderScreen(<Tab lieu={lieu} archive={archive} />, { route, langue });

const address = () => new URLSearchParams(screen.getByRole('status', { name: 'Adresse' }).textContent ?? '');
const pressed = (group: string) =>
  within(screen.getByRole('group', { name: group }))
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

/** `YYYY-MM-DD` `n` days after `day`. */
const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('DonneesControls: the period', () => {
  it('offers 24 hours, 7 and 30 days, 7 days chosen, and writes another choice to the address', async () => {
    const { user } = await show();
    const periodes = within(screen.getByRole('group', { name: 'Période' })).getAllByRole('button');
    expect(periodes.map((b) => b.textContent)).toEqual(['24 heures', '7 jours', '30 jours']);
    expect(pressed('Période')).toEqual(['7 jours']);
    await user.click(screen.getByRole('button', { name: '30 jours' }));
    expect(pressed('Période')).toEqual(['30 jours']);
    expect(address().get('jours')).toBe('30');
    // The default period is never written.
    await user.click(screen.getByRole('button', { name: '7 jours' }));
    expect(address().has('jours')).toBe(false);
  });

  it('offers the long periods of a place with a daily archive', async () => {
    const { user } = await show({ archive: true, route: '/lieu/1/a-2/donnees?jours=1' });
    const periodes = within(screen.getByRole('group', { name: 'Période' })).getAllByRole('button');
    expect(periodes.map((b) => b.textContent)).toEqual([
      '24 heures',
      '7 jours',
      '30 jours',
      '1 an',
      '5 ans',
      'Tout',
    ]);
    expect(pressed('Période')).toEqual(['24 heures']);
    await user.click(screen.getByRole('button', { name: '5 ans' }));
    expect(address().get('jours')).toBe('1826');
    await user.click(screen.getByRole('button', { name: 'Tout' }));
    expect(address().get('jours')).toBe('0');
    // The whole archive has no previous or next period.
    expect(screen.getByRole('button', { name: 'Période précédente' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Période suivante' })).toBeDisabled();
  });
});

describe('DonneesControls: the end day', () => {
  it('ends at the place’s last day, and steps a period back and forth', async () => {
    const { user } = await show();
    const jusqua = screen.getByLabelText('Jusqu’au');
    expect(jusqua).toHaveValue(fin);
    expect(jusqua).toHaveAttribute('min', debut);
    expect(jusqua).toHaveAttribute('max', fin);
    expect(screen.getByRole('button', { name: 'Période suivante' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Période précédente' }));
    expect(address().get('date')).toBe(plus(fin, -7));
    expect(jusqua).toHaveValue(plus(fin, -7));
    await user.click(screen.getByRole('button', { name: 'Période suivante' }));
    // Back at the end: the default day is never written.
    expect(address().has('date')).toBe(false);
    expect(jusqua).toHaveValue(fin);
  });

  it('keeps a day picked inside the range, and stops at its first day', async () => {
    await show({ route: `/lieu/1/a-2/donnees?date=${plus(debut, 3)}` });
    expect(screen.getByRole('button', { name: 'Période précédente' })).toBeEnabled();
    const jusqua = screen.getByLabelText('Jusqu’au');
    fireEvent.change(jusqua, { target: { value: plus(debut, 10) } });
    expect(address().get('date')).toBe(plus(debut, 10));
    fireEvent.change(jusqua, { target: { value: debut } });
    expect(address().get('date')).toBe(debut);
    expect(screen.getByRole('button', { name: 'Période précédente' })).toBeDisabled();
  });

  it('brings a day of the address outside the range back into it', async () => {
    await show({ route: `/lieu/1/a-2/donnees?date=${plus(debut, -40)}` });
    expect(screen.getByLabelText('Jusqu’au')).toHaveValue(debut);
  });
});

describe('DonneesControls: the quantity', () => {
  it('offers a place’s quantities when it has several, and writes the other one to the address', async () => {
    const grandeurs = portet.body.capteurs.map((c) => c.grandeur);
    expect(grandeurs).toEqual(['H', 'Q']);
    const { user } = await show({ lieu: portet.body });
    expect(pressed('Grandeur')).toEqual(["Hauteur d'eau"]);
    await user.click(screen.getByRole('button', { name: 'Débit' }));
    expect(pressed('Grandeur')).toEqual(['Débit']);
    expect(address().get('g')).toBe('Q');
  });

  it('offers no choice of quantity to a place with one', async () => {
    expect(toulouse.body.capteurs).toHaveLength(1);
    await show();
    expect(screen.queryByRole('group', { name: 'Grandeur' })).not.toBeInTheDocument();
  });
});

describe('DonneesControls in English', () => {
  it('speaks English to an English reader', async () => {
    await show({ lieu: portet.body }, 'en');
    expect(
      within(screen.getByRole('group', { name: 'Period' }))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['24 hours', '7 days', '30 days']);
    expect(screen.getByLabelText('Until')).toHaveValue(fin);
    expect(screen.getByRole('button', { name: 'Previous period' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Quantity' })).toBeInTheDocument();
  });
});
