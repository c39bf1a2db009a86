import { HealthResponse } from '@limni/shared/contracts/health';
import {
  BassinsResponse,
  IndexResponse,
  RechercheTerms,
  VigilanceResume,
} from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fixture, type Fixture } from '../../../../test/fixtures';
import bassinsJson from '../../../../test/fixtures/choisir-bassins.json';
import indexJson from '../../../../test/fixtures/choisir-index.json';
import termsJson from '../../../../test/fixtures/choisir-recherche-terms.json';
import vigilanceJson from '../../../../test/fixtures/choisir-vigilance.json';
import healthJson from '../../../../test/fixtures/etat-sources-health.json';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { useChoisirFilters } from '../hooks/use-choisir-filters';
import { ChoisirFilters, type Vue } from './ChoisirFilters';
import { EntityList, LieuxFound } from './EntityList';

// A trimmed recording of `/api/hydro/index` (the lakes and rivers of three basins) and of the search terms.
const index = fixture(indexJson, IndexResponse);
const bassins = fixture(bassinsJson, BassinsResponse);
const terms = fixture(termsJson, RechercheTerms);
const vigilance = fixture(vigilanceJson, VigilanceResume);
const health = fixture(healthJson, HealthResponse);

const answer = (f: Fixture<JsonBodyType>) => http.get(f.path, () => HttpResponse.json(f.body));
let termsAsked = 0;
const answerAll = () => {
  termsAsked = 0;
  server.use(
    answer(index),
    answer(bassins),
    answer(vigilance),
    answer(health),
    http.get(terms.path, () => {
      termsAsked += 1;
      return HttpResponse.json(terms.body);
    }),
  );
};

/** The chooser's list side, as its page puts it together (the map aside). */
function Chooser() {
  const filters = useChoisirFilters();
  const [vue, setVue] = useState<Vue>('liste');
  return (
    <>
      <ChoisirFilters filters={filters} titleId="titre" vue={vue} onVue={setVue} />
      <LieuxFound places={filters.places} />
      <EntityList
        index={filters.index}
        filtered={filters.filtered}
        shown={filters.shown}
        onMore={filters.showMore}
        bassins={filters.bassins.data}
      />
    </>
  );
}
const show = (route = '/choisir/carte', langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<Chooser />, { route, path: '/choisir/carte', langue });

const key = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const resultats = (n: number) => `${n} résultat${n > 1 ? 's' : ''}`;
const liste = () => screen.getByRole('list', { name: 'Liste des lacs et rivières' });
const avec = index.body.filter((e) => e.nb_lieux_mesures > 0);

describe('ChoisirFilters, the count and the name', () => {
  it('counts every lake and river at first, and says why « with readings » is not ticked', async () => {
    answerAll();
    await show();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Choisir son lac, sa rivière' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(resultats(index.body.length))).toBeInTheDocument();
    const box = screen.getByRole('checkbox', {
      name: `Avec mesures seulement (${avec.length} sur ${index.body.length})`,
    });
    expect(box).not.toBeChecked();
    const part = Math.round((100 * avec.length) / index.body.length);
    expect(
      screen.getByText(
        new RegExp(
          `^Non coché d’office : ${avec.length} lacs et rivières sur ${index.body.length} \\(${part}\\s%\\)`,
        ),
      ),
    ).toBeInTheDocument();
    expect(within(liste()).getAllByRole('link')).toHaveLength(index.body.length);
  });

  it('keeps the names that hold the typed text, and lists the places of that name', async () => {
    answerAll();
    const { user } = await show();
    await screen.findByText(resultats(index.body.length));
    await user.type(screen.getByRole('searchbox', { name: 'Nom' }), 'gar');
    const gardes = index.body.filter((e) => key(e.nom).includes('gar'));
    expect(await screen.findByText(resultats(gardes.length))).toBeInTheDocument();
    expect(
      within(liste())
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(expect.arrayContaining(gardes.map((e) => `/entite/${e.id}/carte/activite/1`)));
    const lieux = await screen.findByRole('region', { name: 'Lieux dont le nom correspond' });
    const found = within(lieux).getAllByRole('link');
    expect(found.length).toBeGreaterThan(0);
    for (const a of found) {
      const lieu = terms.body.lieux.find((l) => a.getAttribute('href') === `/lieu/${l.id}/a-1`);
      expect(key(`${lieu?.nom} ${lieu?.entite_nom}`)).toContain('gar');
    }
    expect(termsAsked).toBe(1);
  });

  it('says when no lake or river has that name', async () => {
    answerAll();
    const { user } = await show();
    await user.type(screen.getByRole('searchbox', { name: 'Nom' }), 'zzz');
    expect(await screen.findByText('0 résultat')).toBeInTheDocument();
    expect(screen.getByText('Aucun lac ni rivière ne correspond à ces filtres.')).toBeInTheDocument();
  });
});

describe('ChoisirFilters, type, readings, basin and département', () => {
  it('keeps the lakes, or those with readings, when asked', async () => {
    answerAll();
    const { user } = await show();
    await screen.findByText(resultats(index.body.length));
    const lacs = screen.getByRole('button', { name: 'Lacs' });
    await user.click(lacs);
    expect(lacs).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Tous' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByText(resultats(index.body.filter((e) => e.type === 'L').length))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tous' }));
    await user.click(screen.getByRole('checkbox', { name: /^Avec mesures seulement/ }));
    expect(screen.getByText(resultats(avec.length))).toBeInTheDocument();
  });

  it('reads the type from the address', async () => {
    answerAll();
    await show('/choisir/carte?type=R');
    expect(screen.getByRole('button', { name: 'Rivières' })).toHaveAttribute('aria-pressed', 'true');
    const rivieres = index.body.filter((e) => e.type === 'R');
    expect(await screen.findByText(resultats(rivieres.length))).toBeInTheDocument();
  });

  it('offers the basins that hold lakes or rivers and the départements of the list, and counts them', async () => {
    answerAll();
    const { user } = await show();
    await screen.findByText(resultats(index.body.length));
    const plus = screen.getByRole('button', { name: /^Bassin et département/ });
    expect(plus).toHaveAttribute('aria-expanded', 'false');
    await user.click(plus);
    expect(plus).toHaveAttribute('aria-expanded', 'true');
    const bassin = screen.getByRole('combobox', { name: 'Bassin' });
    const offered = bassins.body.filter((b) => b.nb_entites > 0);
    expect(
      within(bassin)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tous les bassins', ...offered.map((b) => (b.slug === 'suisse' ? b.nom : b.nom))]);
    const corse = bassins.body.find((b) => b.slug === 'corse');
    await user.selectOptions(bassin, corse?.nom ?? '');
    expect(
      screen.getByText(resultats(index.body.filter((e) => e.bassin === 'corse').length)),
    ).toBeInTheDocument();
    expect(plus).toHaveTextContent('Bassin et département (1)');
    await user.selectOptions(bassin, 'Tous les bassins');
    const departement = screen.getByRole('combobox', { name: 'Département' });
    await user.selectOptions(departement, '09 — Ariège');
    const ariege = index.body.filter((e) => e.departements.some((d) => d.code === '09'));
    expect(screen.getByText(resultats(ariege.length))).toBeInTheDocument();
  });

  it('switches between the list and the map on a phone, in English too', async () => {
    answerAll();
    const { user } = await show('/choisir/carte', 'en');
    const vue = screen.getByRole('group', { name: 'View' });
    expect(within(vue).getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(vue).getByRole('button', { name: 'Map' }));
    expect(within(vue).getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(`${index.body.length} results`)).toBeInTheDocument();
  });
});
