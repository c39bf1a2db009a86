import { EntiteDetail } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import ariegeJson from '../../../../test/fixtures/entite-ariege.json';
import { renderScreen } from '../../../../test/render';
import { Breadcrumb } from './Breadcrumb';

/** A river that is part of another: the trail goes through its parent. */
const ariege = fixture(ariegeJson, EntiteDetail);
const parent = ariege.body.parent;
const items = parent ? [{ to: `/entite/${parent.id}/liste/activite/1`, label: parent.nom }] : [];

describe('Breadcrumb', () => {
  it('leads from the home page through the map and the parent to the current page', async () => {
    await renderScreen(<Breadcrumb items={items} current={ariege.body.nom} />);
    const nav = screen.getByRole('navigation', { name: 'Fil d’Ariane' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Accueil', '/'],
      ['Carte', '/choisir/carte'],
      [parent?.nom, `/entite/${parent?.id}/liste/activite/1`],
    ]);
    const current = within(nav).getByText(ariege.body.nom);
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(current.tagName).not.toBe('A');
  });

  it('follows a link of the trail', async () => {
    const { user } = await renderScreen(<Breadcrumb items={items} current={ariege.body.nom} />, {
      route: '/entite/4/liste/activite/1',
      path: '/entite/4/liste/activite/1',
    });
    await user.click(screen.getByRole('link', { name: parent?.nom }));
    expect(screen.getByText('Une autre page')).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    await renderScreen(<Breadcrumb items={[]} current={ariege.body.nom} />, { langue: 'en' });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home', 'Map']);
  });
});
