import type { NotificationsResponse } from '@limni/shared/contracts/alertes';
import { HealthResponse } from '@limni/shared/contracts/health';
import { AlertesResponse, LieuDetail, type Alerte } from '@limni/shared/contracts/hydro';
import type { Profile } from '@limni/shared/contracts/profile';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures';
import healthJson from '../../../test/fixtures/alertes-health.json';
import portetJson from '../../../test/fixtures/alertes-portet.json';
import toulouseAlertesJson from '../../../test/fixtures/alertes-toulouse-alertes.json';
import toulouseJson from '../../../test/fixtures/alertes-toulouse.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { useAccount } from '../../stores/account';
import { useAlertesMasquees } from '../../stores/alertes-masquees';
import { useFavoris } from '../../stores/favoris';
import AlertesPage from './AlertesPage';

const health = fixture(healthJson, HealthResponse);
const toulouse = fixture(toulouseJson, LieuDetail);
const toulouseAlertes = fixture(toulouseAlertesJson, AlertesResponse);
const portet = fixture(portetJson, LieuDetail);
const DAY = 86_400_000;
const fin = health.body.donnees.fin ?? Date.UTC(2022, 0, 31, 23, 0);
const troncon = portet.body.troncon?.nom ?? 'Garonne toulousaine';

/** Portet's alerts (the demo has none): yellow vigilance of its tronçon now, a threshold crossed 9 days ago, an old one. */
const vigilance: Alerte = {
  id: 501,
  scope: 'troncon',
  scope_id: portet.body.troncon?.id ?? 225,
  scope_nom: troncon,
  source: 'vigicrues',
  niveau: 2,
  titre: `Vigilance jaune : ${troncon}`,
  message: 'Risque de crue génératrice de débordements et de dommages localisés.',
  debut: fin - 2 * DAY,
  fin: null,
  en_cours: true,
};
const seuil: Alerte = {
  ...vigilance,
  id: 502,
  scope: 'lieu',
  scope_id: portet.body.id,
  scope_nom: portet.body.libelle,
  source: 'seuil',
  niveau: 1,
  titre: 'Hauteur au-dessus de 3,00 m',
  message: '',
  debut: fin - 10 * DAY,
  fin: fin - 9 * DAY,
  en_cours: false,
};
const ancienne: Alerte = {
  ...seuil,
  id: 503,
  source: 'manuel',
  titre: 'Travaux sur la station',
  debut: fin - 90 * DAY,
  fin: fin - 60 * DAY,
};

/** The public answers: the data clock, Toulouse as recorded, Portet with `portetAlertes`. */
function answerLieux(portetAlertes: () => Response = () => HttpResponse.json([vigilance, seuil, ancienne])) {
  server.use(
    http.get(health.path, () => HttpResponse.json(health.body)),
    http.get(toulouse.path, () => HttpResponse.json(toulouse.body)),
    http.get(toulouseAlertes.path, () => HttpResponse.json(toulouseAlertes.body)),
    http.get(portet.path, () => HttpResponse.json(portet.body)),
    http.get(`${portet.path}/alertes`, portetAlertes),
  );
}

/** « 01/02/2022 à 00h55 », in Paris. */
function dateHeure(ms: number): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(ms);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('day')}/${p('month')}/${p('year')} à ${p('hour')}h${p('minute')}`;
}

const renderPage = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<AlertesPage />, { route: '/alertes', path: '/alertes', langue });
const region = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  useAccount.setState(useAccount.getInitialState(), true);
  useFavoris.setState({ lieux: [] });
  useAlertesMasquees.setState({ ids: [] });
});

describe('AlertesPage for a visitor', () => {
  it('says no place is followed, where to choose one and what an account adds', async () => {
    answerLieux();
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Mes alertes' })).toBeInTheDocument();
    expect(document.title).toBe('Mes alertes — Limni');
    expect(screen.getByText('Aucun lieu suivi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir un lac ou une rivière' })).toHaveAttribute(
      'href',
      '/choisir/carte',
    );
    const compte = screen.getByRole('complementary', { name: 'Recevoir les alertes sans ouvrir Limni' });
    expect(within(compte).getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/user/login');
    expect(screen.queryByRole('region', { name: 'Mes notifications' })).not.toBeInTheDocument();
  });

  it('lists a favourite without alert, named and linked for its activity', async () => {
    answerLieux();
    useFavoris.setState({ lieux: [{ id: toulouse.body.id, ida: 2 }] });
    await renderPage();
    expect(await screen.findByText('Aucune alerte en cours sur vos lieux')).toBeInTheDocument();
    const suivis = region('Lieux suivis');
    const link = await within(suivis).findByRole('link', { name: toulouse.body.libelle });
    expect(link).toHaveAttribute('href', `/lieu/${toulouse.body.id}/a-2`);
    expect(within(suivis).getByText('Favori')).toBeInTheDocument();
    expect(within(suivis).getByText('Aucune alerte')).toBeInTheDocument();
  });

  it('shows the current and the recently ended alerts of the favourites, not the old ones', async () => {
    answerLieux();
    useFavoris.setState({
      lieux: [
        { id: toulouse.body.id, ida: 1 },
        { id: portet.body.id, ida: 1 },
      ],
    });
    await renderPage();
    const enCours = region('Alertes en cours');
    const card = (await within(enCours).findByRole('heading', { name: vigilance.titre })).closest('li');
    if (!card) throw new Error('an alert is an item');
    const c = within(card);
    expect(c.getByText('Vigilance jaune')).toBeInTheDocument();
    expect(c.getByText(vigilance.message)).toBeInTheDocument();
    expect(
      c.getByText(`Depuis le ${dateHeure(vigilance.debut)} · Concerne : ${troncon}`),
    ).toBeInTheDocument();
    expect(await c.findByText(`Pour : ${portet.body.libelle}`)).toBeInTheDocument();

    const terminees = region('Alertes terminées');
    expect(within(terminees).getByRole('heading', { name: seuil.titre })).toBeInTheDocument();
    expect(within(terminees).getByText('Seuil franchi')).toBeInTheDocument();
    expect(
      within(terminees).getByText(
        new RegExp(`^Du ${dateHeure(seuil.debut)} au ${dateHeure(seuil.fin ?? 0)}`),
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(ancienne.titre)).not.toBeInTheDocument();

    const portetRow = within(region('Lieux suivis'))
      .getByRole('link', { name: portet.body.libelle })
      .closest('li');
    expect(portetRow).toHaveTextContent('1 alerte en cours');
  });
});

describe('AlertesPage: hiding and failures', () => {
  it('hides an alert for the session, and shows it again', async () => {
    answerLieux();
    useFavoris.setState({ lieux: [{ id: portet.body.id, ida: 1 }] });
    const { user } = await renderPage();
    const enCours = await screen.findByRole('region', { name: 'Alertes en cours' });
    await user.click(
      await within(enCours).findByRole('button', {
        name: /^Masquer l’alerte «\sVigilance jaune .*\s» pour cette session$/,
      }),
    );
    expect(within(enCours).queryByRole('heading', { name: vigilance.titre })).not.toBeInTheDocument();
    expect(within(enCours).getByRole('status')).toHaveTextContent('1 alerte masquée pour cette session.');
    expect(within(enCours).getByText('Aucune alerte en cours sur vos lieux')).toBeInTheDocument();
    await user.click(within(enCours).getByRole('button', { name: 'Réafficher' }));
    expect(within(enCours).getByRole('heading', { name: vigilance.titre })).toBeInTheDocument();
  });

  it('says which place’s alerts could not be read', async () => {
    answerLieux(() => errorReply(500, { code: 'internal', message: 'Erreur interne.' }));
    useFavoris.setState({ lieux: [{ id: portet.body.id, ida: 1 }] });
    await renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Les alertes de ${portet.body.libelle} n’ont pas pu être chargées.`,
    );
  });
});

const profile = (lieux: Profile['lieux']): Profile => ({
  lieux,
  listes_sib: [],
  autorisations: [],
  avatar: null,
  date_naissance: null,
  acceptPrevisionAlert: false,
  notifications: { email: true, push: true },
  nb_push: 1,
  langue: 'fr',
});

const aucuneNotification = { non_lues: 0, notifications: [], suite: false } satisfies NotificationsResponse;

describe('AlertesPage signed in', () => {
  it('adds the places subscribed to, their state, and the notifications', async () => {
    answerLieux();
    server.use(http.get('/api/user/notifications', () => HttpResponse.json(aucuneNotification)));
    useFavoris.setState({ lieux: [{ id: toulouse.body.id, ida: 1 }] });
    useAccount.setState({
      token: 'jeton',
      user: { id: 7, username: 'marie' },
      profile: profile([
        { id: toulouse.body.id, nom: toulouse.body.libelle, actif: true },
        { id: portet.body.id, nom: portet.body.libelle, actif: false },
      ]),
    });
    await renderPage();
    expect(await screen.findByText('Aucune notification pour l’instant')).toBeInTheDocument();
    const rows = within(region('Lieux suivis')).getAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      toulouse.body.libelle,
      portet.body.libelle,
    ]);
    expect(rows[0]).toHaveTextContent(/Favori\s*Abonnement/);
    expect(rows[1]).toHaveTextContent('Abonnement en pause');
    expect(rows[1]).not.toHaveTextContent('Favori');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('waits for the subscriptions before saying nothing is followed', async () => {
    answerLieux();
    server.use(http.get('/api/user/notifications', () => HttpResponse.json(aucuneNotification)));
    useAccount.setState({ token: 'jeton', user: { id: 7, username: 'marie' }, profile: null });
    await renderPage();
    expect(screen.getByText('Chargement de vos abonnements…')).toBeInTheDocument();
    expect(screen.queryByText('Aucun lieu suivi')).not.toBeInTheDocument();
  });
});

describe('AlertesPage in English', () => {
  it('speaks English to an English reader', async () => {
    answerLieux();
    await renderPage('en');
    expect(screen.getByRole('heading', { level: 1, name: 'My alerts' })).toBeInTheDocument();
    expect(screen.getByText('No place followed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/user/login');
  });
});
