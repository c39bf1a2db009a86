import { ActivitesResponse, VerdictEntite } from '@limni/shared/contracts/activites';
import { HealthResponse } from '@limni/shared/contracts/health';
import { AlertesResponse, EntiteDetail, EntiteLieux } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fixture, type Fixture } from '../../../test/fixtures';
import activitesJson from '../../../test/fixtures/activites-all.json';
import ariegeCanoeJson from '../../../test/fixtures/entite-ariege-canoe.json';
import ariegeLieuxJson from '../../../test/fixtures/entite-ariege-lieux.json';
import ariegeJson from '../../../test/fixtures/entite-ariege.json';
import ariegeAlertesJson from '../../../test/fixtures/entite-ariege-alertes.json';
import alertesJson from '../../../test/fixtures/entite-loing-alertes.json';
import loingCanoeJson from '../../../test/fixtures/entite-loing-canoe.json';
import loingLieuxJson from '../../../test/fixtures/entite-loing-lieux.json';
import loingJson from '../../../test/fixtures/entite-loing.json';
import healthJson from '../../../test/fixtures/etat-sources-health.json';
import { errorReply } from '../../../test/http';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import EntitePage from './EntitePage';

// The map preview, imported with the page though the list view does not draw it, measures its box.
vi.stubGlobal(
  'ResizeObserver',
  class {
    observe(): void {}
    disconnect(): void {}
  },
);

const activites = fixture(activitesJson, ActivitesResponse);
const health = fixture(healthJson, HealthResponse);
const alertes = fixture(alertesJson, AlertesResponse);
const loing = fixture(loingJson, EntiteDetail);
const loingLieux = fixture(loingLieuxJson, EntiteLieux);
const loingCanoe = fixture(loingCanoeJson, VerdictEntite);
const ariege = fixture(ariegeJson, EntiteDetail);
const ariegeLieux = fixture(ariegeLieuxJson, EntiteLieux);
const ariegeCanoe = fixture(ariegeCanoeJson, VerdictEntite);
const ariegeAlertes = fixture(ariegeAlertesJson, AlertesResponse);

const answer = (f: Fixture<JsonBodyType>) => http.get(f.path, () => HttpResponse.json(f.body));
const PATH = '/entite/:id/liste/activite/:ida';
const show = (id: number, ida = 3, langue: 'fr' | 'en' = 'fr') =>
  renderScreen(<EntitePage />, { route: `/entite/${id}/liste/activite/${ida}`, path: PATH, langue });

/** « 1,25 m », « 14,4 m³/s »: metres with 2 decimals, other units with 1 under 100. */
const valeur = (v: number, unite: string) =>
  `${v.toLocaleString('fr-FR', { minimumFractionDigits: unite === 'm' ? 2 : 1, maximumFractionDigits: unite === 'm' ? 2 : 1 }).replace('-', '−')} ${unite}`;
/** « 31 décembre 2018 » in Paris. */
const jour = (ms: number) =>
  new Date(ms)
    .toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' })
    .replace(/^1 /, '1er ');
/** « 01/02/2022 à 01h00 » in Paris. */
const dateHeure = (ms: number) => {
  const [d, h] = new Date(ms)
    .toLocaleString('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' })
    .split(' ');
  return `${d} à ${h?.replace(':', 'h')}`;
};
const VERDICTS = {
  inconnu: 'Inconnu',
  praticable: 'Praticable',
  'trop bas': 'Trop bas',
  'trop haut': 'Trop haut',
  déconseillé: 'Déconseillé',
};
/** The row of a place: the link to its page, named by its name first. */
const ligneDe = (lieu: { id: number; nom: string }) => {
  const row = screen
    .getAllByRole('link', { name: new RegExp(`^${lieu.nom.replace(/[()]/g, '\\$&')}`) })
    .find((a) => a.getAttribute('href') === `/lieu/${lieu.id}/a-3`);
  if (!row) throw new Error(`no row for ${lieu.nom}`);
  return row;
};

describe('EntitePage, the list of the Loing', () => {
  const answerLoing = () =>
    server.use(
      answer(loing),
      answer(loingLieux),
      answer(loingCanoe),
      answer(alertes),
      answer(activites),
      answer(health),
    );

  it('names the river, its basin and départements, and counts the places with readings', async () => {
    answerLoing();
    await show(loing.body.id);
    expect(await screen.findByRole('heading', { level: 1, name: loing.body.nom })).toBeInTheDocument();
    expect(screen.getByText(`Rivière · Bassin ${loing.body.bassin.nom}`)).toBeInTheDocument();
    expect(
      screen.getByText(loing.body.departements.map((d) => `${d.nom} (${d.code})`).join(', ')),
    ).toBeInTheDocument();
    const avec = loing.body.lieux.filter((l) => l.a_des_mesures).length;
    const lieux = screen.getByRole('heading', { level: 2, name: /^Lieux/ });
    expect(lieux).toHaveTextContent(`(${loing.body.lieux.length}, dont ${avec} avec des mesures)`);
    expect(screen.getByRole('link', { name: 'Liste' })).toHaveAttribute('aria-current', 'page');
    expect(
      await screen.findByText(`Situation au ${dateHeure(loingLieux.body.maintenant)}`),
    ).toBeInTheDocument();
  });

  it('shows each place upstream to downstream with its value, its age and its verdict', async () => {
    answerLoing();
    await show(loing.body.id);
    const rows = await screen.findAllByRole('link', { name: /Le Loing à/ });
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(loing.body.lieux.map((l) => `/lieu/${l.id}/a-3`));
    for (const lieu of loingLieux.body.lieux) {
      const row = ligneDe(lieu);
      const verdict = loingCanoe.body.lieux.find((v) => v.lieu.id === lieu.id)?.verdict ?? 'inconnu';
      expect(row).toHaveTextContent(`Canoë-kayak : ${VERDICTS[verdict]}`);
      const dated = lieu.capteurs.find((c) => c.valeur !== null && c.ts !== null);
      if (!dated?.ts || dated.valeur === null) {
        expect(row).toHaveTextContent('Aucune mesure');
        continue;
      }
      expect(row).toHaveTextContent(
        `${dated.grandeur === 'Q' ? 'Débit' : 'Hauteur'}${valeur(dated.valeur, dated.unite)}`,
      );
      expect(row).toHaveTextContent(`Dernière valeur : moyenne journalière du ${jour(dated.ts)}`);
      // Silent for years: said in words, not by a colour alone.
      expect(row).toHaveTextContent(/Données anciennes : pas de nouvelle mesure depuis/);
      // Its age on the demo's clock (1 February 2022), the date in full for whoever asks.
      const age = await within(row).findByText('il y a 3 ans');
      expect(age).toHaveAttribute('datetime', new Date(dated.ts).toISOString());
    }
    expect(screen.getByText(loingCanoe.body.avertissement)).toBeInTheDocument();
  });

  it('says when the places cannot be loaded, and loads them again on demand', async () => {
    answerLoing();
    server.use(
      http.get(
        loingLieux.path,
        () => errorReply(503, { code: 'upstream_unavailable', message: 'Base occupée' }),
        {
          once: true,
        },
      ),
    );
    const { user } = await show(loing.body.id);
    expect(await screen.findByRole('alert')).toHaveTextContent('Impossible de charger ces données.');
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findAllByRole('link', { name: /Le Loing à/ })).toHaveLength(loing.body.lieux.length);
  });
});

describe('EntitePage, a river with current readings', () => {
  it('gives each value its trend in words and links the parent, the stretch and the tributaries', async () => {
    server.use(
      answer(ariege),
      answer(ariegeLieux),
      answer(ariegeCanoe),
      answer(ariegeAlertes),
      answer(activites),
      answer(health),
    );
    await show(ariege.body.id);
    await screen.findAllByRole('link', { name: /L'Ariège à/ });
    const TENDANCES = {
      hausse_rapide: 'en hausse rapide',
      hausse: 'en hausse',
      stable: 'stable',
      baisse: 'en baisse',
      baisse_rapide: 'en baisse rapide',
    };
    const suivis = ariegeLieux.body.lieux.flatMap((lieu) => {
      const h = lieu.capteurs.find((c) => c.grandeur === 'H');
      return h && h.valeur !== null && h.tendance !== null && h.ts !== null
        ? [{ lieu, v: h.valeur, tendance: h.tendance, ts: h.ts }]
        : [];
    });
    expect(suivis.length).toBeGreaterThan(0);
    for (const { lieu, v, tendance, ts } of suivis) {
      const row = ligneDe(lieu);
      expect(row).toHaveTextContent(`Hauteur${valeur(v, 'm')}${TENDANCES[tendance]}`);
      expect(row).toHaveTextContent(`Dernière mesure le ${dateHeure(ts)}`);
      expect(row).toHaveTextContent('Canoë-kayak : Pas d’avis');
    }
    // The parent is in the breadcrumb and under the title.
    const parent = screen.getAllByRole('link', { name: ariege.body.parent?.nom });
    expect(parent.map((a) => a.getAttribute('href'))).toEqual([
      `/entite/${ariege.body.parent?.id}/liste/activite/3`,
      `/entite/${ariege.body.parent?.id}/liste/activite/3`,
    ]);
    const affluents = screen.getByRole('region', { name: 'Affluents et parties' });
    expect(
      within(affluents)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(ariege.body.entites_f.map((e) => `Rivière : ${e.nom}`));
    const troncon = ariege.body.troncons[0];
    const vigilance = screen.getByRole('region', { name: 'Vigilance crues par tronçon' });
    expect(within(vigilance).getByRole('link', { name: new RegExp(troncon?.nom ?? '-') })).toHaveAttribute(
      'href',
      `/entite-troncon/${troncon?.id}/carte/activite/3`,
    );
  });
});

describe('EntitePage, addresses it does not know', () => {
  it('says so for a lake or river id the API does not know', async () => {
    server.use(
      answer(health),
      http.get('/api/hydro/entite/999999', () =>
        errorReply(404, {
          code: 'not_found',
          message: "Aucun lac ni rivière ne porte l'identifiant 999999.",
        }),
      ),
    );
    await show(999999);
    expect(await screen.findByRole('heading', { name: 'Lac ou rivière introuvable' })).toBeInTheDocument();
    expect(screen.getByText('Aucun lac ni rivière ne correspond à cette adresse.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choisir sur la carte' })).toHaveAttribute(
      'href',
      '/choisir/carte',
    );
  });

  it('shows the page not found for an activity Limni does not follow', async () => {
    server.use(answer(loing), answer(loingLieux), answer(alertes), answer(activites), answer(health));
    server.use(
      http.get('/api/activites/type-99/entite-781', () =>
        errorReply(404, { code: 'not_found', message: 'Aucune activité.' }),
      ),
    );
    await show(loing.body.id, 99);
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    server.use(
      answer(loing),
      answer(loingLieux),
      answer(loingCanoe),
      answer(alertes),
      answer(activites),
      answer(health),
    );
    await show(loing.body.id, 3, 'en');
    const avec = loing.body.lieux.filter((l) => l.a_des_mesures).length;
    expect(await screen.findByRole('heading', { level: 2, name: /^Places/ })).toHaveTextContent(
      `(${loing.body.lieux.length}, ${avec} with readings)`,
    );
    expect(screen.getByRole('link', { name: 'List' })).toHaveAttribute('aria-current', 'page');
  });
});
