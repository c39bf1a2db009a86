import { NormalesLieu } from '@limni/shared/contracts/historique';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fixture, type Fixture } from '../../../../../test/fixtures';
import portetJson from '../../../../../test/fixtures/lieu-portet-normales.json';
import crueJson from '../../../../../test/fixtures/lieu-toulouse-normales-crue.json';
import { renderScreen } from '../../../../../test/render';
import { server } from '../../../../../test/server';
import { Situation } from './Situation';

const crue = fixture(crueJson, NormalesLieu);
const portet = fixture(portetJson, NormalesLieu);

const answer = (f: Fixture<NormalesLieu>) => {
  const asked: string[] = [];
  server.use(
    http.get(f.path, ({ request }) => {
      asked.push(new URL(request.url).pathname);
      return HttpResponse.json(f.body);
    }),
  );
  return asked;
};

const metres = (v: number, locale = 'fr-FR') =>
  `${v.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} m`;
/** « 11 janvier », "January 11" of a `YYYY-MM-DD`. */
const jourMois = (day: string, locale = 'fr-FR') =>
  new Date(`${day}T12:00:00Z`)
    .toLocaleDateString(locale, { timeZone: 'Europe/Paris', day: 'numeric', month: 'long' })
    .replace(/^1 /, locale === 'fr-FR' ? '1er ' : '1 ');
/** Testing Library reads no-break spaces as plain ones. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('Situation: where the day sits in the place’s history', () => {
  it('gives the class of the day’s maximum against the usual range for that date, and its rank', async () => {
    const asked = answer(crue);
    const { body } = crue;
    const { jour, periode } = body;
    if (!periode || jour.valeur === null || !jour.bande || jour.rang === null) {
      throw new Error('the recorded day has no band');
    }
    // The flood of 11 January 2022: higher than every 11 January of the archive's period.
    expect(jour.classe).toBe('tres-hautes');
    expect(body.statistique).toBe('max');
    await renderScreen(<Situation lieuId={body.lieu_id} date={body.date} />);
    const day = jourMois(body.date);
    const span = `${periode.debut}–${periode.fin}`;
    expect(
      await screen.findByText(
        plain(
          `Eaux très hautes pour un ${day} : maximum journalier de ${metres(jour.valeur)}, plus haut que ` +
            `${jour.rang} % des maxima journaliers des ${day} de ${span}. Maximum journalier d’habitude ` +
            `entre ${metres(jour.bande.p25)} et ${metres(jour.bande.p75)} à cette date (une année sur deux).`,
        ),
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual([`/api/hydro/lieu/${body.lieu_id}/normales/${body.date}`]);
  });

  it('says why a place has no usual range, where asked to', async () => {
    answer(portet);
    expect(portet.body.periode).toBeNull();
    const raison = portet.body.raison ?? '';
    expect(raison).not.toBe('');
    await renderScreen(<Situation lieuId={portet.body.lieu_id} date={portet.body.date} showReason />);
    expect(await screen.findByText(plain(raison))).toBeInTheDocument();
  });

  it('says nothing of a place without a usual range under its values', async () => {
    const asked = answer(portet);
    const { lieu_id, date, raison } = portet.body;
    // Beside the same sentence asked with its reason: one answer for both, so the reason shown means it came.
    await renderScreen(
      <>
        <section aria-label="Sous la valeur">
          <Situation lieuId={lieu_id} date={date} />
        </section>
        <section aria-label="Avec la raison">
          <Situation lieuId={lieu_id} date={date} showReason />
        </section>
      </>,
    );
    expect(await screen.findByText(plain(raison ?? ''))).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sous la valeur' })).toBeEmptyDOMElement();
    expect(asked).toHaveLength(1);
  });
});

describe('Situation in English', () => {
  it('speaks English to an English reader, from a capital letter', async () => {
    answer(crue);
    const { jour, periode, date, lieu_id } = crue.body;
    if (!periode || jour.valeur === null) throw new Error('the recorded day has no band');
    await renderScreen(<Situation lieuId={lieu_id} date={date} />, { langue: 'en' });
    const day = jourMois(date, 'en-US');
    expect(
      await screen.findByText(
        new RegExp(
          `^Very high for a ${day}: daily maximum of ${metres(jour.valeur, 'en-US')}, higher than ${jour.rang ?? ''}% of the ${day} daily maxima of ${periode.debut}–${periode.fin}\\.`,
        ),
      ),
    ).toBeInTheDocument();
  });
});
