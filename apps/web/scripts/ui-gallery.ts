// Screenshots of the UI kit gallery (apps/web/gallery.html, development only) at desktop and phone
// width, written to docs/ui/. Run from the repository root: npx tsx apps/web/scripts/ui-gallery.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { launchChromium } from '../../../tests/support/browser';

const ROOT = join(import.meta.dirname, '../../..');
const OUT = join(ROOT, 'docs/ui');
mkdirSync(OUT, { recursive: true });

const server = await createServer({
  configFile: join(ROOT, 'apps/web/vite.config.ts'),
  root: join(ROOT, 'apps/web'),
  server: { port: 5199, strictPort: false },
  logLevel: 'error',
});
await server.listen();
const url = `${server.resolvedUrls?.local[0] ?? 'http://localhost:5199/build/'}gallery.html`;
const browser = await launchChromium();
try {
  for (const [name, width] of [
    ['gallery-1366', 1366],
    ['gallery-390', 390],
  ] as const) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'fa-IR' });
    await page.goto(url);
    await page.getByRole('heading', { name: 'گالری اجزای رابط کاربری' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) console.warn(`${name}: ${overflow} px of horizontal overflow`);
    await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
    if (width === 390) {
      await page.getByRole('button', { name: 'حذف سرور' }).click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: join(OUT, 'confirm-dialog-390.png') });
    }
    await page.close();
  }
  console.log(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await server.close();
}
