import { ActivitesResponse, VerdictLieu } from '@limni/shared/contracts/activites';
import { HealthResponse } from '@limni/shared/contracts/health';
import { NormalesLieu } from '@limni/shared/contracts/historique';
import {
  AlertesResponse,
  ChroniqueHoraire,
  DateRange,
  EntiteLieux,
  GraphOptions,
  LieuDetail,
  LieuDonnees,
} from '@limni/shared/contracts/hydro';
import { MeteoLieuResponse } from '@limni/shared/contracts/meteo';
import { PhotosNiveau } from '@limni/shared/contracts/publications';
import { LieuSecheresse } from '@limni/shared/contracts/secheresse';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, type Fixture } from '../../../test/fixtures';
import activitesJson from '../../../test/fixtures/lieu-activites.json';
import lieuxJson from '../../../test/fixtures/lieu-garonne-lieux.json';
import healthJson from '../../../test/fixtures/lieu-health.json';
import alertesJson from '../../../test/fixtures/lieu-toulouse-alertes.json';
import chJson from '../../../test/fixtures/lieu-toulouse-c-h-24h.json';
import d2021Json from '../../../test/fixtures/lieu-toulouse-d-2021.json';
import d24Json from '../../../test/fixtures/lieu-toulouse-d-24h.json';
import d30Json from '../../../test/fixtures/lieu-toulouse-d-30j.json';
import rangeJson from '../../../test/fixtures/lieu-toulouse-daterange.json';
import gJson from '../../../test/fixtures/lieu-toulouse-g-options-24h.json';
import meteoJson from '../../../test/fixtures/lieu-toulouse-meteo.json';
import photosNiveauJson from '../../../test/fixtures/lieu-toulouse-photos-niveau.json';
import secheresseJson from '../../../test/fixtures/lieu-toulouse-secheresse.json';
import normalesJson from '../../../test/fixtures/lieu-toulouse-normales.json';
import verdictJson from '../../../test/fixtures/lieu-toulouse-verdict-peche.json';
import lieuJson from '../../../test/fixtures/lieu-toulouse.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import LieuPage from './LieuPage';

// The tab and its chart are lazy chunks: their first import, on a busy machine, takes seconds. They are imported once
// before the tests, which then wait for them a little longer than Testing Library's one second.
configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await Promise.all([import('./donnees/DonneesTab'), import('./donnees/components/SeriesChart')]);
}, 60_000);

// The Données tab opens under the header: its chart is uPlot, which needs a canvas and `matchMedia` that jsdom lacks.
// The chart's box, its name and its description stay the app's own; only the drawing is left out.
vi.mock('uplot', () => ({
  default: class {
    root = document.createElement('div');
    destroy(): void {}
    setSize(): void {}
  },
}));
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe(): void {}
    disconnect(): void {}
  },
);

const lieu = fixture(lieuJson, LieuDetail);
const activites = fixture(activitesJson, ActivitesResponse);
const lieux = fixture(lieuxJson, EntiteLieux);
const verdict = fixture(verdictJson, VerdictLieu);
const health = fixture(healthJson, HealthResponse);

/** The header's answers and those of the Données tab over 24 hours (`?jours=1`: the smallest recorded window). */
const recorded: Fixture<JsonBodyType>[] = [
  activites,
  lieux,
  verdict,
  health,
  fixture(alertesJson, AlertesResponse),
  fixture(rangeJson, DateRange),
  fixture(normalesJson, NormalesLieu),
  fixture(meteoJson, MeteoLieuResponse),
  fixture(photosNiveauJson, PhotosNiveau),
  fixture(secheresseJson, LieuSecheresse),
  fixture(d24Json, LieuDonnees),
  fixture(d30Json, LieuDonnees),
  fixture(d2021Json, LieuDonnees),
  fixture(gJson, GraphOptions),
  fixture(chJson, ChroniqueHoraire),
];

/** Answers the fixture's path; its query string (`?activite=2`) must be the one asked. */
function answer(f: Fixture<JsonBodyType>, body: () => Response = () => HttpResponse.json(f.body)) {
  const recordedUrl = new URL(f.path, 'http://limni.test');
  return http.get(recordedUrl.pathname, ({ request }) => {
    const asked = new URL(request.url).searchParams;
    for (const [key, value] of recordedUrl.searchParams) {
      if (asked.get(key) !== value) return errorReply(400, { code: 'validation', message: key });
    }
    return body();
  });
}

const ROUTE = '/lieu/1/a-2?jours=1';
const PATH = '/lieu/:id/:activite/*';
const show = (route = ROUTE, langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<LieuPage />, { route, path: PATH, langue });

const toulouse = lieux.body.lieux.find((l) => l.id === lieu.body.id)?.capteurs[0];
const peche = activites.body.find((a) => a.id === 2);
const titre = lieu.body.libelle;

/** « 24 janvier 2021 », « 1er février 2022 » (Europe/Paris). */
const longDate = (ms: number, locale = 'fr-FR') => {
  const text = new Date(ms).toLocaleDateString(locale, {
    timeZone: 'Europe/Paris',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return locale === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
};

/** « 01/02/2022 à 00h45 » (Europe/Paris). */
const dateHeure = (ms: number) => {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return `${p.day}/${p.month}/${p.year} à ${p.hour}h${p.minute}`;
};

const decimals = (v: number, n: number, locale = 'fr-FR') =>
  v.toLocaleString(locale, { minimumFractionDigits: n, maximumFractionDigits: n });
/** Spaces of the app's texts are often no-break ones: any space of `text` matches any of them. */
const spaced = (text: string, whole = false) => {
  const source = text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s');
  return new RegExp(whole ? `^${source}$` : source);
};

const header = () => screen.getByRole('region', { name: titre });

describe('LieuPage: the header', () => {
  it('names the place, its river and département, with the latest value large, its trend and age', async () => {
    server.use(...recorded.map((f) => answer(f)), answer(lieu));
    await show();
    expect(await screen.findByRole('heading', { level: 1, name: titre })).toBeInTheDocument();
    const card = header();
    const dep = lieu.body.departement;
    expect(card).toHaveTextContent(`Rivière · ${dep?.nom ?? ''} (${dep?.code ?? ''})`);
    expect(screen.getByRole('link', { name: lieu.body.entite.nom })).toHaveAttribute(
      'href',
      `/entite/${lieu.body.entite.id}/liste/activite/2`,
    );
    if (!toulouse || toulouse.valeur === null || toulouse.ts === null) throw new Error('no value recorded');
    expect(
      await within(card).findByText(spaced(`${decimals(toulouse.valeur, 2)} m`, true)),
    ).toBeInTheDocument();
    expect(within(card).getByText(toulouse.tendance ?? '')).toBeInTheDocument();
    const rate = toulouse.variation_h ?? 0;
    expect(rate).toBeGreaterThan(0);
    expect(within(card).getByText(spaced(`+${decimals(rate * 100, 1)} cm/h`, true))).toBeInTheDocument();
    const minutes = Math.round((lieux.body.maintenant - toulouse.ts) / 60_000);
    expect(card).toHaveTextContent(
      spaced(`Dernière mesure le ${dateHeure(toulouse.ts)} (il y a ${minutes} min`),
    );
    expect(document.title).toBe(`${titre} — Limni`);
  });

  it('gives the stretch’s last known vigilance and the verdict for the activity of the address', async () => {
    server.use(...recorded.map((f) => answer(f)), answer(lieu));
    await show();
    const troncon = lieu.body.troncon;
    if (!troncon || troncon.niveau_ts === null) throw new Error('no stretch recorded');
    // The bulletin of January 2021 is not current on 1 February 2022: said as the last one known, without colour.
    expect(troncon.niveau).toBe(1);
    expect(
      await screen.findByText(
        spaced(`Dernier bulletin Vigicrues connu, du ${longDate(troncon.niveau_ts)} : vert`),
      ),
    ).toBeInTheDocument();
    const card = header();
    expect(card).toHaveTextContent(`Tronçon ${troncon.nom}, niveau publié le ${longDate(troncon.niveau_ts)}`);
    expect(within(card).getByRole('link', { name: 'Voir le tronçon' })).toHaveAttribute(
      'href',
      `/entite-troncon/${troncon.id}/carte/activite/2`,
    );
    expect(await within(card).findByText(`Avis pour ${peche?.nom ?? ''}`)).toBeInTheDocument();
    expect(verdict.body.verdict).toBe('praticable');
    expect(within(card).getByText('Praticable')).toBeInTheDocument();
    expect(within(card).getByText(verdict.body.raison)).toBeInTheDocument();
  });
});

describe('LieuPage: the tabs and activities', () => {
  it('opens on the Données tab and links every tab and activity, keeping the window', async () => {
    server.use(...recorded.map((f) => answer(f)), answer(lieu));
    await show();
    // The address of the place alone opens its Données tab, over the window of the address (24 hours).
    expect(await screen.findByRole('button', { name: '24 heures' })).toHaveAttribute('aria-pressed', 'true');
    const tabs = screen.getByRole('navigation', { name: 'Rubriques du lieu' });
    await waitFor(() =>
      expect(within(tabs).getByRole('link', { name: 'Données' })).toHaveAttribute('aria-current', 'page'),
    );
    for (const [name, tab] of [
      ['Carte', 'carte'],
      ['Infos pratiques', 'infos'],
      ['Photos', 'photos'],
      ['Webcam', 'webcam'],
      ['Social', 'social'],
    ]) {
      const link = within(tabs).getByRole('link', { name });
      expect(link).toHaveAttribute('href', `/lieu/1/a-2/${tab}?jours=1`);
      expect(link).not.toHaveAttribute('aria-current');
    }
    const switcher = await screen.findByRole('navigation', { name: 'Activité' });
    for (const a of activites.body) {
      const link = within(switcher).getByRole('link', { name: new RegExp(a.nom) });
      expect(link).toHaveAttribute('href', `/lieu/1/a-${a.id}/donnees?jours=1`);
    }
  });
});

describe('LieuPage: a place that cannot be shown', () => {
  it('says the place is not found when the API knows no such id', async () => {
    server.use(
      answer(activites),
      answer(health),
      answer(lieu, () =>
        errorReply(404, { code: 'not_found', message: 'Aucun lieu ne porte l’identifiant 1.' }),
      ),
    );
    await show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Lieu introuvable' })).toBeInTheDocument();
    expect(screen.getByText('Aucun lieu ne correspond à cette adresse.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir sur la carte' })).toHaveAttribute(
      'href',
      '/choisir/carte',
    );
  });

  it('shows the 404 page for an activity the API does not know, or an id that is not one', async () => {
    server.use(answer(activites), answer(health), answer(lieu));
    const unknown = Math.max(...activites.body.map((a) => a.id)) + 1;
    const { unmount } = await show(`/lieu/1/a-${unknown}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
    unmount();
    await show('/lieu/toulouse/a-2');
    expect(screen.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeInTheDocument();
  });

  it('offers to try again when the place cannot be loaded, then shows it', async () => {
    const message = 'Le service est momentanément indisponible.';
    server.use(
      ...recorded.map((f) => answer(f)),
      answer(lieu, () => errorReply(500, { code: 'internal', message })),
    );
    const { user } = await show();
    expect(await screen.findByText(message)).toBeInTheDocument();
    server.use(answer(lieu));
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('heading', { level: 1, name: titre })).toBeInTheDocument();
  });
});

describe('LieuPage in English', () => {
  it('speaks English to an English reader', async () => {
    server.use(...recorded.map((f) => answer(f)), answer(lieu));
    await show(ROUTE, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: titre })).toBeInTheDocument();
    const card = header();
    const dep = lieu.body.departement;
    expect(card).toHaveTextContent(`River · ${dep?.nom ?? ''} (${dep?.code ?? ''})`);
    expect(await within(card).findByText('Verdict for Fishing')).toBeInTheDocument();
    expect(within(card).getByText('Suitable')).toBeInTheDocument();
    if (!toulouse?.valeur) throw new Error('no value recorded');
    expect(
      within(card).getByText(spaced(`${decimals(toulouse.valeur, 2, 'en-US')} m`, true)),
    ).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Place sections' });
    await waitFor(() =>
      expect(within(tabs).getByRole('link', { name: 'Data' })).toHaveAttribute('aria-current', 'page'),
    );
    expect(within(tabs).getByRole('link', { name: 'Practical info' })).toBeInTheDocument();
  });
});
