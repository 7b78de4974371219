import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { launchChromium } from '../support/browser';
import { startServerProcess } from '../support/server-process';

/*
 * First loads with server rendering off (SSR=false: an empty #app, the browser renders) and on
 * (the default: the page's HTML in #app, hydrated), two server processes of the same build side by
 * side in one run, requests alternating between them:
 * - curl: time to the first byte and to the whole document, and its size as sent (gzip) and raw.
 *   With SSR the document is the first meaningful HTML; without it the headline waits for scripts.
 * - Chromium: first contentful paint and the time until the page's <h1> is in the DOM.
 *
 * `npx tsx tests/load/first-load.bench.ts` prints the section (needs `pnpm build`).
 */

const run_ = promisify(execFile);
const PAGES = ['/', '/prices', '/blog', '/blog/rtx-4090-arrived', '/articles/getting-started/first-machine'];
const ROUNDS = 10;
const BROWSER_ROUNDS = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function curl(url: string, gzip: boolean) {
  const { stdout } = await run_('curl', [
    '-s',
    '-o',
    '/dev/null',
    ...(gzip ? ['-H', 'Accept-Encoding: gzip'] : []),
    '-w',
    '%{time_starttransfer} %{time_total} %{size_download}',
    url,
  ]);
  const [first, total, size] = stdout.trim().split(' ').map(Number) as [number, number, number];
  return { first: first * 1000, total: total * 1000, size };
}

export async function run(): Promise<string> {
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
  const loadBefore = load();
  const [off, on] = await Promise.all([
    startServerProcess({ SSR: 'false' }),
    startServerProcess({ SSR: 'true' }),
  ]);
  const servers = { off, on };
  const rows: string[] = [];
  const browser = await launchChromium();
  try {
    for (const path of PAGES) {
      const samples = {
        off: [] as Awaited<ReturnType<typeof curl>>[],
        on: [] as Awaited<ReturnType<typeof curl>>[],
      };
      const raw = { off: 0, on: 0 };
      for (const mode of ['off', 'on'] as const) {
        await curl(servers[mode].url + path, true); // warm: the page's modules, caches
        raw[mode] = (await curl(servers[mode].url + path, false)).size;
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const mode of ['off', 'on'] as const)
          samples[mode].push(await curl(servers[mode].url + path, true));
      }
      const paint = { off: [] as number[], on: [] as number[] };
      const headline = { off: [] as number[], on: [] as number[] };
      const slowHeadline = { off: [] as number[], on: [] as number[] };
      for (let round = 0; round < BROWSER_ROUNDS * 2; round += 1) {
        // Every other load over an emulated slow 4G link: each script round trip costs there.
        const slow = round % 2 === 1;
        for (const mode of ['off', 'on'] as const) {
          const context = await browser.newContext();
          // The first frame with the page's <h1>, from the navigation's start (the server's or React's).
          // A string: a function from this file would carry tsx's `__name` helper, unknown in the page.
          await context.addInitScript(`(() => {
            const frame = () => {
              if (document.querySelector('#app h1')) window.h1At = performance.now();
              else requestAnimationFrame(frame);
            };
            requestAnimationFrame(frame);
          })();`);
          const page = await context.newPage();
          if (slow) {
            const cdp = await context.newCDPSession(page);
            await cdp.send('Network.emulateNetworkConditions', {
              offline: false,
              latency: 150,
              downloadThroughput: (1.6 * 1024 * 1024) / 8,
              uploadThroughput: (750 * 1024) / 8,
            });
          }
          await page.goto(servers[mode].url + path, { waitUntil: 'networkidle' });
          const timing = await page.evaluate(() => ({
            fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
            h1: (window as { h1At?: number }).h1At ?? Number.NaN,
          }));
          if (slow) slowHeadline[mode].push(timing.h1);
          else {
            paint[mode].push(timing.fcp);
            headline[mode].push(timing.h1);
          }
          await context.close();
        }
      }
      const cell = (mode: 'off' | 'on') => {
        const s = samples[mode];
        return [
          `${median(s.map((x) => x.first)).toFixed(1)} ms`,
          `${median(s.map((x) => x.total)).toFixed(1)} ms`,
          `${(median(s.map((x) => x.size)) / 1024).toFixed(1)} KB / ${(raw[mode] / 1024).toFixed(1)} KB`,
          `${median(paint[mode]).toFixed(0)} ms`,
          `${median(headline[mode]).toFixed(0)} ms`,
          `${median(slowHeadline[mode]).toFixed(0)} ms`,
        ];
      };
      rows.push(`| ${path} | SSR=false | ${cell('off').join(' | ')} |`);
      rows.push(`| ${path} | SSR on | ${cell('on').join(' | ')} |`);
    }
  } finally {
    await browser.close();
    await Promise.all([off.stop(), on.stop()]);
  }
  return [
    '## First-load HTML with and without server rendering',
    '',
    `Two server processes of one build, SSR=false and SSR on (the default), NODE_ENV=test, PGlite, the demo data; ${ROUNDS} curl requests per page and mode, alternating (medians; gzip as browsers ask), after one warm-up each; then ${BROWSER_ROUNDS} Chromium loads per page and mode (fresh context, no cache) on the loopback and ${BROWSER_ROUNDS} over an emulated slow 4G link (150 ms latency, 1.6 Mbit/s down). Load average (1, 5, 15 min): ${loadBefore} before, ${load()} after (two cores).`,
    '',
    '| page | mode | first byte | whole document | size gzip / raw | first contentful paint | first frame with the <h1> | <h1> over slow 4G |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'With SSR the document is the first meaningful HTML: headline and text arrive with the first response (a crawler or `curl` reads them) and the browser can paint them before any script has run; without it the first response is an empty `#app` and the headline waits for the entry, the page chunk and React. The price is the render on the server (the difference in «whole document», most on the home page, the largest) and the larger document. On the loopback the scripts arrive at once, so the browser columns differ by little more than the noise of a loaded machine; the slow 4G column is where the round trips for the scripts show.',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await run());
}
