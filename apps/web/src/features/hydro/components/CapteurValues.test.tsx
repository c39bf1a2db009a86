import { EntiteLieux } from '@limni/shared/contracts/hydro';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import lieuxJson from '../../../../test/fixtures/entite-ariege-lieux.json';
import { renderScreen } from '../../../../test/render';
import { CapteurValues } from './CapteurValues';

const lieux = fixture(lieuxJson, EntiteLieux);
/** A place with a height read every few minutes and a daily mean flow of the day before. */
const foix = lieux.body.lieux.find((l) => l.capteurs.some((c) => c.grandeur === 'Q'));
const h = foix?.capteurs.find((c) => c.grandeur === 'H');
const q = foix?.capteurs.find((c) => c.grandeur === 'Q');

const nombre = (v: number | null | undefined, digits: number, locale = 'fr-FR') =>
  (v ?? NaN).toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const jour = (ms: number | null | undefined, locale = 'fr-FR') =>
  new Date(ms ?? 0).toLocaleDateString(locale, {
    timeZone: 'Europe/Paris',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });

describe('CapteurValues', () => {
  it('shows the height then the flow, the daily mean with its own day', async () => {
    await renderScreen(<CapteurValues capteurs={foix?.capteurs ?? []} datedTs={h?.ts} />);
    const shown = screen.getByText('Hauteur').parentElement?.parentElement;
    expect(shown).toHaveTextContent(
      new RegExp(
        `^Hauteur${nombre(h?.valeur, 2)}\\sm.*Débit${nombre(q?.valeur, 1)}\\sm³/s\\s*— moyenne du ${jour(q?.ts)}$`,
      ),
    );
    expect(screen.getAllByTestId('moyenne-du')).toHaveLength(1);
  });

  it('does not date the daily mean again when the freshness line beside it dates it', async () => {
    await renderScreen(<CapteurValues capteurs={q ? [q] : []} datedTs={q?.ts} />);
    expect(screen.getByText('Débit')).toBeInTheDocument();
    expect(screen.queryByTestId('moyenne-du')).not.toBeInTheDocument();
  });

  it('says when the sensors have no value, or when there is no station', async () => {
    const sansValeur = h ? [{ ...h, valeur: null, ts: null }] : [];
    const { unmount } = await renderScreen(<CapteurValues capteurs={sansValeur} />);
    expect(screen.getByText('Aucune mesure')).toBeInTheDocument();
    unmount();
    await renderScreen(<CapteurValues capteurs={[]} />);
    expect(screen.getByText('Pas de station de mesure')).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    await renderScreen(<CapteurValues capteurs={foix?.capteurs ?? []} datedTs={h?.ts} />, { langue: 'en' });
    expect(screen.getByText('Level').parentElement).toHaveTextContent(
      `Level${nombre(h?.valeur, 2, 'en-US')} m`,
    );
    expect(screen.getByText(`— daily mean of ${jour(q?.ts, 'en-US')}`)).toBeInTheDocument();
  });
});
