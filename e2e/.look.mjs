import { chromium } from 'playwright';
const base = 'http://localhost:8099';
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox'] });
for (const [w, h] of [[390, 844], [1440, 900]]) {
  for (const lang of ['fr', 'en']) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: lang === 'fr' ? 'fr-FR' : 'en-US' });
    await ctx.addInitScript((l) => localStorage.setItem('langue', l), lang);
    const page = await ctx.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
    for (const p of pages) {
      await page.goto(base + p);
      await page.waitForTimeout(2500);
      const name = `/tmp/shots/${p.replace(/[^a-z0-9]+/gi, '_')}_${w}_${lang}.png`;
      await page.screenshot({ path: name, fullPage: false });
      console.log(name);
    }
    await ctx.close();
  }
}
await browser.close();
