import { EntiteDetail, IndexResponse } from '@limni/shared/contracts/hydro';
import { distanceKm } from '@limni/shared/domain/couverture';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture } from '../../../../test/fixtures';
import ariegeJson from '../../../../test/fixtures/home-ariege.json';
import biscarrosseJson from '../../../../test/fixtures/home-biscarrosse.json';
import garonneJson from '../../../../test/fixtures/home-garonne.json';
import indexJson from '../../../../test/fixtures/home-index.json';
import { errorReply } from '../../../../test/http';
import { renderScreen } from '../../../../test/render';
import { server } from '../../../../test/server';
import PresDeChezVous from './PresDeChezVous';

const index = fixture(indexJson, IndexResponse);
const garonne = fixture(garonneJson, EntiteDetail);
const ariege = fixture(ariegeJson, EntiteDetail);
const biscarrosse = fixture(biscarrosseJson, EntiteDetail);

/** The index reduced to the lakes and rivers given, each answered with its recorded detail. */
const answer = (...entites: { path: string; body: EntiteDetail }[]) => {
  const ids = new Set(entites.map((e) => e.body.id));
  server.use(
    http.get(index.path, () => HttpResponse.json(index.body.filter((e) => ids.has(e.id)))),
    ...entites.map((e) => http.get(e.path, () => HttpResponse.json(e.body))),
  );
};

/** `text` as a literal piece of a regular expression. */
const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const nearest = () => screen.findByRole('list', { name: 'Les lieux de mesure les plus proches' });

describe('PresDeChezVous', () => {
  it('lists the five nearest places with readings, nearest first, with their distance', async () => {
    answer(garonne, ariege);
    const ici = garonne.body.lieux.find((l) => l.id === 1);
    const lat = ici?.lat_gps ?? 0;
    const lon = ici?.lon_gps ?? 0;
    await renderScreen(<PresDeChezVous lat={lat} lon={lon} />);
    const links = within(await nearest()).getAllByRole('link');

    const expected = [
      ...garonne.body.lieux.map((l) => ({ l, entite: garonne.body.nom })),
      ...ariege.body.lieux.map((l) => ({ l, entite: ariege.body.nom })),
    ]
      .filter(({ l }) => l.a_des_mesures)
      .map((x) => ({ ...x, d: distanceKm(lat, lon, x.l.lat_gps, x.l.lon_gps) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 5);
    expect(links).toHaveLength(expected.length);
    expected.forEach(({ l, entite }, i) => {
      expect(links[i]).toHaveAttribute('href', `/lieu/${l.id}/a-1`);
      expect(links[i]).toHaveTextContent(new RegExp(`^${esc(l.libelle)}${esc(entite)}\\d`));
    });
    expect(links[0]).toHaveTextContent(new RegExp(`^${esc(ici?.libelle ?? '?')}.*0,0\\skm$`));
    expect(screen.queryByText(/sans mesure/)).not.toBeInTheDocument();
  });

  it('names a place without readings and its distance in kilometres', async () => {
    answer(biscarrosse);
    const [etang] = biscarrosse.body.lieux;
    // About 12 km due north of the lake's place: one degree of latitude is about 111 km.
    const lat = (etang?.lat_gps ?? 0) + 0.108;
    await renderScreen(<PresDeChezVous lat={lat} lon={etang?.lon_gps ?? 0} />);
    const [link] = within(await nearest()).getAllByRole('link');
    expect(link).toHaveTextContent(
      new RegExp(`^${esc(etang?.libelle ?? '?')}${esc(biscarrosse.body.nom)} · sans mesure12\\skm$`),
    );
  });

  it('says the places cannot be found when the index fails', async () => {
    server.use(http.get(index.path, () => errorReply(500, { code: 'internal', message: 'Erreur' })));
    await renderScreen(<PresDeChezVous lat={43.6} lon={1.44} />);
    expect(await screen.findByText('Impossible de charger ces données.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('speaks English to an English reader', async () => {
    answer(biscarrosse);
    const [etang] = biscarrosse.body.lieux;
    await renderScreen(<PresDeChezVous lat={etang?.lat_gps ?? 0} lon={etang?.lon_gps ?? 0} />, {
      langue: 'en',
    });
    const list = await screen.findByRole('list', { name: 'The nearest measuring places' });
    expect(within(list).getByRole('link')).toHaveTextContent(/no readings?0\.0\skm$/);
  });
});
