import {
  BassinsResponse,
  IndexResponse,
  RechercheTerms,
  type IndexItem,
} from '@limni/shared/contracts/hydro';
import { useQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { indexQuery } from '../../../api/hydro';
import { fixture } from '../../../../test/fixtures';
import bassinsJson from '../../../../test/fixtures/choisir-bassins.json';
import indexJson from '../../../../test/fixtures/choisir-index.json';
import termsJson from '../../../../test/fixtures/choisir-recherche-terms.json';
import { errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { EntityList, LieuxFound } from './EntityList';

const index = fixture(indexJson, IndexResponse);
const bassins = fixture(bassinsJson, BassinsResponse);
const terms = fixture(termsJson, RechercheTerms);

/** The list of the index as the chooser gives it: `filter` keeps some, `first` shown, then 150 more at a time. */
function List({ filter, first }: { filter: (e: IndexItem) => boolean; first: number }) {
  const q = useQuery(indexQuery());
  const [shown, setShown] = useState(first);
  return (
    <EntityList
      index={q}
      filtered={(q.data ?? []).filter(filter)}
      shown={shown}
      onMore={() => setShown((n) => n + 150)}
      bassins={bassins.body}
    />
  );
}
const show = (filter: (e: IndexItem) => boolean = () => true, first = 150, langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<List filter={filter} first={first} />, { langue });
const liste = () => screen.findByRole('list', { name: 'Liste des lacs et rivières' });

describe('EntityList', () => {
  it('shows each lake or river with its type, where it is and how many places have readings', async () => {
    server.use(http.get(index.path, () => HttpResponse.json(index.body)));
    await show();
    const links = within(await liste()).getAllByRole('link');
    expect(links).toHaveLength(index.body.length);
    for (const [i, e] of index.body.entries()) {
      const ou =
        e.departements.map((d) => d.nom).join(', ') || bassins.body.find((b) => b.slug === e.bassin)?.nom;
      expect(links[i]).toHaveAttribute('href', `/entite/${e.id}/carte/activite/1`);
      expect(links[i]).toHaveTextContent(`${e.nom}${e.type === 'L' ? 'Lac' : 'Rivière'} · ${ou}`);
      expect(links[i]).toHaveTextContent(`${e.nb_lieux} ${e.nb_lieux > 1 ? 'lieux' : 'lieu'}`);
      if (e.nb_lieux_mesures > 0) expect(links[i]).toHaveTextContent(`${e.nb_lieux_mesures} avec mesures`);
      else expect(links[i]).not.toHaveTextContent('avec mesures');
    }
  });

  it('shows the first ones, and the rest on demand', async () => {
    server.use(http.get(index.path, () => HttpResponse.json(index.body)));
    const { user } = await show(() => true, 10);
    expect(within(await liste()).getAllByRole('link')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: `Afficher ${index.body.length - 10} de plus` }));
    expect(within(await liste()).getAllByRole('link')).toHaveLength(index.body.length);
    expect(screen.queryByRole('button', { name: /^Afficher/ })).not.toBeInTheDocument();
  });

  it('says when no lake or river is left by the filters', async () => {
    server.use(http.get(index.path, () => HttpResponse.json(index.body)));
    await show(() => false);
    expect(await screen.findByText('Aucun lac ni rivière ne correspond à ces filtres.')).toBeInTheDocument();
  });

  it('says when the index cannot be loaded, and asks again', async () => {
    server.use(
      http.get(index.path, () => errorReply(503, { code: 'upstream_unavailable', message: 'Indisponible' }), {
        once: true,
      }),
      http.get(index.path, () => HttpResponse.json(index.body)),
    );
    const { user } = await show();
    expect(await screen.findByText('Impossible de charger ces données.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(within(await liste()).getAllByRole('link')).toHaveLength(index.body.length);
  });

  it('speaks English to an English reader', async () => {
    server.use(http.get(index.path, () => HttpResponse.json(index.body)));
    await show((e) => e.type === 'L', 150, 'en');
    const links = within(await screen.findByRole('list', { name: 'List of lakes and rivers' })).getAllByRole(
      'link',
    );
    const lac = index.body.find((e) => e.type === 'L');
    expect(links[0]).toHaveTextContent(`${lac?.nom}Lake · Abroad`);
    expect(links[0]).toHaveTextContent(`${lac?.nb_lieux_mesures} with readings`);
  });
});

describe('LieuxFound', () => {
  it('lists the places whose name matches, with their river and département', async () => {
    const hits = terms.body.lieux.slice(0, 2).map((l) => ({
      kind: 'lieu' as const,
      id: l.id,
      nom: l.nom,
      type: l.type,
      entiteNom: l.entite_nom,
      departement: l.departement,
      href: `/lieu/${l.id}`,
    }));
    await renderScreen(<LieuxFound places={hits} />);
    const found = screen.getByRole('region', { name: 'Lieux dont le nom correspond' });
    const links = within(found).getAllByRole('link');
    expect(links).toHaveLength(hits.length);
    for (const [i, h] of hits.entries()) {
      expect(links[i]).toHaveAttribute('href', `/lieu/${h.id}/a-1`);
      expect(links[i]).toHaveTextContent(
        `${h.nom}${h.entiteNom}${h.departement ? ` (${h.departement})` : ''}`,
      );
    }
  });

  it('shows nothing when no place matches', async () => {
    await renderScreen(<LieuxFound places={[]} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
