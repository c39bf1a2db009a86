/**
 * Names on the map (docs/decisions/124): on La Garonne à Toulouse (Pont-Neuf)'s Carte tab, the map is centred on the
 * place, which is named with its nearest neighbours, the town it stands in and its river; MapLibre's controls are
 * named in the page's language. French and English, screenshots at 390 and 1440 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { screens } from './lieux-support';
import { activiteId, entiteId, lieuId } from './seed-support';
import { expectAccessible, openMap } from './support';

const geo = path.resolve(import.meta.dirname, '../apps/web/public/geo');

interface Town {
  properties: { nom: string; pop_max: number };
  geometry: { coordinates: [number, number] };
}

/** The bundled list of towns (Natural Earth populated places). */
const towns = (): Town[] =>
  (JSON.parse(fs.readFileSync(path.join(geo, 'towns.geojson'), 'utf8')) as { features: Town[] }).features;

/** The town of the base map nearest to a point. */
function nearestTown(lon: number, lat: number): string {
  const d = (t: Town) => Math.hypot(t.geometry.coordinates[0] - lon, t.geometry.coordinates[1] - lat);
  const best = towns().sort((a, b) => d(a) - d(b))[0];
  if (!best) throw new Error('towns.geojson is empty');
  return best.properties.nom;
}

/** Names drawn on the map and visible. */
async function visibleNames(layer: Locator): Promise<string[]> {
  return layer
    .locator('span')
    .evaluateAll((spans) =>
      spans
        .filter((s) => getComputedStyle(s).visibility === 'visible' && s.textContent)
        .map((s) => s.textContent ?? ''),
    );
}

/** The place is at the middle of the map (within a pixel or two): the map is centred on it. */
async function expectCentred(page: Page, map: Locator, nom: string): Promise<void> {
  const box = await map.boundingBox();
  const label = page.getByTestId('noms-carte').getByText(nom, { exact: true });
  const tag = await label.boundingBox();
  if (!box || !tag) throw new Error('map or name without a box');
  // The viewed place's name starts beside its marker (right, left, above or below): its marker is the centre.
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const beside = Math.abs(tag.y + tag.height / 2 - cy) < 3 || Math.abs(tag.x + tag.width / 2 - cx) < 3;
  expect(beside, `${nom} is named beside the centre of the map`).toBe(true);
}

for (const langue of ['fr', 'en'] as const) {
  test(`the place map names the place, its neighbours, its town and river (${langue})`, async ({
    page,
    request,
  }) => {
    const id = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
    const peche = await activiteId(request, 'Pêche');
    const garonne = await entiteId(request, 'La Garonne');
    const lieux = (
      (await (await request.get(`/api/hydro/entite/${garonne}/lieux`)).json()) as {
        lieux: Array<{ id: number; nom: string; lat_gps: number; lon_gps: number }>;
      }
    ).lieux;
    const ici = lieux.find((l) => l.id === id);
    if (!ici) throw new Error('Pont-Neuf is not among La Garonne’s places');
    if (langue === 'en') await page.addInitScript(() => localStorage.setItem('langue', 'en'));
    await page.goto(`/lieu/${id}/a-${peche}/carte`);
    const map = page.getByRole('region', {
      name:
        langue === 'fr'
          ? 'Carte de Toulouse (Pont-Neuf) et des lieux voisins'
          : 'Map of Toulouse (Pont-Neuf) and nearby places',
    });
    // The tab's chunk, MapLibre's and the outlines come one after the other: on a loaded machine, a while.
    await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 60_000 });
    const layer = map.getByTestId('noms-carte');

    // The viewed place, at the centre; at least one neighbour; the nearest town of the base; the river.
    await expect(layer.getByText(ici.nom, { exact: true })).toBeVisible();
    await expectCentred(page, map, ici.nom);
    const autres = lieux.filter((l) => l.id !== id).map((l) => l.nom);
    await expect
      .poll(async () => (await visibleNames(layer)).filter((n) => autres.includes(n)).length)
      .toBeGreaterThan(0);
    await expect(layer.getByText(nearestTown(ici.lon_gps, ici.lat_gps), { exact: true })).toBeVisible();
    await expect(layer.getByText('Garonne', { exact: true }).first()).toBeVisible();

    // MapLibre's controls in the page's language.
    const zoomIn = langue === 'fr' ? 'Zoomer' : 'Zoom in';
    const zoomOut = langue === 'fr' ? 'Dézoomer' : 'Zoom out';
    const sources =
      langue === 'fr' ? 'Afficher ou masquer les sources de la carte' : 'Show or hide the map’s sources';
    await expect(map.getByRole('button', { name: zoomIn, exact: true })).toBeVisible();
    await expect(map.getByRole('button', { name: zoomOut, exact: true })).toBeVisible();
    await expect(
      map.getByRole('region', { name: langue === 'fr' ? 'Carte' : 'Map', exact: true }),
    ).toBeAttached();
    // The sources' disclosure (a `summary`, not in the accessibility tree as a button).
    await expect(map.locator('summary')).toHaveAttribute('aria-label', sources);
    if (langue === 'fr') await expect(map.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);

    await expectAccessible(page, `carte nommée (${langue})`);
    await screens(page, `lieu-carte-noms-${langue}`, {
      waitFor: () => expect(map).toHaveAttribute('data-map-ready', 'true'),
    });
  });
}

test('the France map names the main towns and rivers, biggest first', async ({ page }) => {
  // Desktop width: on a phone the chooser shows its list until its « Carte » view is chosen (ADR 118).
  await page.goto('/choisir/carte');
  const map = page.getByRole('region', { name: 'Carte des lacs et rivières' });
  // MapLibre loads when the user asks for it: the pointer over the map (ADR 118).
  await openMap(map);
  // The most populous town of the list is named first: no other name can crowd it out (markers are grouped here).
  const biggest = towns().sort((a, b) => b.properties.pop_max - a.properties.pop_max)[0];
  if (!biggest) throw new Error('towns.geojson is empty');
  await expect(
    map.getByTestId('noms-carte').getByText(biggest.properties.nom, { exact: true }),
  ).toBeVisible();
  await screens(page, 'choisir-carte-noms');
});
