/**
 * A place page on real data: La Garonne à Toulouse (Pont-Neuf), January 2022. The header card, the chart with the
 * period chips and the date picker, the summary, the hourly table and the CSV, then each tab; a failed series
 * fetch leaves an empty state; posting on the Social tab with a photo, then deleting it.
 */
import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectConsole, test } from './fixtures';
import { createVerifiedAccount, gradientPng, signInThroughUi } from './compte-support';
import { screens } from './lieux-support';
import { archiveThreshold, textbookYears, toulouseDays } from '../test-support/history-csv';
import { activiteId, entiteId, lieuId } from './seed-support';
import { expectAccessible } from './support';

type Onglet = 'Données' | 'Carte' | 'Infos pratiques' | 'Photos' | 'Webcam' | 'Social';

/** La Garonne à Toulouse (Pont-Neuf) for fishing: its id and the address of its page. */
async function pontNeuf(request: APIRequestContext) {
  const id = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  const peche = await activiteId(request, 'Pêche');
  return { id, peche, path: `/lieu/${id}/a-${peche}` };
}

function tab(page: Page, name: Onglet) {
  return page.getByRole('navigation', { name: 'Rubriques du lieu' }).getByRole('link', { name, exact: true });
}

test('La Garonne à Toulouse: latest value, chart of 22–28 January 2022, table, CSV', async ({
  page,
  request,
}) => {
  const lieu = await pontNeuf(request);
  await page.goto(lieu.path);
  await expect(page).toHaveURL(new RegExp(`${lieu.path}/donnees$`));
  await expect(
    page.getByRole('heading', { level: 1, name: 'La Garonne à Toulouse (Pont-Neuf)' }),
  ).toBeVisible();
  // The latest observation of the demo data (1 February 2022, 00:45), large, with its date — not "il y a".
  await expect(page.getByTestId('valeur-principale')).toHaveText('0,70\u00a0m');
  await expect(page.getByText('Dernière mesure le 01/02/2022 à 00h45').first()).toBeVisible();
  // The bulletin of 24 January 2021 does not describe 1 February 2022: neutral, dated, never « Vigilance verte ».
  await expect(
    page.getByText('Dernier bulletin Vigicrues connu, du 24 janvier 2021 : vert').first(),
  ).toBeVisible();
  await expect(page.getByText('Vigilance verte')).toHaveCount(0);
  // Ages against the demo clock named by the banner (1 February 2022, 01:00; latest reading 00:45).
  await expect(page.getByText('Démonstration — nous sommes le 1er février 2022, 01 h 00.')).toBeVisible();
  await expect(page.getByTestId('age').first()).toHaveText('il y a 15 min');
  await expect(page.getByTestId('age').first()).toHaveAttribute('title', '01/02/2022 à 00h45');
  await expect(page.getByText('Avis pour Pêche')).toBeVisible();
  // Fishing's high threshold: the 75th percentile of Toulouse's daily maxima since 1857 (docs/decisions/140), said
  // as what it is, with its years (ADR 141).
  const haut = archiveThreshold(toulouseDays(), 0.75).toLocaleString('fr-FR', { minimumFractionDigits: 2 });
  const ans = textbookYears(toulouseDays());
  await expect(
    page.getByText(
      `Hauteur de 0,70 m, sous le 75e centile (${haut} m) des hauteurs maximales journalières de ${ans[0]} à ${ans[ans.length - 1]}.`,
    ),
  ).toBeVisible();
  await expect(tab(page, 'Données')).toHaveAttribute('aria-current', 'page');

  // Default: the last 7 days of observations, with the activity's threshold drawn and labelled.
  const chart = page.getByRole('img', { name: /^Hauteur d'eau \(m\) du/ });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(page.getByRole('button', { name: '7 jours' })).toHaveAttribute('aria-pressed', 'true');
  // In the chart's legend (the label drawn over the plot says it again, hidden from assistive technologies).
  await expect(
    page.getByRole('listitem').filter({ hasText: `Seuil haut pêche : ${haut} m (indicatif)` }),
  ).toBeVisible();
  await expect(page.getByLabel('Jusqu’au')).toHaveValue('2022-02-01');
  await expect(page.getByLabel('Jusqu’au')).toHaveAttribute('min', '2022-01-01');
  await expect(page.getByLabel('Jusqu’au')).toHaveAttribute('max', '2022-02-01');
  // The hourly row of 1 h holds the reading of 0 h 45 and says so (rounding of R7.9).
  await expect(
    page
      .getByRole('table', { name: 'Tableau horaire' })
      .getByRole('row', { name: /1er février 2022 1 h 0 h 45 0,70/ }),
  ).toBeVisible();
  await expectAccessible(page, 'lieu (données)');
  await screens(page, 'lieu-donnees', { waitFor: () => expect(chart.locator('canvas')).toBeVisible() });

  // The last 7 days are calm, but the last 30 days hold the flood of 11 January 2022: the summary names it and
  // links to a window that shows it (docs/decisions/093).
  const resume = page.locator('figcaption');
  await expect(resume).toContainText(
    /Pic\sdes\s30\sderniers\sjours\s:\s4,31\sm\sle\s11\sjanvier(\s2022)?\sà\s7\sh\s15/,
  );
  await resume.getByRole('link', { name: 'Afficher la période du pic des 30 derniers jours' }).click();
  await expect(page).toHaveURL(/date=2022-01-14/);
  await expect(resume).toContainText(/pic\sà\s4,31\sm\sle\s11\sjanvier(\s2022)?\sà\s7\sh\s15/);
  await expect(resume).not.toContainText('stable');

  // 22–28 January 2022: the summary the chart refers to, with real values (first reading 0.898 m at midnight).
  await page.getByLabel('Jusqu’au').fill('2022-01-28');
  await expect(page).toHaveURL(/date=2022-01-28/);
  await expect(resume).toContainText(/Sur\s7\sjours\s:\s0,90\sm\sle\s22\sjanvier(\s2022)?\sà\s0\sh\s00/);
  await expect(resume).toContainText(
    /Pic\sdes\s30\sderniers\sjours\s:\s4,31\sm\sle\s11\sjanvier(\s2022)?\sà\s7\sh\s15/,
  );
  const described = await chart.getAttribute('aria-describedby');
  expect(described).toBeTruthy();
  await expect(page.locator(`[id="${described}"]`)).toContainText('Sur 7 jours');
  await expect(chart).toHaveAccessibleName(/du 22\/01\/2022 à 00h00 au 28\/01\/2022 à 23h45/);

  // The crosshair shows the value and time under the pointer.
  await chart.hover();
  await expect(chart.getByText(/^Mesure\s:\s0,\d\d\sm$/)).toBeVisible();
  await expect(chart.getByText(/^2[45]\/01\/2022 à \d\dh\d\d$/)).toBeVisible();

  // The hourly table (rounding of docs/requirements.md R7.9) holds the real observation of 28 January at midnight.
  const table = page.getByRole('table', { name: 'Tableau horaire' });
  await expect(table.getByRole('row', { name: /28 janvier 2022 0 h 0 h 00 0,79/ })).toBeVisible();
  await expect(page.getByText('Tableau horaire (168 lignes)')).toBeVisible();

  // The CSV holds exactly the 672 observations drawn, ISO times with the Paris offset, unit in the header.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Télécharger (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(
    'limni-la-garonne-a-toulouse-pont-neuf-H-2022-01-22_2022-01-28.csv',
  );
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  // With the usual range drawn: its columns, named as percentiles of daily maxima over their years (ADR 140).
  const years = textbookYears(toulouseDays());
  const periode = `${years[0]}-${years[years.length - 1]}`;
  expect(lines[0]).toBe(
    [
      'Horodatage (Europe/Paris, ISO 8601)',
      "Hauteur d'eau (m)",
      ...['P10', 'P25', 'P50', 'P75', 'P90'].map((p) => `${p} des maxima journaliers ${periode} (m)`),
      'L’an dernier (m)',
    ].join(';'),
  );
  expect(lines).toHaveLength(673);
  expect(lines[1]?.startsWith('2022-01-22T00:00:00+01:00;0.898;')).toBe(true);
  expect(lines.some((l) => l.startsWith('2022-01-28T00:00:00+01:00;0.788;'))).toBe(true);

  // 24 h and 30 days; 30 days of 15-minute observations are simplified for drawing, and the page says so.
  await page.getByRole('button', { name: '24 heures' }).click();
  await expect(resume).toContainText('Sur 24 heures');
  await page.getByRole('button', { name: '30 jours' }).click();
  await expect(resume).toContainText('Sur 30 jours');
  await expect(
    page.getByText(/Courbe simplifiée pour l’affichage : 2\s000 points tracés sur 2\s684 mesures/),
  ).toBeVisible();
  // The January 2022 flood peak is in that window; the summary says it reads the simplified curve, names the peak
  // and is not « stable ».
  await expect(resume).toContainText('Sur 30 jours (d’après la courbe simplifiée)');
  await expect(resume).toContainText(/pic\sà\s4,31\sm\sle\s11\sjanvier(\s2022)?\sà\s7\sh\s15/);
  await expect(resume).not.toContainText('stable');
  await expect(resume.getByTestId('resume-pic')).toHaveCount(0);
});

test('each tab of the place', async ({ page, request }) => {
  expectConsole(page, /status of 404 .*\/api\/hydro\/lieu\/999999/);
  const lieu = await pontNeuf(request);
  await page.goto(`${lieu.path}/donnees`);
  await expect(page.getByTestId('valeur-principale')).toBeVisible();

  await tab(page, 'Carte').click();
  await expect(page).toHaveURL(new RegExp(`${lieu.path}/carte$`));
  await expect(tab(page, 'Carte')).toHaveAttribute('aria-current', 'page');
  const map = page.getByRole('region', { name: 'Carte de Toulouse (Pont-Neuf) et des lieux voisins' });
  await expect(map).toHaveAttribute('data-map-ready', 'true');
  await expect(map).toHaveAttribute('data-rendered-points', /^\d+$/);
  expect(Number(await map.getAttribute('data-rendered-points'))).toBeGreaterThanOrEqual(3);
  await expect(
    page.getByRole('region', { name: 'Autres lieux de La Garonne' }).getByRole('link'),
  ).toHaveCount(23);
  // The nearest places up- and downstream, in the river's order (station codes, ADR 096), with value and age.
  const garonne = (await (
    await request.get(`/api/hydro/entite/${await entiteId(request, 'La Garonne')}`)
  ).json()) as { lieux: Array<{ id: number; libelle: string; ordre: number | null }> };
  const riviere = garonne.lieux
    .filter((l) => l.ordre !== null)
    .sort((a, b) => (a.ordre as number) - (b.ordre as number));
  const ici = riviere.findIndex((l) => l.id === lieu.id);
  const etats = (await (
    await request.get(`/api/hydro/entite/${await entiteId(request, 'La Garonne')}/lieux`)
  ).json()) as { lieux: Array<{ id: number; capteurs: Array<{ valeur: number | null }> }> };
  const voisins = page.getByRole('region', { name: 'En amont et en aval' });
  for (const [sens, autre] of [
    ['En amont', riviere[ici - 1]],
    ['En aval', riviere[ici + 1]],
  ] as const) {
    const carte = voisins.getByRole('listitem').filter({ hasText: sens });
    if (!autre) {
      await expect(carte).toHaveCount(0);
      continue;
    }
    await expect(carte.getByRole('link', { name: autre.libelle, exact: true })).toBeVisible();
    const etat = etats.lieux.find((l) => l.id === autre.id);
    if (etat?.capteurs.some((c) => c.valeur !== null)) await expect(carte.getByTestId('age')).toBeVisible();
    else await expect(carte.getByText('Aucune mesure')).toBeVisible();
  }
  await expectAccessible(page, 'lieu (carte)');
  await screens(page, 'lieu-carte', {
    waitFor: () => expect(map).toHaveAttribute('data-map-ready', 'true'),
  });

  await tab(page, 'Infos pratiques').click();
  await expect(page).toHaveURL(new RegExp(`${lieu.path}/infos$`));
  await expect(page.getByText('O200004001').first()).toBeVisible();
  await expect(page.getByText('43,59796 N, 1,43996 E')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Garonne toulousaine (MP6)' })).toBeVisible();
  // The Markdown's bold is rendered, not shown as asterisks.
  await expect(
    page
      .locator('strong', { hasText: 'zéro de l’échelle' })
      .or(page.locator('strong', { hasText: "zéro de l'échelle" })),
  ).toBeVisible();
  // No line said twice: the station code is in the table only.
  await expect(page.getByText('O200004001', { exact: true })).toHaveCount(1);
  await expect(page.getByText('**')).toHaveCount(0);
  await expectAccessible(page, 'lieu (infos)');
  await screens(page, 'lieu-infos');

  await tab(page, 'Photos').click();
  await expect(page.getByText('Pas encore de photo de ce lieu')).toBeVisible();
  await expectAccessible(page, 'lieu (photos)');
  await screens(page, 'lieu-photos');

  await tab(page, 'Webcam').click();
  await expect(page.getByText('Pas de webcam pour ce lieu')).toBeVisible();
  // Why, what would fill it, and no link to the empty webcam list.
  await expect(page.getByText(/dès qu’une webcam publique proche y sera reliée/)).toBeVisible();
  await expect(page.locator('a[href="/webcams"]')).toHaveCount(0);
  await expectAccessible(page, 'lieu (webcam)');
  await screens(page, 'lieu-webcam');

  await tab(page, 'Social').click();
  await expect(page.getByText('Connectez-vous pour publier sur ce lieu.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' }).last()).toHaveAttribute(
    'href',
    `/user/login/${encodeURIComponent(`${lieu.path.slice(1)}/social`)}`,
  );
  await expectAccessible(page, 'lieu (social)');
  await screens(page, 'lieu-social');

  // Tabs keep the activity; switching activity keeps the tab.
  await page.getByRole('navigation', { name: 'Activité' }).getByRole('link', { name: 'Canoë-kayak' }).click();
  const canoe = await activiteId(request, 'Canoë-kayak');
  await expect(page).toHaveURL(new RegExp(`/lieu/${lieu.id}/a-${canoe}/social$`));
  // The server answers these pages 404 (the app's page, which says so): the browser reports it.
  expectConsole(page, /status of 404 .*\/lieu\/\d+\/[ab]-\d+(\/nimporte)?\)$/);
  expect((await page.goto(`${lieu.path}/nimporte`))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await page.goto(`/lieu/${lieu.id}/b-${lieu.peche}`);
  await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
  await page.goto(`/lieu/999999/a-${lieu.peche}`);
  await expect(page.getByRole('heading', { name: 'Lieu introuvable' })).toBeVisible();
});

test('a place with level and flow: the H/Q switch', async ({ page, request }) => {
  const stBeat = await lieuId(request, 'St-Béat (HE)', 'La Garonne');
  await page.goto(`/lieu/${stBeat}/a-${await activiteId(request, 'Canoë-kayak')}/donnees?date=2022-01-20`);
  await expect(page.getByRole('img', { name: /^Hauteur d'eau \(m\)/ })).toBeVisible();
  await page.getByRole('button', { name: 'Débit' }).click();
  await expect(page).toHaveURL(/g=Q/);
  await expect(page.getByRole('img', { name: /^Débit moyen journalier \(m³\/s\)/ })).toBeVisible();
  await expect(page.locator('figcaption')).toContainText('m³/s');
});

test.describe('without the service worker (so that the fault below reaches the page)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a failed series fetch is swallowed: an empty state, never a broken chart', async ({
    page,
    request,
  }) => {
    expectConsole(page, /status of 503 .*\/api\/hydro\/lieu\/\d+\/d\//);
    const lieu = await pontNeuf(request);
    // Fault injection only: the observations endpoint fails, everything else is real.
    await page.route(`**/api/hydro/lieu/${lieu.id}/d/**`, (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    await page.goto(`${lieu.path}/donnees`);
    await expect(page.getByText('Données momentanément indisponibles pour cette période')).toBeVisible();
    await expect(page.locator('canvas')).toHaveCount(0);
    // The rest of the page works.
    await expect(page.getByTestId('valeur-principale')).toHaveText('0,70\u00a0m');
    await expect(page.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  });
});

test('a signed-in user posts with a photo (upload progress), sees it in Photos, then deletes it', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, 'social');
  await signInThroughUi(page, account.username, account.password);
  await page.goto(`${(await pontNeuf(request)).path}/social`);
  const texte = page.getByLabel('Votre message');
  await texte.fill('Eau claire ce matin, courant modéré sous le Pont-Neuf.');
  await expect(page.getByText(/^54 \/ 2\s000 caractères$/)).toBeVisible();
  await page.getByLabel('Photo (facultative)').setInputFiles({
    name: 'garonne.png',
    mimeType: 'image/png',
    buffer: gradientPng(320, 200),
  });
  await page.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByText('Publication envoyée.')).toBeVisible();

  const post = page.getByRole('listitem').filter({ hasText: 'Eau claire ce matin' });
  await expect(post).toContainText(account.username);
  // The observation when it was posted, with the river's name in the sentence.
  await expect(post).toContainText('Posté quand la Garonne était à 0,70 m');
  await expect(post.getByRole('img', { name: new RegExp(`Photo de ${account.username}`) })).toBeVisible();
  await expect(texte).toHaveValue('');
  await expectAccessible(page, 'lieu (social, connecté)');
  await screens(page, 'lieu-social-connecte');

  await tab(page, 'Photos').click();
  await expect(page.getByRole('img', { name: /Eau claire ce matin/ })).toHaveCount(1);
  await screens(page, 'lieu-photos-publication');

  await tab(page, 'Social').click();
  await post.getByRole('button', { name: /Supprimer votre publication/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer cette publication ?' });
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await expect(page.getByText('Publication supprimée.')).toBeVisible();
  await expect(page.getByText('Eau claire ce matin')).toHaveCount(0);
});
