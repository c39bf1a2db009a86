import { HealthResponse, type HealthResponse as Health } from '@limni/shared/contracts/health';
import { VigilanceResume } from '@limni/shared/contracts/hydro';
import { parseInstantConsulte } from '@limni/shared/domain/instant-consulte';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { Link, useLocation } from 'react-router';
import { fixture } from '../../../../test/fixtures';
import healthJson from '../../../../test/fixtures/home-health.json';
import vigilanceJson from '../../../../test/fixtures/home-vigilance.json';
import { errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import { instantConsulte, setInstantConsulte } from '../../../lib/instant-consulte';
import { useInstantUrl } from '../hooks/use-instant-url';
import { InstantBanner } from './InstantBanner';

const health = fixture(healthJson, HealthResponse);
const vigilance = fixture(vigilanceJson, VigilanceResume);

afterEach(() => {
  setInstantConsulte(null);
});

/** The shell's part of the instant: the address kept in step, the banner, where we are, a link inside the app. */
function Screen() {
  useInstantUrl();
  const location = useLocation();
  return (
    <>
      <InstantBanner />
      <p data-testid="adresse">{`${location.pathname}${location.search}`}</p>
      <Link to="/bassins">Bassins</Link>
    </>
  );
}

const answerHealth = (body: Health = health.body) =>
  server.use(http.get(health.path, () => HttpResponse.json(body)));

describe('the instant consulted: banner and address', () => {
  it('names the instant of the address, keeps it through a link, and leaves it for now', async () => {
    answerHealth();
    const { user } = await renderScreen(<Screen />, { route: '/lieu/1/a-1?t=2022-01-11T07:15' });
    expect(instantConsulte()).toEqual({
      texte: '2022-01-11T07:15',
      ms: Date.parse('2022-01-11T06:15:00Z'),
    });
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Limni tel qu’il était le 11 janvier 2022, 07 h 15.');
    await user.click(screen.getByRole('link', { name: 'Bassins' }));
    expect(screen.getByTestId('adresse')).toHaveTextContent('/bassins?t=2022-01-11T07:15');
    await user.click(within(banner).getByRole('link', { name: 'Revenir à maintenant' }));
    expect(screen.getByTestId('adresse')).toHaveTextContent(/^\/bassins$/);
    expect(instantConsulte()).toBeNull();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says so when the instant is before the raw readings kept, in English too', async () => {
    const debut = health.body.donnees.debut ?? 0;
    answerHealth();
    await renderScreen(<Screen />, { route: '/?t=1900-06-01T12:00', langue: 'en' });
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Limni as it was on June 1, 1900 at 12:00 PM.');
    const first = new Date(debut).toLocaleDateString('en-US', {
      timeZone: 'Europe/Paris',
      dateStyle: 'long',
    });
    expect(
      await within(banner).findByText(new RegExp(`Before ${first}, Limni keeps daily values only`)),
    ).toBeVisible();
  });

  it('says an address whose date is not one is not', async () => {
    answerHealth();
    await renderScreen(<Screen />, { route: '/?t=2022-02-30' });
    expect(screen.getByRole('status')).toHaveTextContent(
      'L’adresse demande une date qui n’en est pas une (« 2022-02-30 ») : écrivez-la AAAA-MM-JJTHH:MM.',
    );
  });
});

describe('« Voir à une autre date »', () => {
  const open = async () => {
    answerHealth();
    const r = await renderScreen(<Screen />, { route: '/bassins?t=2022-01-11T07:15' });
    await r.user.click(screen.getByRole('button', { name: 'Changer de date' }));
    return { ...r, dialog: await screen.findByRole('dialog', { name: 'Voir Limni à une autre date' }) };
  };

  it('starts at the instant shown and refuses a future date without asking the server', async () => {
    const { user, dialog } = await open();
    const date = within(dialog).getByLabelText('Date');
    expect(date).toHaveValue('2022-01-11');
    expect(within(dialog).getByLabelText('Heure (Paris)')).toHaveValue('07:15');
    await user.clear(date);
    await user.type(date, '2100-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Voir à cette date' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Cette date est dans le futur');
    expect(date).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the server’s refusal, then goes to an accepted date', async () => {
    const asked: string[] = [];
    server.use(
      http.get(vigilance.path, ({ request }) => {
        const t = new URL(request.url).searchParams.get('t') ?? '';
        asked.push(t);
        const ms = parseInstantConsulte(t) ?? 0;
        return ms < Date.parse('1857-05-01T00:00:00+01:00')
          ? errorReply(400, {
              code: 'validation',
              message: 'La date demandée est antérieure aux données, qui commencent le 1er mai 1857.',
            })
          : HttpResponse.json(vigilance.body);
      }),
    );
    const { user, dialog } = await open();
    const date = within(dialog).getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '1800-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Voir à cette date' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'La date demandée est antérieure aux données, qui commencent le 1er mai 1857.',
    );
    await user.clear(date);
    await user.type(date, '2022-01-20');
    await user.click(within(dialog).getByRole('button', { name: 'Voir à cette date' }));
    // The address changes once the server has accepted the date: the element is there before, its text after.
    await waitFor(() =>
      expect(screen.getByTestId('adresse')).toHaveTextContent('/bassins?t=2022-01-20T07:15'),
    );
    expect(asked).toEqual(['1800-01-01T07:15', '2022-01-20T07:15']);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Limni tel qu’il était le 20 janvier 2022, 07 h 15.',
    );
  });
});
