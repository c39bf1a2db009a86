import { ActivitesResponse } from '@limni/shared/contracts/activites';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import activitesJson from '../../../../test/fixtures/activites-all.json';
import { errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { ActivitySwitcher } from './ActivitySwitcher';

const activites = fixture(activitesJson, ActivitesResponse);
const hrefFor = (ida: number) => `/entite/4/liste/activite/${ida}`;
const current = activites.body[2];

describe('ActivitySwitcher', () => {
  it('links each activity to the same view, the current one marked', async () => {
    server.use(http.get(activites.path, () => HttpResponse.json(activites.body)));
    await renderScreen(<ActivitySwitcher current={current?.id ?? 0} hrefFor={hrefFor} />);
    const nav = await screen.findByRole('navigation', { name: 'Activité' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(
      activites.body.map((a) => [a.nom, hrefFor(a.id)]),
    );
    expect(within(nav).getByRole('link', { name: current?.nom })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((a) => a.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('goes to the activity chosen', async () => {
    server.use(http.get(activites.path, () => HttpResponse.json(activites.body)));
    const { user } = await renderScreen(<ActivitySwitcher current={current?.id ?? 0} hrefFor={hrefFor} />, {
      route: hrefFor(current?.id ?? 0),
      path: hrefFor(current?.id ?? 0),
    });
    await user.click(await screen.findByRole('link', { name: activites.body[0]?.nom }));
    expect(screen.getByText('Une autre page')).toBeInTheDocument();
  });

  it('shows nothing when the activities cannot be loaded', async () => {
    server.use(http.get(activites.path, () => errorReply(500, { code: 'internal', message: 'Erreur' })));
    const { container } = await renderScreen(<ActivitySwitcher current={1} hrefFor={hrefFor} />);
    // A skeleton while asked, then nothing: the page goes on without the switcher.
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    server.use(http.get(activites.path, () => HttpResponse.json(activites.body)));
    await renderScreen(<ActivitySwitcher current={1} hrefFor={hrefFor} />, { langue: 'en' });
    const nav = await screen.findByRole('navigation', { name: 'Activity' });
    expect(within(nav).getByRole('link', { name: 'Fishing' })).toHaveAttribute('href', hrefFor(2));
  });
});
