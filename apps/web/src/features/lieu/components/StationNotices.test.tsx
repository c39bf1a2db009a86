/**
 * Under the place's values: why its station gives no more readings, and the readings set aside as implausible. No
 * place of the demo dataset has either: the notices are built here as the API sends them (`LieuDetail`).
 */
import type { StationArret, ValeurEcartee } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/render';
import { StationNotices } from './StationNotices';

// 20 January 2022, 10:00 in Paris; a reading of 31 January 2022 at 14:10 in Paris.
const arret: StationArret = { motif: 'hors_service', depuis: Date.parse('2022-01-20T09:00:00Z') };
const TS = Date.parse('2022-01-31T13:10:00Z');
const horsBornes: ValeurEcartee = {
  capteur_id: 1,
  grandeur: 'H',
  unite: 'm',
  ts: TS,
  valeur: 100,
  raison: { code: 'bornes', min: -30, max: 60 },
  recu_le: TS + 120_000,
};
const saut: ValeurEcartee = {
  ...horsBornes,
  ts: TS + 15 * 60_000,
  valeur: 3.2,
  raison: { code: 'saut', reference: 0.7, minutes: 15 },
};

/** Testing Library reads no-break spaces as plain ones, and the page writes a true minus sign. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('StationNotices', () => {
  it('says since when the station is out of service', async () => {
    await renderScreen(<StationNotices lieu={{ station_arret: arret, valeurs_ecartees: [] }} />);
    expect(
      screen.getByText(
        plain("Station hors service selon Hub'Eau depuis le 20 janvier 2022 : plus de nouvelles mesures."),
      ),
    ).toBeInTheDocument();
  });

  it('says a station left Hub’Eau’s catalogue', async () => {
    await renderScreen(
      <StationNotices
        lieu={{ station_arret: { ...arret, motif: 'absente_du_catalogue' }, valeurs_ecartees: [] }}
      />,
    );
    expect(
      screen.getByText(/^Station absente du catalogue Hub'Eau depuis le 20 janvier 2022/),
    ).toBeInTheDocument();
  });

  it('gives a reading set aside in one sentence, with its value, time and reason', async () => {
    await renderScreen(<StationNotices lieu={{ station_arret: null, valeurs_ecartees: [horsBornes] }} />);
    expect(
      screen.getByText(
        plain(
          '1 valeur reçue jugée invraisemblable a été écartée : 100,00 m le 31/01/2022 à 14h10 ' +
            '(hors des limites physiques d’une hauteur, −30 à 60 m).',
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('lists several readings set aside, each with why', async () => {
    await renderScreen(
      <StationNotices lieu={{ station_arret: arret, valeurs_ecartees: [horsBornes, saut] }} />,
    );
    expect(
      screen.getByText(plain('2 valeurs reçues jugées invraisemblables ont été écartées :')),
    ).toBeInTheDocument();
    const items = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => plain(li.textContent ?? ''));
    expect(items).toEqual([
      plain('100,00 m le 31/01/2022 à 14h10 (hors des limites physiques d’une hauteur, −30 à 60 m)'),
      plain('3,20 m le 31/01/2022 à 14h25 (saut de +2,50 m en 15 min depuis 0,70 m)'),
    ]);
    // The station's stop comes with them.
    expect(screen.getByText(/^Station hors service/)).toBeInTheDocument();
  });

  it('says nothing of a station that works and sent nothing odd', async () => {
    const { container } = await renderScreen(
      <StationNotices lieu={{ station_arret: null, valeurs_ecartees: [] }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks English to an English reader', async () => {
    await renderScreen(<StationNotices lieu={{ station_arret: arret, valeurs_ecartees: [horsBornes] }} />, {
      langue: 'en',
    });
    expect(
      screen.getByText(
        "Station out of service according to Hub'Eau since January 20, 2022: no new readings.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^1 reading received was judged implausible and set aside: 100\.00 m on Jan 31, 2022/),
    ).toBeInTheDocument();
  });
});
