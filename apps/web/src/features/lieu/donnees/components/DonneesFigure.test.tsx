/**
 * The chart of the Données tab as a screen reader meets it: a picture named by its series and window, described by
 * the plain-language summary under it (start, peak, trough, end, net change, last value, the peak of the last 30
 * days), with its legend and thresholds in words. The tab is rendered whole on Toulouse's 24 hours.
 */
import { ActivitesResponse } from '@limni/shared/contracts/activites';
import { HealthResponse } from '@limni/shared/contracts/health';
import { NormalesLieu } from '@limni/shared/contracts/historique';
import {
  ChroniqueHoraire,
  DateRange,
  GraphOptions,
  LieuDetail,
  LieuDonnees,
} from '@limni/shared/contracts/hydro';
import { MeteoLieuResponse } from '@limni/shared/contracts/meteo';
import { PhotosNiveau } from '@limni/shared/contracts/publications';
import { LieuSecheresse } from '@limni/shared/contracts/secheresse';
import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fixture, type Fixture } from '../../../../../test/fixtures';
import healthJson from '../../../../../test/fixtures/lieu-health.json';
import chJson from '../../../../../test/fixtures/lieu-toulouse-c-h-24h.json';
import d2021Json from '../../../../../test/fixtures/lieu-toulouse-d-2021.json';
import d24Json from '../../../../../test/fixtures/lieu-toulouse-d-24h.json';
import d30Json from '../../../../../test/fixtures/lieu-toulouse-d-30j.json';
import rangeJson from '../../../../../test/fixtures/lieu-toulouse-daterange.json';
import gJson from '../../../../../test/fixtures/lieu-toulouse-g-options-24h.json';
import meteoJson from '../../../../../test/fixtures/lieu-toulouse-meteo.json';
import photosNiveauJson from '../../../../../test/fixtures/lieu-toulouse-photos-niveau.json';
import secheresseJson from '../../../../../test/fixtures/lieu-toulouse-secheresse.json';
import activitesAllJson from '../../../../../test/fixtures/activites-all.json';
import normalesJson from '../../../../../test/fixtures/lieu-toulouse-normales.json';
import lieuJson from '../../../../../test/fixtures/lieu-toulouse.json';
import { errorReply } from '../../../../../test/http';
import { renderScreen } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import DonneesTab from '../DonneesTab';

// The chart is a lazy chunk: its first import, on a busy machine, takes seconds. It is imported once before the
// tests, which then wait for it a little longer than Testing Library's one second.
configure({ asyncUtilTimeout: 5_000 });
beforeAll(async () => {
  await import('./SeriesChart');
}, 60_000);

// uPlot needs a canvas and `matchMedia`, which jsdom lacks: the drawing is left out, the chart's box and words stay.
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
const range = fixture(rangeJson, DateRange);
const jour = fixture(d24Json, LieuDonnees);
const mois = fixture(d30Json, LieuDonnees);
const options = fixture(gJson, GraphOptions);
const normales = fixture(normalesJson, NormalesLieu);
const recorded: Fixture<JsonBodyType>[] = [
  range,
  jour,
  mois,
  options,
  normales,
  fixture(healthJson, HealthResponse),
  fixture(d2021Json, LieuDonnees),
  fixture(chJson, ChroniqueHoraire),
  fixture(meteoJson, MeteoLieuResponse),
  fixture(photosNiveauJson, PhotosNiveau),
  fixture(secheresseJson, LieuSecheresse),
  fixture(activitesAllJson, ActivitesResponse),
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

const show = (langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<DonneesTab lieu={lieu.body} ida={2} />, { route: '/lieu/1/a-2/donnees?jours=1', langue });

const DAY = 86_400_000;
const TZ = 'Europe/Paris';

/** The readings of the 24 hours that end with the place's last one, as the chart draws them. */
function window24h() {
  const serie = jour.body.series[0];
  const fin = range.body.fin;
  if (!serie || fin === null) throw new Error('no series recorded');
  const points = serie.ts
    .map((ts, i) => ({ ts, valeur: serie.valeur[i] ?? Number.NaN }))
    .filter((p) => p.ts >= fin - DAY && p.ts <= fin);
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) throw new Error('empty window');
  const highest = points.reduce((a, b) => (b.valeur > a.valeur ? b : a));
  const lowest = points.reduce((a, b) => (b.valeur < a.valeur ? b : a));
  return { first, last, highest, lowest };
}

const metres = (v: number, locale = 'fr-FR') =>
  `${v.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} m`;

/** « 31 janvier à 0 h 45 », « 1er février à 0 h 45 »; "February 1, 12:45 AM" (Europe/Paris). */
function quand(ms: number, locale = 'fr-FR'): string {
  const day = new Date(ms).toLocaleDateString(locale, { timeZone: TZ, day: 'numeric', month: 'long' });
  if (locale !== 'fr-FR') {
    return `${day}, ${new Date(ms).toLocaleTimeString(locale, { timeZone: TZ, hour: 'numeric', minute: '2-digit' })}`;
  }
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', { timeZone: TZ, hour: 'numeric', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return `${day.replace(/^1 /, '1er ')} à ${Number(p.hour)} h ${p.minute ?? ''}`;
}

/** « 31/01/2022 à 00h45 » (Europe/Paris). */
function dateHeure(ms: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: TZ,
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
}

/** Spaces of the app's texts are often no-break ones: any space of `text` matches any of them. */
const spaced = (text: string) =>
  new RegExp(text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s'));

/** A text as Testing Library reads the page's: its no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('DonneesFigure: the chart’s text alternative', () => {
  it('names the chart by its series and window, and describes it by its summary', async () => {
    server.use(...recorded.map((f) => answer(f)));
    await show();
    const { first, last, highest, lowest } = window24h();
    const chart = await screen.findByRole('img', { name: /^Hauteur/ });
    const serie = options.body.series[0]?.libelle ?? '';
    expect(chart).toHaveAccessibleName(`${serie} du ${dateHeure(last.ts - DAY)} au ${dateHeure(last.ts)}`);
    // The path of the day: the start, its peak and trough in the order they came, the end and the net change.
    const inside = [
      { p: highest, mot: 'pic' },
      { p: lowest, mot: 'creux' },
    ].sort((a, b) => a.p.ts - b.p.ts);
    expect(last.valeur).toBeGreaterThan(first.valeur);
    const path = [
      `Sur 24 heures : ${metres(first.valeur)} le ${quand(first.ts)}`,
      ...inside.map(({ p, mot }) => `${mot} à ${metres(p.valeur)} le ${quand(p.ts)}`),
      `puis ${metres(last.valeur)} le ${quand(last.ts)} ; en hausse de ${metres(last.valeur - first.valeur)} sur la période.`,
    ].join(', ');
    expect(chart).toHaveAccessibleDescription(/^En résumé :/);
    expect(chart).toHaveAccessibleDescription(spaced(path));
    expect(chart).toHaveAccessibleDescription(
      spaced(`Dernière valeur ${metres(last.valeur)} le ${quand(last.ts)}.`),
    );
  });

  it('names the peak of the last 30 days and links to its day', async () => {
    server.use(...recorded.map((f) => answer(f)));
    await show();
    const serie = mois.body.series[0];
    if (!serie) throw new Error('no series recorded');
    const top = Math.max(...serie.valeur);
    const ts = serie.ts[serie.valeur.indexOf(top)] ?? 0;
    const chart = await screen.findByRole('img', { name: /^Hauteur/ });
    expect(chart).toHaveAccessibleDescription(
      spaced(`Pic des 30 derniers jours : ${metres(top)} le ${quand(ts)}`),
    );
    const link = screen.getByRole('link', { name: 'Afficher la période du pic des 30 derniers jours' });
    const day = new Date(ts).toLocaleDateString('sv-SE', { timeZone: TZ });
    expect(link).toHaveTextContent('afficher');
    expect(link).toHaveAttribute('href', `/lieu/1/a-2/donnees?jours=1&date=${day}`);
  });
});

describe('DonneesFigure: legend and thresholds', () => {
  it('says in words what each line is, with the activity’s threshold and its source', async () => {
    server.use(...recorded.map((f) => answer(f)));
    await show();
    const figure = (await screen.findByRole('img', { name: /^Hauteur/ })).closest('figure');
    if (!figure) throw new Error('no figure');
    const inFigure = within(figure);
    expect(inFigure.getByText('Mesures (m)')).toBeInTheDocument();
    const periode = normales.body.periode;
    const span = `${periode?.debut ?? ''}–${periode?.fin ?? ''}`;
    expect(
      inFigure.getByText(
        `Maximum journalier habituel à cette date (${span}) : 8 années sur 10 (clair), 1 sur 2 (foncé)`,
      ),
    ).toBeInTheDocument();
    expect(inFigure.getByText(`Médiane des maxima journaliers (${span})`)).toBeInTheDocument();
    for (const seuil of options.body.seuils) {
      expect(inFigure.getByText(plain(seuil.libelle))).toBeInTheDocument();
      if (seuil.texte) expect(inFigure.getByText(plain(seuil.texte))).toBeInTheDocument();
    }
    expect(inFigure.getByRole('button', { name: 'Télécharger (CSV)' })).toBeEnabled();
  });

  it('offers the daily table of the usual range only for daily values, not for a day of raw observations', async () => {
    server.use(...recorded.map((f) => answer(f)));
    await show();
    await screen.findByRole('img', { name: /^Hauteur/ });
    expect(screen.getByText('Mesures (m)')).toBeInTheDocument();
    expect(screen.queryByText(/^Tableau : valeurs et plage habituelle/)).not.toBeInTheDocument();
  });
});

describe('DonneesFigure: when the series cannot be loaded', () => {
  it('says so instead of a chart, and draws it once asked again', async () => {
    server.use(...recorded.map((f) => answer(f)));
    server.use(answer(jour, () => errorReply(500, { code: 'internal', message: 'Erreur interne.' })));
    const { user } = await show();
    expect(
      await screen.findByText('Données momentanément indisponibles pour cette période'),
    ).toBeInTheDocument();
    expect(screen.getByText('Le graphique n’a pas pu être chargé.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Hauteur/ })).not.toBeInTheDocument();
    server.use(answer(jour));
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('img', { name: /^Hauteur/ })).toBeInTheDocument();
  });
});

describe('DonneesFigure in English', () => {
  it('summarises the chart in English', async () => {
    server.use(...recorded.map((f) => answer(f)));
    await show('en');
    const { first, last } = window24h();
    const chart = await screen.findByRole('img', { name: / from .* to / });
    expect(chart).toHaveAccessibleDescription(/^In short:/);
    expect(chart).toHaveAccessibleDescription(
      spaced(`Over 24 hours: ${metres(first.valeur, 'en-US')} on ${quand(first.ts, 'en-US')}`),
    );
    expect(chart).toHaveAccessibleDescription(
      spaced(`Latest value ${metres(last.valeur, 'en-US')} on ${quand(last.ts, 'en-US')}.`),
    );
    expect(screen.getByText('Readings (m)')).toBeInTheDocument();
  });
});
