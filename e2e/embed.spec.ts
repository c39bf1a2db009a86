/**
 * The embeddable widget (docs/decisions/123) seen from another site: a page served from a second local origin frames
 * `/embed/lieu/{id}` and shows the same value as the place page; the same page framing any other route of the app
 * gets nothing (frame-ancestors 'none'). Its weight (HTML and everything it loads) stays under 25 KB gzip, and
 * screenshots of the widget (light/dark, fr/en, each size) go to test-results/screens/.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { expectConsole, expect, test } from './fixtures';
import { lieuId } from './seed-support';
import { SCREENS_DIR, screenshots } from './support';

/** A static page on another origin (`localhost:<port>`, while the app runs on 127.0.0.1): one iframe of `src`. */
async function otherSite(): Promise<{
  origin: string;
  close: () => Promise<void>;
  pages: Map<string, string>;
}> {
  const pages = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const html = pages.get(req.url ?? '/') ?? '<!doctype html><title>vide</title>';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    pages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const framing = (src: string, w = 400, h = 220) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Club de canoë</title></head><body><h1>Le niveau du jour</h1><iframe id="f" src="${src}" width="${w}" height="${h}" title="Niveau — Limni" style="border:0"></iframe></body></html>`;

test('another site frames the widget of a place and shows its latest value', async ({ page, baseURL }) => {
  const site = await otherSite();
  try {
    const id = await lieuId(page.request, 'Toulouse (Pont-Neuf)', 'La Garonne');
    // The value the place page shows, for comparison.
    await page.goto(`/lieu/${id}/a-1`);
    const value = (await page.getByTestId('valeur-principale').textContent())?.trim() ?? '';
    expect(value).toMatch(/^\d+,\d{2}\u00a0m$/);

    site.pages.set('/club.html', framing(`${baseURL}/embed/lieu/${id}`));
    await page.goto(`${site.origin}/club.html`);
    expect(new URL(page.url()).origin).not.toBe(new URL(baseURL ?? '').origin);
    const frame = page.frameLocator('#f');
    await expect(frame.getByTestId('valeur')).toHaveText(value);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText('La Garonne à Toulouse (Pont-Neuf)');
    await expect(frame.getByRole('link', { name: 'Voir sur Limni →' })).toHaveAttribute('target', '_blank');
    await expect(frame.getByRole('link', { name: 'Voir sur Limni →' })).toHaveAttribute('rel', 'noopener');
  } finally {
    await site.close();
  }
});

for (const path of ['/lieu/{id}/a-1', '/', '/api/hydro/bassins']) {
  test(`another site cannot frame ${path}`, async ({ page, baseURL }) => {
    expectConsole(
      page,
      /^error: Framing '.*' violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
    );
    const site = await otherSite();
    try {
      const id = await lieuId(page.request, 'Toulouse (Pont-Neuf)', 'La Garonne');
      const src = `${baseURL}${path.replace('{id}', String(id))}`;
      site.pages.set('/club.html', framing(src));
      const refused = page.waitForEvent('console', (msg) => /frame-ancestors 'none'/.test(msg.text()));
      await page.goto(`${site.origin}/club.html`);
      await refused;
      // Chromium leaves the refused frame without the app's document.
      const frame = page.frames().find((f) => f !== page.mainFrame());
      const content = frame ? await frame.evaluate(() => document.body?.innerText ?? '') : '';
      expect(content).not.toMatch(/Limni|Garonne|bassin/i);
    } finally {
      await site.close();
    }
  });
}

test('the widget page and everything it loads weigh at most 25 KB gzip', async ({ page, baseURL }) => {
  const id = await lieuId(page.request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  const urls = new Set<string>();
  page.on('request', (r) => urls.add(r.url()));
  await page.goto(`/embed/lieu/${id}?activite=a-1`);
  await expect(page.getByTestId('valeur')).toBeVisible();
  // It loads nothing but itself (no script, font, image or style sheet).
  expect([...urls]).toEqual([`${baseURL}/embed/lieu/${id}?activite=a-1`]);
  // The bytes the server sends with gzip, read off the wire.
  const gz = await new Promise<Buffer>((resolve, reject) => {
    http
      .get(`${baseURL}/embed/lieu/${id}?activite=a-1`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => {
          expect(res.headers['content-encoding']).toBe('gzip');
          resolve(Buffer.concat(parts));
        });
      })
      .on('error', reject);
  });
  expect(zlib.gunzipSync(gz).toString('utf8')).toContain('<!doctype html>');
  console.info(`widget: ${gz.length} octets gzip`);
  expect(gz.length).toBeLessThanOrEqual(25 * 1024);
});

test('screenshots of the widget: light and dark, French and English, at its sizes', async ({ page }) => {
  const id = await lieuId(page.request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [w, h] of [
    [320, 180],
    [400, 220],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ['clair', 'sombre']) {
      for (const lang of ['fr', 'en']) {
        await page.goto(`/embed/lieu/${id}?activite=a-3&theme=${theme}&lang=${lang}`);
        await expect(page.getByTestId('valeur')).toBeVisible();
        await page.screenshot({ path: path.join(SCREENS_DIR, `widget-${w}x${h}-${theme}-${lang}.png`) });
      }
    }
  }
});

test('the « Intégrer » dialog gives the iframe code, copies it and previews the widget', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  const id = await lieuId(page.request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  await page.goto(`/lieu/${id}/a-3`);
  const value = (await page.getByTestId('valeur-principale').textContent())?.trim() ?? '';
  await page.getByRole('button', { name: 'Intégrer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Intégrer ce lieu à votre site' });
  await expect(dialog).toBeVisible();
  const code = dialog.getByLabel('Code à copier');
  await expect(code).toHaveValue(
    `<iframe src="${baseURL}/embed/lieu/${id}?activite=a-3" width="400" height="220" title="La Garonne à Toulouse (Pont-Neuf) — Limni" style="border:0" loading="lazy"></iframe>`,
  );
  await dialog.getByRole('radio', { name: '320 × 180' }).check();
  await dialog.getByRole('radio', { name: 'Sombre' }).check();
  await expect(code).toHaveValue(/embed\/lieu\/\d+\?activite=a-3&amp;theme=sombre" width="320" height="180"/);
  await expect(dialog.frameLocator('iframe').getByTestId('valeur')).toHaveText(value);
  await dialog.getByRole('button', { name: 'Copier le code' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Code copié.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
  await screenshots(page, 'integrer', {
    waitFor: () => expect(dialog.frameLocator('iframe').getByTestId('valeur')).toBeVisible(),
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
