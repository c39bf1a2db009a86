/**
 * The place page's sentence when the newest reading is doubtful (docs/decisions/154), on Toulouse's recorded state
 * with a doubtful newer reading given here (the demo's files state no quality).
 */
import { EntiteLieux } from '@limni/shared/contracts/hydro';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import lieuxJson from '../../../../test/fixtures/lieu-garonne-lieux.json';
import { renderScreen } from '../../../../test/render';
import { DerniereDouteuse } from './DerniereDouteuse';

const capteurs = fixture(lieuxJson, EntiteLieux).body.lieux.flatMap((l) => l.capteurs);
const etat = capteurs.find((c) => c.valeur !== null && c.ts !== null);

describe('DerniereDouteuse', () => {
  if (!etat || etat.ts === null || etat.valeur === null) throw new Error('no state recorded');
  const douteuse = { ts: etat.ts + 15 * 60_000, valeur: etat.valeur * 100 };

  it('says nothing when no reading is doubtful (the recorded demo)', async () => {
    const { container } = await renderScreen(<DerniereDouteuse capteurs={capteurs} />);
    expect(container.textContent).toBe('');
  });

  it('says that the newest reading is judged doubtful and the previous one is used, in French and English', async () => {
    const fr = await renderScreen(<DerniereDouteuse capteurs={[{ ...etat, douteuse }]} />);
    expect(
      screen.getByText(
        /La dernière mesure \(.+\) est jugée douteuse par le producteur ; la précédente est utilisée\./,
      ),
    ).toBeInTheDocument();
    fr.unmount();
    await renderScreen(<DerniereDouteuse capteurs={[{ ...etat, douteuse }]} />, { langue: 'en' });
    expect(
      screen.getByText(
        /The latest reading \(.+\) is judged doubtful by its producer; the previous one is used\./,
      ),
    ).toBeInTheDocument();
  });
});
