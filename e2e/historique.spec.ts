/**
 * Where a day sits in history (ADR 087) on real data: Le Loing à Épisy, daily flows 1999–2018
 * (airGRdatasets). On 2 June 2016, the flood: « très hautes », the record of the archive; the chart draws the usual
 * range behind the series with its legend, « l'an dernier », periods up to « Tout »; the Infos tab gives the
 * records; La Garonne à Toulouse names its band and records « maximum journalier » (daily maxima since 1857, ADR 140)
 * and ranks its January 2022 peak among the annual maxima; a place with one month of data says why it has no band.
 * Every number is computed from the CSV.
 */
import { expect, test } from './fixtures';
import { screens } from './lieux-support';
import { activiteId, lieuId } from './seed-support';
import { expectAccessible } from './support';
import {
  stationDays,
  textbookBand,
  textbookMax,
  textbookYears,
  toulouseDays,
} from '../test-support/history-csv';

const fr = (v: number, digits: number) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(v);
/** As the app writes a flow: no decimal from 100 up, one below. */
const flow = (v: number) => `${fr(v, Math.abs(v) >= 100 ? 0 : 1)}\u00a0m³/s`;

test('Le Loing à Épisy on 2 June 2016: très hautes, band 1999–2018, last year, long periods, records', async ({
  page,
  request,
}) => {
  const loing = stationDays('F439000101');
  const years = textbookYears(loing);
  const periode = `${years[0]}–${years[years.length - 1]}`;
  const band = textbookBand(loing, '06-02');
  const record = textbookMax(loing);
  const value = loing.find((d) => d.jour === '2016-06-02')?.moyenne ?? NaN;
  expect(record).toEqual({ valeur: value, jour: '2016-06-02' });

  const id = await lieuId(request, 'Épisy', 'Le Loing');
  const peche = await activiteId(request, 'Pêche');
  await page.goto(`/lieu/${id}/a-${peche}/donnees?date=2016-06-02`);
  await expect(page.getByRole('heading', { level: 1, name: 'Le Loing à Épisy' })).toBeVisible();

  // The sentence: class, value, rank among the 2 June values of the reference years, usual range P25–P75.
  const sameDay = loing.filter(
    (d) => d.jour.endsWith('-06-02') && years.includes(Number(d.jour.slice(0, 4))),
  );
  const rang = Math.round((100 * sameDay.filter((d) => d.moyenne < value).length) / sameDay.length);
  const situation = page.getByTestId('situation').last();
  await expect(situation).toHaveText(
    `Eaux très hautes pour un 2 juin : ${flow(value)}, plus haut que ${rang} % des 2 juin de ${periode}. ` +
      `D’habitude entre ${flow(band.p25)} et ${flow(band.p75)} à cette date (une année sur deux).`,
  );

  const chart = page.getByRole('img', { name: /^Débit moyen journalier/ });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByText(`Habituel à cette date (${periode})`, { exact: false })).toBeVisible();
  await expect(page.getByText(`Médiane (${periode})`)).toBeVisible();
  await expect(page.getByText('L’an dernier', { exact: true })).toBeVisible();
  await expect(
    page.getByText(/Plage habituelle calculée sur 20 années complètes \(1999–2018\).*airGRdatasets/),
  ).toBeVisible();
  // The text equivalent of the band, in the summary the chart refers to.
  await expect(page.locator('figcaption')).toContainText(
    `Le 2 juin 2016, ${flow(value)} : eaux très hautes, la plage habituelle à cette date va de ${flow(band.p10)} à ${flow(band.p90)}`,
  );
  // Daily means are said by their day: the summary and the table of the week name dates, never « 13 h » (ADR 143).
  await expect(page.locator('figcaption')).toContainText(`${flow(value)} le 2 juin 2016`);
  await expect(page.locator('figcaption')).not.toContainText(/ à \d+ h/);
  const week = page.getByRole('table', { name: 'Tableau journalier' });
  await expect(week.getByRole('row', { name: new RegExp(`^2 juin 2016 ${fr(value, 0)}`) })).toBeVisible();
  await expect(week.getByRole('columnheader')).toHaveText(['Date', 'Valeur (m³/s)']);
  // The daily table with the band.
  await page.getByText(/^Tableau : valeurs et plage habituelle/).click();
  const row = page.getByRole('row', { name: /^2016-06-02/ });
  await expect(row).toContainText(fr(value, 0));
  await expectAccessible(page, 'lieu (données, plage habituelle)');
  await screens(page, 'historique-episy-2016-06-02', {
    waitFor: () => expect(chart.locator('canvas')).toBeVisible(),
  });

  // Long periods: 1 an (raw daily values), 5 ans and Tout (archive, LTTB).
  for (const p of ['1 an', '5 ans', 'Tout']) {
    await page.getByRole('button', { name: p, exact: true }).click();
    await expect(page.getByRole('button', { name: p, exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(chart.locator('canvas')).toBeVisible();
  }
  await expect(page.locator('figcaption')).toContainText('Sur toute l’archive');
  // Twenty years: the record peak is named with its year.
  await expect(page.locator('figcaption')).toContainText(`${flow(record.valeur)} le 2 juin 2016`);
  await screens(page, 'historique-episy-tout', {
    waitFor: () => expect(chart.locator('canvas')).toBeVisible(),
  });

  // Infos: the records of the archive with their dates and source.
  await page
    .getByRole('navigation', { name: 'Rubriques du lieu' })
    .getByRole('link', { name: 'Infos pratiques' })
    .click();
  await expect(page.getByRole('heading', { name: 'Records 1999–2018' })).toBeVisible();
  await expect(
    page.getByText(`Plus haut débit journalier : ${flow(record.valeur)} le 2 juin 2016`),
  ).toBeVisible();
});

test('Toulouse: daily maxima since 1857, the rank of January 2022; a place with one month has no band', async ({
  page,
  request,
}) => {
  const days = toulouseDays();
  const years = textbookYears(days);
  const id = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  const peche = await activiteId(request, 'Pêche');
  await page.goto(`/lieu/${id}/a-${peche}/donnees`);
  // The band is of daily maxima, and the page says readings are compared with them.
  await expect(
    page.getByText(`Maximum journalier habituel à cette date (${years[0]}–${years[years.length - 1]})`, {
      exact: false,
    }),
  ).toBeVisible();
  await expect(
    page.getByText(`de maxima journaliers de hauteur (le plus haut niveau de chaque jour)`, { exact: false }),
  ).toBeVisible();

  // Infos: the records and the rank of 2022's peak among the annual maxima, from the CSV.
  await page
    .getByRole('navigation', { name: 'Rubriques du lieu' })
    .getByRole('link', { name: 'Infos pratiques' })
    .click();
  const record = textbookMax(days);
  await expect(
    page.getByText(`Plus haut maximum journalier : ${fr(record.valeur, 2)}\u00a0m le 23 juin 1875`),
  ).toBeVisible();
  expect(record.jour).toBe('1875-06-23');
  const maxima = new Map<number, number>();
  for (const d of days) {
    const y = Number(d.jour.slice(0, 4));
    maxima.set(y, Math.max(maxima.get(y) ?? -Infinity, d.moyenne));
  }
  const peak = maxima.get(2022) as number;
  const rang = 1 + [...maxima].filter(([y, v]) => y !== 2022 && v > peak).length;
  const peakDay = days.find((d) => d.jour.startsWith('2022-') && d.moyenne === peak)?.jour;
  expect(peakDay).toBe('2022-01-11');
  await expect(page.getByTestId('rang-annuel')).toHaveText(
    `Plus haut de 2022 jusqu’au 31 janvier : ${fr(peak, 3)}\u00a0m le 11 janvier 2022, ${rang}e plus haut maximum annuel des ${maxima.size} années de la série (${Math.min(...maxima.keys())}–2022).`,
  );

  const stMichel = await lieuId(request, 'Toulouse - St-Michel', 'Le bras inférieur de la Garonne');
  await page.goto(`/lieu/${stMichel}/a-${peche}/donnees`);
  await expect(page.getByTestId('sans-bande')).toHaveText(
    /^Pas de plage habituelle : il faut au moins 5 années complètes de valeurs journalières, et Limni n'a pour ce lieu que les mesures du \d+(er)? janvier 2022 au \d+(er)? (janvier|février) 2022\.$/,
  );
  await expect(page.getByText(/^Habituel à cette date/)).toHaveCount(0);
});
