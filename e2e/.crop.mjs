import { chromium } from 'playwright';
const [src, out, h] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 390, height: Number(h) } });
await p.goto('file://' + src);
await p.screenshot({ path: out });
await b.close();
