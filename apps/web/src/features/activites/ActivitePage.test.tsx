import { ActiviteDetail, ActivitesResponse, VerdictEntite } from '@limni/shared/contracts/activites';
import { MapsConfig } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fixture, type Fixture } from '../../../test/fixtures';
import allJson from '../../../test/fixtures/activites-all.json';
import ariegeJson from '../../../test/fixtures/activites-aviron-ariege.json';
import constanceJson from '../../../test/fixtures/activites-aviron-constance.json';
import garonneJson from '../../../test/fixtures/activites-aviron-garonne.json';
import lauerzJson from '../../../test/fixtures/activites-aviron-lauerz.json';
import loingJson from '../../../test/fixtures/activites-aviron-loing.json';
import quatreCantonsJson from '../../../test/fixtures/activites-aviron-quatre-cantons.json';
import sarnenJson from '../../../test/fixtures/activites-aviron-sarnen.json';
import avironJson from '../../../test/fixtures/activites-aviron.json';
import mapsJson from '../../../test/fixtures/entite-maps.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import ActivitePage from './ActivitePage';

// The verdicts' map shows its static preview, which measures its box (MapLibre itself never loads here).
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe(): void {}
    disconnect(): void {}
  },
);

const aviron = fixture(avironJson, ActiviteDetail);
const all = fixture(allJson, ActivitesResponse);
const maps = fixture(mapsJson, MapsConfig);
const verdicts = [
  ariegeJson,
  garonneJson,
  constanceJson,
  lauerzJson,
  sarnenJson,
  quatreCantonsJson,
  loingJson,
].map((raw) => fixture(raw, VerdictEntite));

const answer = (f: Fixture<JsonBodyType>) => http.get(f.path, () => HttpResponse.json(f.body));
const answerAll = () => server.use(answer(aviron), answer(all), answer(maps), ...verdicts.map(answer));
const show = (ida: string | number = aviron.body.id, langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<ActivitePage />, { route: `/activite/${ida}`, path: '/activite/:ida', langue });

const LABELS = {
  'trop bas': 'Trop bas',
  praticable: 'Praticable',
  'trop haut': 'Trop haut',
  déconseillé: 'Déconseillé',
  inconnu: 'Inconnu',
};
/** The places of the activity with their verdict, from the recorded answers of each lake or river. */
const lignes = verdicts.flatMap((v) =>
  v.body.lieux.filter((l) => aviron.body.lieux.some((p) => p.id === l.lieu.id)),
);
const label = (l: (typeof lignes)[number]) =>
  l.fondement?.kind === 'historique_insuffisant' ? 'Pas d’avis' : LABELS[l.verdict];
const nombre = (v: number, digits: number) =>
  v.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const dateHeure = (ms: number) => {
  const [d, h] = new Date(ms)
    .toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' })
    .split(' ');
  return `${d} à ${h?.replace(':', 'h')}`;
};
const jour = (ms: number) =>
  new Date(ms)
    .toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(/^1 /, '1er ');

describe('ActivitePage, the verdicts of an activity', () => {
  it('presents the activity, where it is followed and the day its verdicts speak of', async () => {
    answerAll();
    await show();
    const { body } = aviron;
    expect(await screen.findByRole('heading', { level: 1, name: body.nom })).toBeInTheDocument();
    expect(screen.getByText(body.description)).toBeInTheDocument();
    expect(
      screen.getByText(`Suivie à ${body.lieux.length} lieux sur ${body.entites.length} lacs et rivières`),
    ).toBeInTheDocument();
    const autres = screen.getByRole('navigation', { name: 'Autres activités' });
    expect(within(autres).getByRole('link', { name: body.nom })).toHaveAttribute('aria-current', 'page');
    const ref = verdicts[0]?.body;
    expect(
      await screen.findByRole('heading', { name: `Avis au ${jour(Date.parse(`${ref?.date}T12:00:00Z`))}` }),
    );
    expect(
      screen.getByText(new RegExp(`^Situation au ${dateHeure(ref?.instant ?? 0)}, avec la dernière mesure`)),
    ).toHaveTextContent('Les données disponibles s’arrêtent à cette date.');
    expect(screen.getByRole('note')).toHaveTextContent(body.avertissement);
  });

  it('counts the places of each verdict, « Pas d’avis » apart', async () => {
    answerAll();
    await show();
    const resume = await screen.findByRole('list', { name: 'Résumé des avis' });
    const expected = new Map<string, number>();
    for (const l of lignes) expected.set(label(l), (expected.get(label(l)) ?? 0) + 1);
    await within(resume).findByText(`× ${expected.get('Pas d’avis')}`);
    const shown = within(resume)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/\s+/g, ' '));
    expect(shown.sort()).toEqual([...expected].map(([k, n]) => `${k}× ${n}`).sort());
  });
});

describe('ActivitePage, the verdicts by lake and river', () => {
  it('shows each place with its verdict, its reason, its reading and its thresholds', async () => {
    answerAll();
    await show();
    for (const e of aviron.body.entites) {
      const section = await screen.findByRole('region', { name: e.nom });
      expect(within(section).getByRole('link', { name: `Tous les lieux de ${e.nom}` })).toHaveAttribute(
        'href',
        `/entite/${e.id}/liste/activite/${aviron.body.id}`,
      );
      const lieux = await within(section).findAllByRole('listitem');
      expect(lieux).toHaveLength(e.lieux.length);
    }
    for (const l of lignes) {
      const item = screen.getByRole('link', { name: l.lieu.libelle }).closest('li');
      expect(item).toHaveTextContent(label(l));
      expect(item).toHaveTextContent(l.raison);
    }
    // A reading at a time, and thresholds drawn from the years of an archive.
    const toulouse = lignes.find((l) => l.verdict === 'praticable');
    const seuil = aviron.body.lieux.find((p) => p.id === toulouse?.lieu.id)?.seuils[0];
    const f = seuil?.fondement;
    const item = screen.getByRole('link', { name: toulouse?.lieu.libelle }).closest('li');
    expect(item).toHaveTextContent(
      `Mesure : ${nombre(toulouse?.mesure?.valeur ?? NaN, 2)} m, le ${dateHeure(toulouse?.mesure?.ts ?? 0)}.`,
    );
    expect(item).toHaveTextContent(
      `Seuils : ${nombre(seuil?.seuil_bas ?? NaN, 2)} m – ${nombre(seuil?.seuil_haut ?? NaN, 2)} m (centiles des jours de ${f?.annee_debut} à ${f?.annee_fin})`,
    );
    // A daily mean is dated by its day.
    const daily = lignes.find((l) => (l.mesure?.pas_min ?? 0) >= 1440);
    expect(screen.getByRole('link', { name: daily?.lieu.libelle }).closest('li')).toHaveTextContent(
      `Mesure : ${nombre(daily?.mesure?.valeur ?? NaN, 1)} ${daily?.mesure?.unite}, moyenne du ${jour(daily?.mesure?.ts ?? 0)}.`,
    );
  });

  it('says which lake or river’s verdicts are missing, and asks for them again', async () => {
    answerAll();
    const loing = verdicts[verdicts.length - 1];
    const nom = loing?.body.entite.nom;
    server.use(http.get(loing?.path ?? '', () => HttpResponse.error(), { once: true }));
    const { user } = await show();
    const section = await screen.findByRole('region', { name: nom });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      `Les avis de ${nom} sont indisponibles.`,
    );
    expect(await screen.findByRole('region', { name: verdicts[0]?.body.entite.nom })).not.toHaveTextContent(
      /indisponibles/,
    );
    await user.click(within(section).getByRole('button', { name: 'Réessayer' }));
    expect(await within(section).findByRole('link', { name: /Épisy/ })).toBeInTheDocument();
  });
});

describe('ActivitePage, an address it does not know', () => {
  it('says so for an activity the API does not know, with the way to the others', async () => {
    server.use(
      answer(all),
      http.get('/api/activites/type-99', () =>
        errorReply(404, { code: 'not_found', message: "Aucune activité ne porte l'identifiant 99." }),
      ),
    );
    await show(99);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cette activité n’existe pas' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Toutes les activités' }).at(-1)).toHaveAttribute(
      'href',
      '/activites',
    );
  });

  it('asks nothing of an activity for an address that is not a number', async () => {
    server.use(answer(all));
    await show('aviron');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Cette activité n’existe pas' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: aviron.body.nom })).not.toHaveAttribute('aria-current');
  });

  it('speaks English to an English reader', async () => {
    answerAll();
    await show(aviron.body.id, 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rowing' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Summary of the verdicts' })).toBeInTheDocument();
  });
});
