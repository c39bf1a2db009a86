/**
 * Drought restrictions (docs/decisions/155) on the offline demo: the place inside the recorded VigiEau zone shows its
 * order — level, validity, PDF, usages, source and the recording's date — and the activity verdict says whether the
 * order concerns it; a place elsewhere says « Aucune restriction connue ici. » with the date of the data. French and
 * English, at 390 and 1440 px.
 */
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { sharedServerDatabase, withDatabase } from './db-support';
import { activiteId, lieuId } from './seed-support';
import { screenshots } from './support';
import { dansEmprise, type SecheresseEnregistree } from '../apps/api/src/seed/secheresse-enregistree';

const REC = JSON.parse(
  fs.readFileSync(new URL('../apps/api/seed-data/vigieau_zone_11083_2023-07.json', import.meta.url), 'utf8'),
) as SecheresseEnregistree;
const ZONE = REC.reponse as {
  nom: string;
  niveauAlerte: string;
  usages: Array<{ usage: string }>;
  arrete: { dateDebutValidite: string; dateFinValidite: string; cheminFichier: string };
};
const jour = (d: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${d}T12:00:00Z`),
  );
const mois = (locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${REC.enregistre_au_plus_tard}T12:00:00Z`),
  );

test('the place in the recorded zone shows its order; the verdict says whether it concerns the activity', async ({
  page,
  request,
}) => {
  const inside = await withDatabase(sharedServerDatabase(), async (db) => {
    const lieux = await db.selectFrom('lieu').select(['id', 'lon_gps', 'lat_gps']).orderBy('id').execute();
    return lieux.filter((l) => dansEmprise(REC.emprise_demo, l.lon_gps, l.lat_gps));
  });
  expect(inside.length).toBeGreaterThan(0);
  const lieu = inside[0]?.id;
  const baignade = await activiteId(request, 'Baignade');
  await page.goto(`/lieu/${lieu}/a-${baignade}`);

  const niveau = ZONE.niveauAlerte.toLowerCase();
  await expect(page.getByTestId('secheresse-verdict')).toHaveText(
    `Arrêté sécheresse (${niveau}), enregistré en ${mois('fr-FR')} dans cette zone\u00a0: aucun de ses usages ne vise l’activité «\u00a0Baignade\u00a0». Voir les restrictions`,
  );
  await page.getByRole('link', { name: 'Voir les restrictions' }).click();
  const card = page.getByRole('region', { name: 'Restrictions sécheresse' });
  await expect(card).toBeInViewport();
  await expect(card.getByText(`Niveau ${ZONE.niveauAlerte}`)).toBeVisible();
  await expect(card.getByText(`Zone d’alerte «\u00a0${ZONE.nom}\u00a0»`)).toBeVisible();
  await expect(
    card.getByText(
      `Arrêté en vigueur du ${jour(ZONE.arrete.dateDebutValidite, 'fr-FR')} au ${jour(ZONE.arrete.dateFinValidite, 'fr-FR')}.`,
    ),
  ).toBeVisible();
  await expect(card.getByRole('link', { name: 'L’arrêté (PDF)' })).toHaveAttribute(
    'href',
    ZONE.arrete.cheminFichier,
  );
  await card.getByText(`${ZONE.usages.length} usages restreints`).click();
  await expect(card.getByRole('listitem')).toHaveCount(ZONE.usages.length);
  await expect(card.getByText(ZONE.usages[0]?.usage.trim() ?? '', { exact: false }).first()).toBeVisible();
  await expect(card).toContainText(`réponse enregistrée en ${mois('fr-FR')}`);
  await expect(card).toContainText('ce n’est pas la situation d’aujourd’hui');
  await screenshots(page, 'secheresse-zone-fr');

  await page.getByRole('contentinfo').getByLabel('Langue').selectOption('en');
  const en = page.getByRole('region', { name: 'Drought restrictions' });
  await expect(en.getByText('Level Crisis')).toBeVisible();
  await expect(page.getByTestId('secheresse-verdict')).toContainText(
    `Drought order (crisis), recorded in ${mois('en-US')} in this zone: none of its uses concerns “Swimming”.`,
  );
  await en.getByText(`${ZONE.usages.length} restricted uses`).click();
  await expect(en).toContainText('The uses are worded as in the order, in French.');
  await screenshots(page, 'secheresse-zone-en');
  await page.getByRole('contentinfo').getByLabel('Language').selectOption('fr');
});

test('a place outside any recorded zone says no restriction is known, with the date of the data', async ({
  page,
  request,
}) => {
  const toulouse = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  const baignade = await activiteId(request, 'Baignade');
  await page.goto(`/lieu/${toulouse}/a-${baignade}`);
  const card = page.getByRole('region', { name: 'Restrictions sécheresse' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByText('Aucune restriction connue ici.')).toBeVisible();
  await expect(card).toContainText(`réponse enregistrée en ${mois('fr-FR')}`);
  await expect(page.getByTestId('secheresse-verdict')).toHaveCount(0);
  await screenshots(page, 'secheresse-aucune-fr');
});
