/**
 * « À quoi ressemble ce niveau » (docs/decisions/153): two photos posted at Toulouse Pont-Neuf, stamped with the
 * readings of the source file when the Garonne stood at 3.1 m and at 0.7 m; seen at an instant when it reads 3.2 m,
 * the place shows the first beside the reading, not the second. The form says what a post will be stamped with.
 */
import { expect, test } from './fixtures';
import { createVerifiedAccount, gradientPng, signInThroughUi } from './compte-support';
import { lieuOfStation, sharedServerDatabase, withDatabase } from './db-support';
import { activiteId, garonneLevels } from './seed-support';
import { screenshots } from './support';

/** Toulouse Pont-Neuf's readings in the source file (m), oldest first. */
const pontNeuf = () => garonneLevels('O200004001');

/** A level in metres as the French screens write it (« 0,70 »). */
const m2 = (v: number) =>
  new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v);

const firstNear = (m: number, after = -Infinity) => {
  const r = pontNeuf().find((o) => o.ts > after && Math.abs(o.valeur - m) <= 0.01);
  if (!r) throw new Error(`pas de ${m} m dans le fichier`);
  return r;
};

test('at 3.2 m the place shows the photo taken at 3.1 m, not the one at 0.7 m', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, 'niveau');
  await signInThroughUi(page, account.username, account.password);
  const { id } = await lieuOfStation(sharedServerDatabase(), 'O200004001');
  const baignade = await activiteId(request, 'Baignade');

  // The form says what a post carries: here the demo's last reading, too old to show the level of a photo today.
  await page.goto(`/lieu/${id}/a-${baignade}/social`);
  const last = pontNeuf().at(-1);
  await expect(page.getByTestId('tampon-releve')).toHaveText(
    `Votre publication portera la mesure du moment\u00a0: ${m2(last?.valeur ?? NaN)}\u00a0m le 01/02/2022 à 00h45. ` +
      'Cette mesure est trop ancienne pour montrer le niveau de votre photo\u00a0: elle ne figurera pas dans «\u00a0À quoi ressemble ce niveau\u00a0».',
  );
  for (const texte of ['La Garonne haute sous le Pont-Neuf', 'La Garonne basse, les quais à sec']) {
    await page.getByLabel('Votre message').fill(texte);
    await page.getByLabel('Photo (facultative)').setInputFiles({
      name: 'garonne.png',
      mimeType: 'image/png',
      buffer: gradientPng(320, 200),
    });
    await page.getByRole('button', { name: 'Publier' }).click();
    await expect(page.getByText('Publication envoyée.').first()).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: texte })).toBeVisible();
  }

  // As if posted in January 2022, ten minutes after the readings of the source file at 3.1 m and 0.7 m.
  const haut = firstNear(3.1);
  const bas = firstNear(0.7);
  await withDatabase(sharedServerDatabase(), async (db) => {
    for (const [texte, stamp] of [
      ['La Garonne haute sous le Pont-Neuf', haut],
      ['La Garonne basse, les quais à sec', bas],
    ] as const) {
      const releves = [
        {
          grandeur: 'H',
          unite: 'm',
          libelle: 'Hauteur',
          valeur: stamp.valeur,
          ts: stamp.ts,
          tendance: null,
          variation_h: null,
        },
      ];
      await db
        .updateTable('publication')
        .set({ releves: JSON.stringify(releves), created_at: stamp.ts + 600_000 })
        .where('texte', '=', texte)
        .execute();
    }
  });

  const at = firstNear(3.2, Math.max(haut.ts, bas.ts));
  const paris = new Date(at.ts + 3_600_000).toISOString().slice(0, 16);
  await page.goto(`/lieu/${id}/a-${baignade}?t=${paris}`);
  const section = page.getByRole('region', { name: 'À quoi ressemble ce niveau' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('img', { name: 'La Garonne haute sous le Pont-Neuf' })).toBeVisible();
  await expect(section.getByRole('img', { name: 'La Garonne basse, les quais à sec' })).toHaveCount(0);
  await expect(section.getByText(new RegExp(`^${m2(haut.valeur)}\\s?m le 10/01/2022`))).toBeVisible();
  await screenshots(page, 'niveau-photos-3-2-m');

  await page.getByRole('contentinfo').getByLabel('Langue').selectOption('en');
  await expect(page.getByRole('region', { name: 'What this level looks like' })).toBeVisible();
  await screenshots(page, 'niveau-photos-3-2-m-en');
});
