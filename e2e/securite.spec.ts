/**
 * Browser security (docs/decisions/101, issue D1): every answer carries the Content-Security-Policy and the other
 * headers; the app, its map (MapLibre's worker), its charts and its service worker run under that policy without
 * one violation; no page can be framed.
 */
import { expectConsole, expect, test, type Page } from './fixtures';
import { createVerifiedAccount, signInThroughUi } from './compte-support';
import { lieuId } from './seed-support';
import { openMap } from './support';

/** Records every CSP violation the page reports (the console guard also fails on their console errors). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => {
      seen.push(`${e.effectiveDirective} ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp ?? []);
}

test('HTML, assets, the service worker and API answers carry the security headers', async ({ request }) => {
  const page = await request.get('/lieu/1/a-1');
  const html = page.headers();
  expect(html['content-type']).toMatch(/^text\/html/);
  const csp = html['content-security-policy'] ?? '';
  expect(csp).toMatch(/(^|; )script-src 'self'(;|$)/);
  expect(csp).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
  expect(csp).toMatch(/(^|; )object-src 'none'(;|$)/);
  expect(csp).toMatch(/(^|; )worker-src 'self'(;|$)/);
  expect(csp).toMatch(/(^|; )connect-src 'self'(;|$)/);
  expect(csp).toMatch(/(^|; )style-src 'self'(;|$)/);
  expect(csp).not.toMatch(/unsafe-eval/);
  expect(html['x-frame-options']).toBe('DENY');
  expect(html['x-content-type-options']).toBe('nosniff');
  expect(html['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(html['permissions-policy']).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
  // Served over http in a test environment: no HSTS (it is sent in production on https only).
  expect(html['strict-transport-security']).toBeUndefined();

  const body = await page.text();
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(body)?.[1] ?? '';
  for (const path of [asset, '/sw.js', '/api/hydro/bassins', '/api/nope']) {
    const h = (await request.get(path)).headers();
    expect(h['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
    expect(h['x-content-type-options'], path).toBe('nosniff');
  }
  // The service worker's own policy lets it fetch this origin (a worker's policy is its response's).
  expect((await request.get('/sw.js')).headers()['content-security-policy']).toMatch(/connect-src 'self'/);
  // API answers may load nothing.
  expect((await request.get('/api/hydro/bassins')).headers()['content-security-policy']).toMatch(
    /^default-src 'none'/,
  );
  // Swagger UI is public outside production only: the test server runs with NODE_ENV=test, the reference
  // deployment (deploy/e2e-cluster.ts, E2E_SERVER_MODE=production) in production.
  const docs = (await request.get('/api/docs')).status();
  if (process.env.E2E_SERVER_MODE === 'production') expect(docs).toBe(404);
  else expect(docs).toBeLessThan(400);
});

test('the app runs under its CSP: map worker, chart, service worker, account pages — no violation', async ({
  page,
  request,
}) => {
  const violations = await watchViolations(page);
  const pontNeuf = await lieuId(request, 'Toulouse (Pont-Neuf)', 'La Garonne');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  await page.goto('/choisir/carte');
  await openMap(page.getByRole('region', { name: 'Carte des lacs et rivières' }));
  await page.goto(`/lieu/${pontNeuf}/a-1/donnees`);
  await expect(page.getByTestId('valeur-principale')).toBeVisible();
  await expect(page.locator('.uplot canvas').first()).toBeVisible();
  await page.goto(`/lieu/${pontNeuf}/a-1/carte`);
  await expect(page.getByRole('region', { name: /^Carte de / })).toHaveAttribute('data-map-ready', 'true');
  await page.goto('/user/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Signed in: the profile, and a dialog (its scroll lock adds a <style> element).
  const account = await createVerifiedAccount(request, 'csp');
  await signInThroughUi(page, account.username, account.password);
  await page.goto(`/lieu/${pontNeuf}/a-1`);
  await page.getByRole('button', { name: /^M’alerter pour / }).click();
  await expect(page.getByRole('dialog', { name: /^M’alerter — / })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await violations()).toEqual([]);
});

test('no page of the app can be framed by another site', async ({ page, baseURL }) => {
  expectConsole(
    page,
    /^error: Framing '.*' violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
  );
  await page.setContent(`<iframe id="f" src="${baseURL}/user/login" width="400" height="300"></iframe>`);
  const frame = page.frameLocator('#f');
  await page.waitForTimeout(1500);
  // The frame stays empty: the browser refused to render the login page inside it.
  await expect(frame.getByRole('heading', { level: 1 })).toHaveCount(0);
});
