/**
 * The app at a past instant (« Voir à une autre date », docs/decisions/152): a shared address with `?t=` shows the
 * reading of that instant, the banner names it, links inside the app keep it, « Revenir à maintenant » leaves it; the
 * date form refuses what the data cannot show; a forecaster sees the forecast then published and how good the past
 * ones were. Every figure comes from the source files of the demo dataset.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, expectConsole, test } from './fixtures';
import { createVerifiedAccount, signInThroughUi } from './compte-support';
import { grantAutorisation, lieuOfStation, sharedServerDatabase } from './db-support';
import { activiteId, garonneLevels } from './seed-support';
import { screenshots } from './support';

const SEED = path.resolve(import.meta.dirname, '../apps/api/seed-data');
const gunzip = (name: string) => zlib.gunzipSync(fs.readFileSync(path.join(SEED, name))).toString('utf8');

/** Toulouse Pont-Neuf's reading at or before an instant, in metres, from the source file. */
function pontNeufAt(atMs: number): number {
  return (
    garonneLevels('O200004001')
      .filter((r) => r.ts <= atMs)
      .at(-1)?.valeur ?? NaN
  );
}

test('Toulouse on 11 January 2022 at 07:15: the reading then, kept from page to page, back to now', async ({
  page,
  request,
}) => {
  const { id } = await lieuOfStation(sharedServerDatabase(), 'O200004001');
  const baignade = await activiteId(request, 'Baignade');
  const metres = pontNeufAt(Date.parse('2022-01-11T06:15:00Z'));
  const shown = metres.toFixed(2).replace('.', ',');
  await page.goto(`/lieu/${id}/a-${baignade}?t=2022-01-11T07:15`);
  const banner = page.getByRole('status').filter({ hasText: 'Limni tel qu’il était' });
  await expect(banner).toContainText('Limni tel qu’il était le 11 janvier 2022, 07 h 15.');
  await expect(page.getByText(`${shown}\u00a0m`, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/Dernière mesure le 11\/01\/2022 à 07h15/)).toBeVisible();
  // The demo's own banner stands aside: one clock, one banner.
  await expect(page.getByText(/Démonstration — nous sommes le/)).toHaveCount(0);
  // Weather is not archived: not shown for a past date.
  await expect(page.getByText(/La météo n’est pas archivée/)).toBeVisible();
  await screenshots(page, 'instant-toulouse-2022-01-11');

  // A link inside the app keeps the instant; the home page agrees.
  await page.getByRole('link', { name: 'Accueil', exact: true }).first().click();
  await expect(page).toHaveURL(/\/\?t=2022-01-11T07:15$/);
  await expect(banner).toBeVisible();
  await expect(page.getByText('Aucun bulletin de vigilance connu pour cette date.')).toBeVisible();
  await screenshots(page, 'instant-accueil-2022-01-11');

  await banner.getByRole('link', { name: 'Revenir à maintenant' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Démonstration — nous sommes le/)).toBeVisible();
  await expect(banner).toHaveCount(0);
});

test('the date form: a future date and one before the data are refused in words; a good one is shown', async ({
  page,
}) => {
  // The server refuses the date before the data: the browser logs that 400.
  expectConsole(page, /status of 400 \(Bad Request\) \(http:\/\/[^)]+\/api\/hydro\/vigilance\?t=1800-01-01/);
  await page.goto('/bassins');
  const dialog = page.getByRole('dialog', { name: 'Voir Limni à une autre date' });
  // The first screen of /bassins is prerendered: a click before the app has drawn over it opens nothing.
  await expect(async () => {
    await page.getByRole('contentinfo').getByRole('button', { name: 'Voir à une autre date' }).click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await dialog.getByLabel('Date').fill('2100-01-01');
  await dialog.getByRole('button', { name: 'Voir à cette date' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/dans le futur/);
  await dialog.getByLabel('Date').fill('1800-01-01');
  await dialog.getByRole('button', { name: 'Voir à cette date' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/antérieure aux données, qui commencent le/);
  await screenshots(page, 'instant-formulaire-refus');
  await dialog.getByLabel('Date').fill('2022-01-20');
  await dialog.getByLabel('Heure (Paris)').fill('12:00');
  await dialog.getByRole('button', { name: 'Voir à cette date' }).click();
  await expect(page).toHaveURL(/\/bassins\?t=2022-01-20T12:00$/);
  await expect(page.getByText('Limni tel qu’il était le 20 janvier 2022, 12 h 00.')).toBeVisible();

  // In English too.
  await page.getByRole('contentinfo').getByLabel('Langue').selectOption('en');
  await expect(page.getByText('Limni as it was on January 20, 2022 at 12:00 PM.')).toBeVisible();
  await screenshots(page, 'instant-bassins-en');
});

/** From the Digoin `.prv` and the observed flows: forecast hours observed by an instant, and those in the band. */
function digoinSkill(atMs: number): { dans: number; avec: number } {
  const observed = new Map(
    gunzip('loire_2024-12_K1180010_QmnH.csv.gz')
      .split('\n')
      .slice(1)
      .map((l) => l.split(','))
      .map(([d, v]) => [Date.parse(d ?? ''), Number((v ?? '').replaceAll('"', ''))] as const),
  );
  let dans = 0;
  let avec = 0;
  for (const l of gunzip('loire_2024-12_Prev_E_20241211_0706_20241211_0707_5159.prv.gz').split('\n')) {
    const m = /^(\d\d)-(\d\d)-(\d{4}) (\d\d:\d\d);([^;]+);[^;]+;([^;]+)/.exec(l);
    if (!m) continue;
    const ts = Date.parse(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:00Z`);
    const obs = observed.get(ts);
    if (ts > atMs || obs === undefined) continue;
    avec++;
    if (obs >= Number(m[5]) && obs <= Number(m[6])) dans++;
  }
  return { dans, avec };
}

test('Digoin: the forecast published by 12 December 2024, and on the 16th how good it was', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'instant-prevision');
  await grantAutorisation(sharedServerDatabase(), account.username, 1);
  await signInThroughUi(page, account.username, account.password);
  const { id } = await lieuOfStation(sharedServerDatabase(), 'K118001010');
  const peche = await activiteId(request, 'Pêche');

  await page.goto(`/lieu/${id}/a-${peche}/donnees?t=2024-12-12T12:00`);
  await expect(page.getByText('Limni tel qu’il était le 12 décembre 2024, 12 h 00.')).toBeVisible();
  await expect(page.getByText(/Prévision produite le 11\/12\/2024 à 07h00/)).toBeVisible();
  await screenshots(page, 'instant-digoin-2024-12-12');

  const { dans, avec } = digoinSkill(Date.parse('2024-12-15T23:00:00Z'));
  await page.goto(`/lieu/${id}/a-${peche}/donnees?t=2024-12-16`);
  await expect(page.getByTestId('fiabilite-previsions')).toContainText(
    `Fiabilité ici, sur 1\u00a0prévision passée\u00a0: ${dans}\u00a0heures sur ${avec} dans la fourchette 10–90\u00a0%.`,
  );
  await screenshots(page, 'instant-digoin-2024-12-16');
});
