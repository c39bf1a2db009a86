import { RechercheTerms } from '@limni/shared/contracts/hydro';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import termsJson from '../../../../test/fixtures/recherche-terms.json';
import { errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { SearchBox } from './SearchBox';

const terms = fixture(termsJson, RechercheTerms);

/** Answers the search terms and counts how often they were asked. */
const answerTerms = (reply: () => Response = () => HttpResponse.json(terms.body)) => {
  const asked: string[] = [];
  server.use(
    http.get(terms.path, ({ request }) => {
      asked.push(request.url);
      return reply();
    }),
  );
  return asked;
};

const label = 'Rechercher un lac, une rivière ou un lieu';
const box = () =>
  renderScreen(<SearchBox label={label} showLabel placeholder="Garonne, Léman, Toulouse…" size="large" />);

/** The real field, once its code arrived in place of the look-alike one. */
const realField = async () => {
  await waitFor(() =>
    expect(screen.getByRole('combobox', { name: label })).not.toHaveAttribute('data-search-relais'),
  );
  return screen.getByRole('combobox', { name: label });
};

const foix = terms.body.lieux.find((l) => l.nom === 'Foix');
const ariege = terms.body.entites.find((e) => e.nom === "L'Ariège");

describe('SearchBox', () => {
  it('asks for nothing before the person comes to the field', async () => {
    const asked = answerTerms();
    await box();
    const field = screen.getByRole('combobox', { name: label });
    expect(field).toHaveAttribute('placeholder', 'Garonne, Léman, Toulouse…');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(asked).toEqual([]);
  });

  it('hands the focus to the real field, which lists the place found', async () => {
    answerTerms();
    const { user } = await box();
    await user.click(screen.getByRole('combobox', { name: label }));
    const field = await realField();
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'Foix');
    const list = await screen.findByRole('listbox', { name: label });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent(`Foix`);
    expect(options[0]).toHaveTextContent(`Lieu · ${foix?.entite_nom ?? '?'} (${foix?.departement ?? '?'})`);
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('1 résultat : Entrée pour l’ouvrir.');
  });

  it('keeps what was typed in the look-alike field while the real one loads', async () => {
    answerTerms();
    const { user } = await box();
    await user.type(screen.getByRole('combobox', { name: label }), 'Foix');
    expect(await screen.findByRole('option')).toHaveTextContent(/^Foix/);
    expect(await realField()).toHaveValue('Foix');
  });

  it('lists a river first, then the places on it', async () => {
    answerTerms();
    const { user } = await box();
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.type(await realField(), 'ariège');
    const options = await screen.findAllByRole('option');
    const surAriege = terms.body.lieux.filter((l) => l.entite_id === ariege?.id);
    expect(options).toHaveLength(1 + surAriege.length);
    expect(options[0]).toHaveTextContent(`${ariege?.nom ?? '?'}Rivière`);
    expect(
      options
        .slice(1)
        .map((o) => o.textContent)
        .sort(),
    ).toEqual(surAriege.map((l) => `${l.nom}Lieu · ${l.entite_nom} (${l.departement ?? ''})`).sort());
    expect(screen.getByRole('status')).toHaveTextContent(
      `${options.length} résultats : flèches haut et bas pour les parcourir, Entrée pour ouvrir.`,
    );
  });

  it('says when nothing matches', async () => {
    answerTerms();
    const { user } = await box();
    await user.click(screen.getByRole('combobox', { name: label }));
    const field = await realField();
    await user.type(field, 'Vassivière');
    expect(
      await screen.findAllByText('Aucun lac, rivière ou lieu ne correspond à « Vassivière ».'),
    ).not.toHaveLength(0);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it('waits for two letters before searching', async () => {
    answerTerms();
    const { user } = await box();
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.type(await realField(), 'F');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says the search is unavailable when its terms cannot be loaded', async () => {
    answerTerms(() => errorReply(503, { code: 'upstream_unavailable', message: 'Base indisponible' }));
    const { user } = await box();
    await user.click(screen.getByRole('combobox', { name: label }));
    await user.type(await realField(), 'Foix');
    expect(await screen.findAllByText('La recherche est momentanément indisponible.')).not.toHaveLength(0);
  });

  it('speaks English to an English reader', async () => {
    answerTerms();
    const { user } = await renderScreen(<SearchBox label="Search" />, { langue: 'en' });
    await user.click(screen.getByRole('combobox', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Search' })).not.toHaveAttribute('data-search-relais'),
    );
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'Foix');
    expect(await screen.findByRole('option')).toHaveTextContent(`Place · ${foix?.entite_nom ?? '?'}`);
  });
});
