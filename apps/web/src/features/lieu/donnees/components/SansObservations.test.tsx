import { HealthResponse } from '@limni/shared/contracts/health';
import { LieuDetail } from '@limni/shared/contracts/hydro';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../../test/fixtures';
import biscarrosseJson from '../../../../../test/fixtures/lieu-biscarrosse.json';
import healthJson from '../../../../../test/fixtures/lieu-health.json';
import verdunJson from '../../../../../test/fixtures/lieu-verdun.json';
import { renderScreen } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import { SansObservationsTexte, VoisinAvecObservationsLien } from './SansObservations';

const health = fixture(healthJson, HealthResponse);
const verdun = fixture(verdunJson, LieuDetail);
const biscarrosse = fixture(biscarrosseJson, LieuDetail);

/** The day the demonstration dataset stops: its latest reading. */
const demoFin = health.body.donnees.fin ?? Number.NaN;

const answerHealth = (body: HealthResponse = health.body) =>
  server.use(http.get(health.path, () => HttpResponse.json(body)));

/** « 1er février 2022 », "February 1, 2022" (Europe/Paris). */
const longDate = (ms: number, locale = 'fr-FR') => {
  const text = new Date(ms).toLocaleDateString(locale, {
    timeZone: 'Europe/Paris',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  return locale === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
};
/** A distance to the kilometre, to the tenth under 10 km: « 32 km », « 4,5 km ». */
const kilometres = (km: number, locale: string) =>
  km.toLocaleString(locale, { maximumFractionDigits: km < 10 ? 1 : 0 });
/** Testing Library reads no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

function couverture(lieu: LieuDetail) {
  const s = lieu.sans_mesures;
  if (!s) throw new Error('the place has readings');
  return { ...s, n: s.lieux_avec_mesures.toLocaleString('fr-FR'), total: s.lieux.toLocaleString('fr-FR') };
}

describe('SansObservationsTexte: why a place shows no reading', () => {
  it('says the demonstration dataset holds none for it, and on which day it stops', async () => {
    answerHealth();
    expect(health.body.ingestion.mode).not.toBe('live');
    const { n, total } = couverture(verdun.body);
    await renderScreen(<SansObservationsTexte lieu={verdun.body} />);
    expect(
      await screen.findByText(
        plain(
          `Ce jeu de démonstration, figé au ${longDate(demoFin)}, ne contient de mesures que ` +
            `pour ${n} des ${total} lieux de Limni, et pas pour celui-ci.`,
        ),
      ),
    ).toBeInTheDocument();
  });

  it('says live that its station has sent nothing yet', async () => {
    answerHealth({ ...health.body, ingestion: { ...health.body.ingestion, mode: 'live' } });
    const { n, total } = couverture(verdun.body);
    await renderScreen(<SansObservationsTexte lieu={verdun.body} />);
    expect(
      await screen.findByText(
        plain(
          `Sa station est connue, mais Limni n’en a encore reçu aucune mesure (${n} des ${total} lieux de Limni en ont).`,
        ),
      ),
    ).toBeInTheDocument();
  });

  it('says nothing for a place without a station, nor of a neighbour it does not have', async () => {
    answerHealth();
    expect(biscarrosse.body.capteurs).toEqual([]);
    expect(biscarrosse.body.sans_mesures?.voisin).toBeNull();
    // Beside a place with a station: the same clock, so its sentence shown means the clock is read.
    await renderScreen(
      <>
        <section aria-label="Sans station">
          <SansObservationsTexte lieu={biscarrosse.body} />
          <VoisinAvecObservationsLien voisin={biscarrosse.body.sans_mesures?.voisin ?? null} ida={2} />
        </section>
        <SansObservationsTexte lieu={verdun.body} />
      </>,
    );
    expect(await screen.findByText(/^Ce jeu de démonstration/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sans station' })).toBeEmptyDOMElement();
  });
});

describe('VoisinAvecObservationsLien: the nearest place with readings', () => {
  it('links to it for the same activity, with where it is, how far, and its latest reading', async () => {
    const voisin = verdun.body.sans_mesures?.voisin;
    if (!voisin) throw new Error('no neighbour recorded');
    expect(voisin.relation).toBe('amont');
    await renderScreen(<VoisinAvecObservationsLien voisin={voisin} ida={2} />);
    const link = screen.getByRole('link', { name: voisin.libelle });
    expect(link).toHaveAttribute('href', `/lieu/${voisin.id}/a-2`);
    const km = kilometres(voisin.distance_km, 'fr-FR');
    expect(link.parentElement).toHaveTextContent(
      plain(
        `Le lieu le plus proche avec des mesures, en amont sur ${voisin.entite.nom} : ${voisin.libelle}, ` +
          `à ${km} km ; dernière mesure le ${longDate(voisin.derniere_mesure)}.`,
      ),
    );
  });
});

describe('SansObservations in English', () => {
  it('speaks English to an English reader', async () => {
    answerHealth();
    const voisin = verdun.body.sans_mesures?.voisin;
    if (!voisin) throw new Error('no neighbour recorded');
    await renderScreen(
      <>
        <SansObservationsTexte lieu={verdun.body} />
        <VoisinAvecObservationsLien voisin={voisin} ida={2} />
      </>,
      { langue: 'en' },
    );
    expect(
      await screen.findByText(
        new RegExp(`^This demonstration dataset, frozen on ${longDate(demoFin, 'en-US')},`),
      ),
    ).toBeInTheDocument();
    const km = kilometres(voisin.distance_km, 'en-US');
    expect(screen.getByRole('link', { name: voisin.libelle }).parentElement).toHaveTextContent(
      plain(
        `The nearest place with readings, upstream on ${voisin.entite.nom}: ${voisin.libelle}, ` +
          `${km} km away; latest reading on ${longDate(voisin.derniere_mesure, 'en-US')}.`,
      ),
    );
  });
});
