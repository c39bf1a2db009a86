import { HealthResponse } from '@limni/shared/contracts/health';
import { TronconDetail, VigilanceResume } from '@limni/shared/contracts/hydro';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import vigilanceJson from '../../../test/fixtures/choisir-vigilance.json';
import tronconJson from '../../../test/fixtures/entite-troncon-mp1.json';
import healthJson from '../../../test/fixtures/etat-sources-health.json';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { VerdictChip, VigilanceChip } from './Chips';

const health = fixture(healthJson, HealthResponse);
const troncon = fixture(tronconJson, TronconDetail);
const vigilance = fixture(vigilanceJson, VigilanceResume);
/** A yellow stretch of the recorded summary, and the demo's latest reading (a bulletin of that day is current). */
const jaune = vigilance.body.troncons.find((t) => t.niveau === 2);
const fin = health.body.donnees.fin ?? 0;

const jour = (ms: number, locale = 'fr-FR') =>
  new Date(ms)
    .toLocaleDateString(locale, { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(/^1 /, locale === 'fr-FR' ? '1er ' : '1 ');

beforeEach(() => {
  server.use(http.get(health.path, () => HttpResponse.json(health.body)));
});

describe('VigilanceChip', () => {
  it('colours a current bulletin with its level in words and its date', async () => {
    await renderScreen(<VigilanceChip niveau={jaune?.niveau ?? null} ts={fin} />);
    expect(await screen.findByText('Vigilance jaune')).toHaveTextContent(
      `Vigilance jaune· bulletin du ${jour(fin)}`,
    );
  });

  it('says an old bulletin is the latest known, without today’s colour', async () => {
    const { niveau_ts: ts, niveau } = troncon.body;
    await renderScreen(<VigilanceChip niveau={niveau} ts={ts} />);
    expect(
      await screen.findByText(`Dernier bulletin Vigicrues connu, du ${jour(ts ?? 0)} : vert`),
    ).toHaveAttribute('data-testid', 'vigilance-ancienne');
    expect(niveau).toBe(1);
  });

  it('keeps the colour of a past event shown with its own dates', async () => {
    const { niveau_ts: ts, niveau } = troncon.body;
    await renderScreen(<VigilanceChip niveau={niveau} ts={ts} historique />);
    expect(await screen.findByText('Vigilance verte')).toBeInTheDocument();
    expect(screen.queryByTestId('vigilance-ancienne')).not.toBeInTheDocument();
  });

  it('shows nothing without a level', async () => {
    const { container } = await renderScreen(<VigilanceChip niveau={null} ts={fin} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks English to an English reader', async () => {
    await renderScreen(<VigilanceChip niveau={troncon.body.niveau} ts={troncon.body.niveau_ts} />, {
      langue: 'en',
    });
    expect(
      await screen.findByText(
        `Latest known Vigicrues bulletin, of ${jour(troncon.body.niveau_ts ?? 0, 'en-US')}: green`,
      ),
    ).toBeInTheDocument();
  });
});

describe('VerdictChip', () => {
  it('says each verdict in words, after the activity for screen readers', async () => {
    const words = {
      'trop bas': 'Trop bas',
      praticable: 'Praticable',
      'trop haut': 'Trop haut',
      déconseillé: 'Déconseillé',
      inconnu: 'Inconnu',
    } as const;
    const { rerender } = await renderScreen(<span />);
    for (const [verdict, text] of Object.entries(words)) {
      rerender(<VerdictChip verdict={verdict as keyof typeof words} activite="Canoë-kayak" />);
      expect(screen.getByText(text)).toHaveTextContent(`Canoë-kayak : ${text}`);
    }
  });

  it('names an unknown verdict for lack of history « Pas d’avis »', async () => {
    await renderScreen(<VerdictChip verdict="inconnu" sansAvis />);
    expect(screen.getByText('Pas d’avis')).toBeInTheDocument();
    expect(screen.queryByText('Inconnu')).not.toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    await renderScreen(<VerdictChip verdict="praticable" activite="Rowing" />, { langue: 'en' });
    expect(screen.getByText('Suitable')).toHaveTextContent('Rowing: Suitable');
  });
});
