import { EntiteLieux } from '@limni/shared/contracts/hydro';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import lieuxJson from '../../../../test/fixtures/entite-ariege-lieux.json';
import { renderScreen } from '../../../../test/render';
import { TrendArrow } from './TrendArrow';

const lieux = fixture(lieuxJson, EntiteLieux);
const hauteurs = lieux.body.lieux.flatMap((l) => l.capteurs.filter((c) => c.grandeur === 'H'));
const WORDS = {
  hausse_rapide: 'en hausse rapide',
  hausse: 'en hausse',
  stable: 'stable',
  baisse: 'en baisse',
  baisse_rapide: 'en baisse rapide',
};
/** « −8,3 cm/h »: metres an hour said in centimetres, one decimal under 10. */
const cmH = (v: number) => {
  const cm = Math.abs(v * 100);
  const sign = v > 0 ? '+' : v < 0 ? '−' : '±';
  return `${sign}${cm.toLocaleString('fr-FR', { maximumFractionDigits: cm < 10 ? 1 : 0, minimumFractionDigits: cm < 10 ? 1 : 0 })} cm/h`;
};

describe('TrendArrow', () => {
  it('says each recorded trend in words and its rate in centimetres an hour', async () => {
    const { rerender } = await renderScreen(<span />);
    const trends = hauteurs.filter((c) => c.tendance !== null && c.variation_h !== null);
    expect(trends.length).toBeGreaterThan(0);
    for (const c of trends) {
      rerender(<TrendArrow tendance={c.tendance} variationH={c.variation_h} unite={c.unite} />);
      const arrow = screen.getByTestId('tendance');
      expect(arrow).toHaveTextContent(`${WORDS[c.tendance ?? 'stable']}${cmH(c.variation_h ?? 0)}`);
    }
  });

  it('gives a flow’s rate in its own unit', async () => {
    await renderScreen(<TrendArrow tendance="hausse_rapide" variationH={35.4} unite="m³/s" />);
    expect(screen.getByTestId('tendance')).toHaveTextContent('en hausse rapide+35 m³/s/h');
  });

  it('writes the trend when no rate is shown, and nothing without a trend', async () => {
    const { rerender } = await renderScreen(
      <TrendArrow tendance="baisse" variationH={-0.02} unite="m" showRate={false} />,
    );
    expect(screen.getByTestId('tendance')).toHaveTextContent(/^en baisseen baisse$/);
    rerender(<TrendArrow tendance={null} />);
    expect(screen.queryByTestId('tendance')).not.toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    await renderScreen(<TrendArrow tendance="hausse" variationH={0.12} unite="m" />, { langue: 'en' });
    expect(screen.getByTestId('tendance')).toHaveTextContent('rising+12 cm/h');
  });
});
