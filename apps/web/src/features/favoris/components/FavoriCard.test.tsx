import { VerdictLieu } from '@limni/shared/contracts/activites';
import { HealthResponse } from '@limni/shared/contracts/health';
import { EntiteLieux } from '@limni/shared/contracts/hydro';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import ariegeJson from '../../../../test/fixtures/favoris-ariege-lieux.json';
import biscarrosseLieuxJson from '../../../../test/fixtures/favoris-biscarrosse-lieux.json';
import biscarrosseJson from '../../../../test/fixtures/favoris-biscarrosse.json';
import foixJson from '../../../../test/fixtures/favoris-foix-peche.json';
import garonneJson from '../../../../test/fixtures/favoris-garonne-lieux.json';
import healthJson from '../../../../test/fixtures/favoris-health.json';
import toulouseJson from '../../../../test/fixtures/favoris-toulouse-canoe.json';
import { errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { FavoriCard } from './FavoriCard';

const toulouse = fixture(toulouseJson, VerdictLieu);
const garonne = fixture(garonneJson, EntiteLieux);
const foix = fixture(foixJson, VerdictLieu);
const ariege = fixture(ariegeJson, EntiteLieux);
const biscarrosse = fixture(biscarrosseJson, VerdictLieu);
const biscarrosseLieux = fixture(biscarrosseLieuxJson, EntiteLieux);
const health = fixture(healthJson, HealthResponse);

const answer = (...fixtures: { path: string; body: VerdictLieu | EntiteLieux }[]) =>
  server.use(
    http.get(health.path, () => HttpResponse.json(health.body)),
    ...fixtures.map((f) => http.get(f.path, () => HttpResponse.json(f.body))),
  );

/** The sensors of place `id` in a recorded list of an entity's places. */
const capteursOf = (lieux: EntiteLieux, id: number) => lieux.lieux.find((l) => l.id === id)?.capteurs ?? [];

/** A number as a French reader reads it: « 0,70 » (rounded half away from zero, as written by hand). */
const nombre = (v: number | null | undefined, digits: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    v ?? 0,
  );

/** A value with its unit: « 0,70 m » (the space may be a no-break one). */
const valeur = (v: number | null | undefined, unite: string, digits: number) =>
  new RegExp(`^${nombre(v, digits)}\\s${unite}$`);

const jour = (ms: number) =>
  new Date(ms)
    .toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(/^1 /, '1er ');

describe('FavoriCard: a place with readings', () => {
  it('shows the latest height, its age on the demo clock and the verdict for the activity', async () => {
    answer(toulouse, garonne);
    await renderScreen(<FavoriCard favori={{ id: 1, ida: 3 }} />);
    const lien = await screen.findByRole('link', { name: toulouse.body.lieu.libelle });
    expect(lien).toHaveAttribute('href', '/lieu/1/a-3');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(toulouse.body.lieu.libelle);

    const [hauteur] = capteursOf(garonne.body, 1);
    expect(await screen.findByText(valeur(hauteur?.valeur ?? null, 'm', 2))).toBeInTheDocument();
    const minutes = Math.round((garonne.body.maintenant - (hauteur?.ts ?? 0)) / 60_000);
    expect(await screen.findByText(`il y a ${minutes} min`)).toBeInTheDocument();
    expect(screen.getByText('stable')).toBeInTheDocument();

    expect(screen.getByText('Avis pour Canoë-kayak')).toBeInTheDocument();
    expect(screen.getByText('Praticable')).toBeInTheDocument();
    expect(screen.getByText(toulouse.body.raison)).toBeInTheDocument();
    expect(
      screen.getByText(
        new RegExp(`^Dernier bulletin Vigicrues connu, du ${jour(toulouse.body.vigilance?.ts ?? 0)}`),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('gives a daily flow beside the height, dated by its day, and no verdict without enough history', async () => {
    answer(foix, ariege);
    await renderScreen(<FavoriCard favori={{ id: 13, ida: 2 }} headingLevel={3} />);
    expect(
      await screen.findByRole('heading', { level: 3, name: foix.body.lieu.libelle }),
    ).toBeInTheDocument();
    const [hauteur, debit] = capteursOf(ariege.body, 13);
    expect(await screen.findByText(valeur(hauteur?.valeur ?? null, 'm', 2))).toBeInTheDocument();
    expect(
      screen.getByText(
        new RegExp(
          `^Débit moyen journalier\\s:\\s${nombre(debit?.valeur, 1)}\\sm³/s — moyenne du ${jour(debit?.ts ?? 0)}$`,
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Avis pour Pêche')).toBeInTheDocument();
    expect(screen.getByText('Pas d’avis')).toBeInTheDocument();
  });

  it('says when a place has no reading', async () => {
    answer(biscarrosse, biscarrosseLieux);
    await renderScreen(<FavoriCard favori={{ id: 39, ida: 1 }} />);
    expect(await screen.findByText('Pas de mesure à ce lieu.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: biscarrosse.body.lieu.libelle })).toHaveAttribute(
      'href',
      '/lieu/39/a-1',
    );
    expect(screen.getByText('Avis pour Baignade')).toBeInTheDocument();
    expect(screen.getByText('Inconnu')).toBeInTheDocument();
  });
});

describe('FavoriCard: removing, and places that cannot be shown', () => {
  it('offers to remove the favourite, named after its place', async () => {
    answer(toulouse, garonne);
    const onRemove = vi.fn();
    const { user } = await renderScreen(<FavoriCard favori={{ id: 1, ida: 3 }} onRemove={onRemove} />);
    const retirer = await screen.findByRole('button', {
      name: `Retirer ${toulouse.body.lieu.libelle} de vos favoris`,
    });
    await user.click(retirer);
    expect(onRemove).toHaveBeenCalledWith(toulouse.body.lieu.libelle);
  });

  it('says a place that no longer exists is gone, and can still be removed', async () => {
    server.use(
      http.get('/api/activites/type-1/lieu-404', () =>
        errorReply(404, { code: 'not_found', message: 'Aucun lieu ne porte l’identifiant 404.' }),
      ),
    );
    const onRemove = vi.fn();
    const { user } = await renderScreen(<FavoriCard favori={{ id: 404, ida: 1 }} onRemove={onRemove} />);
    expect(await screen.findByText('Ce lieu n’existe plus dans Limni.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Lieu n° 404' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retirer Lieu n° 404 de vos favoris' }));
    expect(onRemove).toHaveBeenCalledWith('Lieu n° 404');
  });

  it('offers to try again when the place’s data cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(toulouse.path, () =>
        fail
          ? errorReply(500, { code: 'internal', message: 'Erreur interne' })
          : HttpResponse.json(toulouse.body),
      ),
      http.get(garonne.path, () => HttpResponse.json(garonne.body)),
      http.get(health.path, () => HttpResponse.json(health.body)),
    );
    const { user } = await renderScreen(<FavoriCard favori={{ id: 1, ida: 3 }} />);
    expect(await screen.findByText('Les données de ce lieu n’ont pas pu être chargées.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Réessayer/ }));
    expect(await screen.findByRole('link', { name: toulouse.body.lieu.libelle })).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    answer(biscarrosse, biscarrosseLieux);
    await renderScreen(<FavoriCard favori={{ id: 39, ida: 1 }} onRemove={() => undefined} />, {
      langue: 'en',
    });
    expect(await screen.findByText('No reading at this place.')).toBeInTheDocument();
    expect(screen.getByText('Verdict for Swimming')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Remove ${biscarrosse.body.lieu.libelle} from your favourites` }),
    ).toBeInTheDocument();
  });
});
