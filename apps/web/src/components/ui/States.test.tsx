import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { EmptyState, ErrorState, SkeletonBlock } from './States';

describe('SkeletonBlock', () => {
  it('says it is loading, in its own words when given', async () => {
    const { unmount } = await renderScreen(<SkeletonBlock />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
    unmount();
    await renderScreen(<SkeletonBlock label="Chargement des avis…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des avis…');
  });

  it('speaks English to an English reader', async () => {
    await renderScreen(<SkeletonBlock />, { langue: 'en' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});

describe('EmptyState', () => {
  it('says why there is nothing, with its details', async () => {
    await renderScreen(
      <EmptyState title="Aucun favori">
        <a href="/choisir/carte">Choisir sur la carte</a>
      </EmptyState>,
    );
    expect(screen.getByText('Aucun favori')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir sur la carte' })).toBeInTheDocument();
  });
});

describe('ErrorState', () => {
  it('alerts with the usual words and retries on demand', async () => {
    const retry = vi.fn();
    const { user } = await renderScreen(<ErrorState onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Impossible de charger ces données.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('says its own message, with no button when nothing can be retried', async () => {
    await renderScreen(<ErrorState message="Les avis de la Garonne sont indisponibles." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Les avis de la Garonne sont indisponibles.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    await renderScreen(<ErrorState onRetry={() => undefined} />, { langue: 'en' });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
