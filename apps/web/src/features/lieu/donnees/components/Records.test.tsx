import { NormalesLieu } from '@limni/shared/contracts/historique';
import { DateRange } from '@limni/shared/contracts/hydro';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture, type Fixture } from '../../../../../test/fixtures';
import portetRangeJson from '../../../../../test/fixtures/lieu-portet-daterange.json';
import portetJson from '../../../../../test/fixtures/lieu-portet-normales.json';
import rangeJson from '../../../../../test/fixtures/lieu-toulouse-daterange.json';
import normalesJson from '../../../../../test/fixtures/lieu-toulouse-normales.json';
import { renderScreen } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import { Records } from './Records';
import { Situation } from './Situation';

const range = fixture(rangeJson, DateRange);
const normales = fixture(normalesJson, NormalesLieu);
const portetRange = fixture(portetRangeJson, DateRange);
const portet = fixture(portetJson, NormalesLieu);

const answer = (...fixtures: Fixture<JsonBodyType>[]) =>
  server.use(...fixtures.map((f) => http.get(f.path, () => HttpResponse.json(f.body))));

const TZ = 'Europe/Paris';
/** « −0,80 m », « 4,306 m »: the sign a French reader reads. */
const metres = (v: number, digits = 2, locale = 'fr-FR') =>
  `${v.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).replace('-', '−')} m`;
/** « 23 juin 1875 », « 1er mai 1857 »; "June 23, 1875" of a `YYYY-MM-DD`. */
const jour = (day: string, locale = 'fr-FR', year = true) => {
  const text = new Date(`${day}T12:00:00Z`).toLocaleDateString(locale, {
    timeZone: TZ,
    day: 'numeric',
    month: 'long',
    ...(year ? { year: 'numeric' } : {}),
  });
  return locale === 'fr-FR' ? text.replace(/^1 /, '1er ') : text;
};
/** Testing Library reads no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

function archiveOf(n: NormalesLieu) {
  const { archive, records, maxima_annuels: maxima } = n;
  if (!archive || !records.max || !records.min || !maxima?.annee) throw new Error('no archive recorded');
  return { archive, max: records.max, min: records.min, maxima, annee: maxima.annee };
}

describe('Records: the extremes of the place’s archive', () => {
  it('names its highest and lowest daily maxima with their days, and its span and source', async () => {
    answer(range, normales);
    await renderScreen(<Records lieuId={normales.body.lieu_id} />);
    const { archive, max, min } = archiveOf(normales.body);
    const periode = `${archive.premier_jour.slice(0, 4)}–${archive.dernier_jour.slice(0, 4)}`;
    const section = await screen.findByRole('region', { name: `Records ${periode}` });
    expect(normales.body.statistique).toBe('max');
    expect(
      within(section).getByText(
        plain(`Plus haut maximum journalier : ${metres(max.valeur)} le ${jour(max.jour)}`),
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(
        plain(`Plus bas maximum journalier : ${metres(min.valeur)} le ${jour(min.jour)}`),
      ),
    ).toBeInTheDocument();
    const jours = archive.nb_jours.toLocaleString('fr-FR');
    expect(
      within(section).getByText(
        plain(
          `Archive de ${jours} jours, du ${jour(archive.premier_jour)} au ${jour(archive.dernier_jour)} ; ` +
            `source : ${normales.body.origine ?? ''}. Ce sont les records de cette archive, pas des records historiques.`,
        ),
      ),
    ).toBeInTheDocument();
  });

  it('ranks this year’s highest so far among the annual maxima, and lists the highest ones', async () => {
    answer(range, normales);
    await renderScreen(<Records lieuId={normales.body.lieu_id} />);
    const { archive, maxima, annee } = archiveOf(normales.body);
    const section = await screen.findByRole('region', { name: /^Records/ });
    // Up to the archive's last day, which comes before the place's last one.
    const jusqua = range.body.jour_fin ?? '';
    const fin = archive.dernier_jour < jusqua ? archive.dernier_jour : jusqua;
    const span = `${maxima.debut}–${maxima.fin}`;
    expect(annee.rang).toBeGreaterThan(1);
    expect(
      within(section).getByText(
        plain(
          `Plus haut de ${fin.slice(0, 4)} jusqu’au ${jour(fin, 'fr-FR', false)} : ${metres(annee.valeur, 3)} ` +
            `le ${jour(annee.jour)}, ${annee.rang}e plus haut maximum annuel des ${annee.sur} années de la série (${span}).`,
        ),
      ),
    ).toBeInTheDocument();
    expect(
      within(section).getByText(`Plus hauts maxima annuels (${maxima.nb_annees} années, ${span}) :`),
    ).toBeInTheDocument();
    // The second list, after the two records.
    const [, highest] = within(section).getAllByRole('list');
    if (!highest) throw new Error('no list of annual maxima');
    const items = within(highest)
      .getAllByRole('listitem')
      .map((li) => plain(li.textContent ?? ''));
    expect(items).toEqual(maxima.plus_hauts.map((x) => plain(`${metres(x.valeur, 3)} le ${jour(x.jour)}`)));
  });

  it('shows nothing for a place without an archive', async () => {
    answer(portetRange, portet);
    expect(portet.body.archive).toBeNull();
    expect(portetRange.body.jour_fin).toBe(portet.body.date);
    // Beside the sentence of the same answer with its reason: the reason shown means the answer came.
    await renderScreen(
      <>
        <section aria-label="Records du lieu">
          <Records lieuId={portet.body.lieu_id} />
        </section>
        <Situation lieuId={portet.body.lieu_id} date={portet.body.date} showReason />
      </>,
    );
    expect(await screen.findByText(plain(portet.body.raison ?? ''))).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Records du lieu' })).toBeEmptyDOMElement();
  });
});

describe('Records in English', () => {
  it('speaks English to an English reader', async () => {
    answer(range, normales);
    await renderScreen(<Records lieuId={normales.body.lieu_id} />, { langue: 'en' });
    const { max } = archiveOf(normales.body);
    const section = await screen.findByRole('region', { name: /^Records/ });
    expect(
      within(section).getByText(
        plain(`Highest daily maximum: ${metres(max.valeur, 2, 'en-US')} on ${jour(max.jour, 'en-US')}`),
      ),
    ).toBeInTheDocument();
  });
});
