import { RechercheTerms } from '@limni/shared/contracts/hydro';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import termsJson from '../../../../test/fixtures/recherche-terms.json';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import SearchCombobox from './SearchCombobox';

const terms = fixture(termsJson, RechercheTerms);
const label = 'Rechercher un lac, une rivière ou un lieu';

/** Where the router is, as a person reads it in the address bar. */
function Adresse() {
  return <p>Adresse : {useLocation().pathname}</p>;
}

const open = async (onDone?: () => void) => {
  server.use(http.get(terms.path, () => HttpResponse.json(terms.body)));
  const screenRender = await renderScreen(
    <>
      <SearchCombobox label={label} onDone={onDone} />
      <Adresse />
    </>,
    { route: '/' },
  );
  const field = screen.getByRole('combobox', { name: label });
  return { ...screenRender, field };
};

/** The place or river of the search terms whose name an option begins with, and its page. */
const pageOf = (option: HTMLElement) => {
  const text = option.textContent ?? '';
  const lieu = terms.body.lieux.find((l) => text.startsWith(`${l.nom}Lieu`));
  if (lieu) return `/lieu/${lieu.id}/a-1`;
  const entite = terms.body.entites.find((e) => text.startsWith(e.nom));
  return entite ? `/entite/${entite.id}/liste/activite/1` : 'aucune page';
};

describe('SearchCombobox: keyboard', () => {
  it('moves through the results with the arrows and opens the chosen one with Entrée', async () => {
    const onDone = vi.fn();
    const { user, field } = await open(onDone);
    await user.type(field, 'ariège');
    const options = await screen.findAllByRole('option');
    expect(options.length).toBeGreaterThan(3);
    expect(options.every((o) => o.getAttribute('aria-selected') === 'false')).toBe(true);

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const third = screen.getAllByRole('option')[2];
    expect(third).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', third?.id);

    await user.keyboard('{ArrowUp}');
    const second = screen.getAllByRole('option')[1];
    expect(second).toHaveAttribute('aria-selected', 'true');
    const expected = second ? pageOf(second) : '';

    await user.keyboard('{Enter}');
    expect(screen.getByText(`Adresse : ${expected}`)).toBeInTheDocument();
    expect(expected).toMatch(/^\/lieu\/\d+\/a-1$/);
    expect(field).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('opens the first result with Entrée when none was chosen', async () => {
    const { user, field } = await open();
    await user.type(field, 'ariège');
    const [first] = await screen.findAllByRole('option');
    const expected = first ? pageOf(first) : '';
    await user.keyboard('{Enter}');
    expect(screen.getByText(`Adresse : ${expected}`)).toBeInTheDocument();
    expect(expected).toMatch(/^\/entite\/\d+\/liste\/activite\/1$/);
  });

  it('goes round from the first result to the last with ↑', async () => {
    const { user, field } = await open();
    await user.type(field, 'ariège');
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowUp}');
    expect(options[options.length - 1]).toHaveAttribute('aria-selected', 'true');
  });

  it('closes the list with Échap, then clears the field with a second Échap', async () => {
    const { user, field } = await open();
    await user.type(field, 'Foix');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field).toHaveValue('Foix');
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('');
    expect(screen.getByText('Adresse : /')).toBeInTheDocument();
  });

  it('does nothing with Entrée when nothing matches', async () => {
    const { user, field } = await open();
    await user.type(field, 'Vassivière{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Aucun lac, rivière ou lieu ne correspond à « Vassivière ».',
    );
    expect(screen.getByText('Adresse : /')).toBeInTheDocument();
  });
});

describe('SearchCombobox: pointer', () => {
  it('opens the result that is clicked', async () => {
    const { user, field } = await open();
    await user.type(field, 'Foix');
    const foix = terms.body.lieux.find((l) => l.nom === 'Foix');
    await user.click(await screen.findByRole('option', { name: /^Foix/ }));
    expect(screen.getByText(`Adresse : /lieu/${foix?.id ?? 0}/a-1`)).toBeInTheDocument();
  });
});
