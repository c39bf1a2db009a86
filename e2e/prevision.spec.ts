/**
 * The real forecast episode (docs/decisions/088, 089): a user holding authorisation 1 opens La Loire à Digoin on
 * 11 December 2024 and sees the Vigicrues forecast run of that morning — the 10–90 % band and its central line going on
 * after the last observation — named by the legend and the summary, on the episode's clock (the banner names it).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from './fixtures';
import { createVerifiedAccount, signInThroughUi } from './compte-support';
import { grantAutorisation, lieuOfStation, sharedServerDatabase } from './db-support';
import { activiteId } from './seed-support';
import { screenshots } from './support';

const SEED = path.resolve(import.meta.dirname, '../apps/api/seed-data');
const gunzip = (name: string) => zlib.gunzipSync(fs.readFileSync(path.join(SEED, name))).toString('utf8');

/** From the source files: the highest central flow forecast at Digoin, its time, and the flow observed then. */
function digoinPeak(): { ts: number; prevu: number; observe: number } {
  const lines = gunzip('loire_2024-12_Prev_E_20241211_0706_20241211_0707_5159.prv.gz').split('\n');
  const ids = (lines.find((l) => l.startsWith('IdSeries;')) ?? '').split(';').slice(1);
  const grandeurs = (lines.find((l) => l.startsWith('Grandeurs;')) ?? '').split(';').slice(1);
  const col = ids.findIndex((id, i) => grandeurs[i] === 'Q' && id.endsWith('centrale_50'));
  let best = { ts: 0, prevu: -Infinity };
  for (const l of lines) {
    const m = /^(\d\d)-(\d\d)-(\d{4}) (\d\d:\d\d);(.*)$/.exec(l);
    const v = Number(m?.[5]?.split(';')[col]);
    if (m && v > best.prevu) best = { ts: Date.parse(`${m[3]}-${m[2]}-${m[1]}T${m[4]}:00Z`), prevu: v };
  }
  const row = gunzip('loire_2024-12_K1180010_QmnH.csv.gz')
    .split('\n')
    .find((l) => l.startsWith(new Date(best.ts).toISOString()));
  return { ...best, observe: Number(row?.split(',')[1]?.replaceAll('"', '')) };
}

test('Digoin, 11 December 2024: the forecast band of that morning, with its legend and summary', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'prevision');
  await grantAutorisation(sharedServerDatabase(), account.username, 1);
  await signInThroughUi(page, account.username, account.password);

  // La Loire à Digoin: the place of station K118001010 (source files), not a hard-coded id.
  const { id } = await lieuOfStation(sharedServerDatabase(), 'K118001010');
  const peche = await activiteId(request, 'Pêche');
  await page.goto(`/lieu/${id}/a-${peche}/donnees?date=2024-12-11`);
  await expect(page.getByRole('heading', { level: 1, name: 'La Loire à Digoin' })).toBeVisible();
  // The episode's clock, named by the banner (latest reading 16 December 2024, 23:00 UTC).
  await expect(page.getByText('Démonstration — nous sommes le 17 décembre 2024, 00 h 00.')).toBeVisible();
  await expect(
    page.getByText(/Horloge de l’épisode « Crue annoncée de la Loire, 11–16 décembre 2024 »/),
  ).toBeVisible();

  await expect(page.getByLabel('Jusqu’au')).toHaveValue('2024-12-11');
  await expect(
    page.getByText(
      'Prévision du 11/12/2024 à 07h00, tracée sur les mesures : tendance centrale (tirets) et fourchette 10–90 % (bande)',
    ),
  ).toBeVisible();
  const resume = page.getByTestId('resume-prevision-passee');
  await expect(resume).toContainText('Prévision produite le 11/12/2024 à 07h00');
  await expect(resume).toContainText('jusqu’au 16 décembre à 6 h 00');
  await expect(resume).toContainText('la bande grise est la fourchette 10–90 %');
  await expect(page.getByRole('img', { name: /^Débit moyen horaire/ }).locator('canvas')).toBeVisible();
  await screenshots(page, 'prevision-digoin-2024-12-11');

  // Later: the same run over what was observed, said plainly (numbers from the source files).
  const peak = digoinPeak();
  const heureParis = new Date(peak.ts + 3_600_000).getUTCHours(); // December: UTC+1
  await page.goto(`/lieu/${id}/a-${peche}/donnees?date=2024-12-16`);
  await expect(resume).toContainText(
    `Prévu ${Math.round(peak.prevu)}\u00a0m³/s le ${new Date(peak.ts).getUTCDate()} décembre à ${heureParis} h 00 ; observé ${Math.trunc(peak.observe)}`,
  );
  await screenshots(page, 'prevision-digoin-2024-12-16');

  // The list of the Loire counts Digoin on the episode's clock, and says so.
  await page.getByRole('navigation', { name: /fil d/i }).getByRole('link', { name: 'La Loire' }).click();
  await expect(
    page
      .getByTestId('episode')
      .filter({ hasText: 'Épisode enregistré « Crue annoncée de la Loire, 11–16 décembre 2024 »' })
      .first(),
  ).toContainText('compté depuis son horloge : 17 décembre 2024, 00 h 00.');
});
