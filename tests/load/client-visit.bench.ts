import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { type FixtureApp, startFixtureApp } from '../conformance/fixtures/inertia/app.js';
import { bundleClient, CLIENTS, type ClientUnderTest } from '../conformance/fixtures/inertia/clients.js';
import { launchChromium } from '../support/browser.js';

/*
 * Client-side page visits in Chromium: the conformance fixture app (tests/conformance/fixtures/
 * inertia) bundled once per client (@inertiajs/react 2, @inertiajs/react 3, ours), each served by
 * its own copy of the same Fastify server in this process, one tab per client in one browser.
 *
 * A visit is a click on a <Link> (Home → About, then About → Home, alternately), timed inside the
 * page with performance.now(): from just before the click to the moment the new page's element is
 * in the DOM (a MutationObserver, so the commit is seen, not a later poll). Resource Timing splits
 * each visit into before the request (click → requestStart), the request (→ responseEnd) and
 * after the answer (responseEnd → new page in the DOM): the last part is the client's own work of
 * showing a page and the first its work of starting a visit. After each visit the page is let to
 * settle (two frames) before the next click, which is not timed.
 *
 * Rounds alternate the clients in blocks of BLOCK visits, the order rotated each round, so load
 * from other work on the machine falls on all of them alike; speeds are reported as ratios to
 * Inertia 3. Long tasks (PerformanceObserver) and the JS heap after a forced GC (CDP) are read at
 * the end; the app's JS is the whole bundle served as /client.js, gzipped.
 *
 * `npx tsx tests/load/client-visit.bench.ts` prints the section; `pnpm bench client-visit` writes it.
 * VISITS (per client per round, default 300) and ROUNDS (default 3) can be set in the environment.
 */

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const VISITS = Number(process.env.VISITS ?? 300);
const BLOCK = 50;
const WARM_UP = 40;
const BASELINE = '@inertiajs/react v3';

interface Sample {
  total: number;
  before: number;
  request: number;
  after: number;
}

interface Tab {
  client: ClientUnderTest;
  fixture: FixtureApp;
  page: Page;
  cdp: CDPSession;
  js: number;
  samples: Sample[][];
}

/** Runs `count` visits inside the page and returns their timings. */
function visitsInPage(count: number): Promise<Sample[]> {
  const appeared = (selector: string) =>
    new Promise<number>((resolve) => {
      if (document.querySelector(selector)) return resolve(performance.now());
      const observer = new MutationObserver(() => {
        if (!document.querySelector(selector)) return;
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  const settle = () =>
    new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));
  return (async () => {
    const samples: Sample[] = [];
    for (let i = 0; i < count; i++) {
      const toAbout = !!document.querySelector('#to-about');
      const link = document.querySelector<HTMLElement>(toAbout ? '#to-about' : '#to-home')!;
      const target = toAbout ? '#about-text' : '#greeting';
      const path = toAbout ? '/about' : '/';
      performance.clearResourceTimings();
      const start = performance.now();
      link.click();
      const end = await appeared(target);
      const timing = performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname === path) as PerformanceResourceTiming | undefined;
      samples.push({
        total: end - start,
        before: timing ? timing.requestStart - start : Number.NaN,
        request: timing ? timing.responseEnd - timing.requestStart : Number.NaN,
        after: timing ? end - timing.responseEnd : Number.NaN,
      });
      await settle();
    }
    return samples;
  })();
}

async function openTab(browser: Browser, client: ClientUnderTest): Promise<Tab> {
  const bundle = await bundleClient(client);
  const fixture = await startFixtureApp(bundle);
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // tsx compiles the functions sent to the page with esbuild's keepNames, which calls __name.
  await page.addInitScript('window.__name = (f) => f;');
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${fixture.url}/`);
  await page.waitForSelector('#greeting');
  if (errors.length) throw new Error(`${client.name}: ${errors.join('; ')}`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const js = gzipSync(Buffer.from(bundle), { level: 9 }).byteLength;
  return { client, fixture, page, cdp, js, samples: [] };
}

const quantile = (values: number[], q: number) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (!sorted.length) return Number.NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low);
};
const median = (values: number[]) => quantile(values, 0.5);
const ms = (value: number) => value.toFixed(2);
const ratio = (value: number, base: number) => `${(value / base).toFixed(2)}×`;

async function heapAfterGc(tab: Tab): Promise<number> {
  await tab.cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await tab.cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
}

export async function run(): Promise<string> {
  const { loadavg } = await import('node:os');
  const loadBefore = loadavg()[0]!;
  const browser = await launchChromium();
  const tabs: Tab[] = [];
  try {
    for (const client of CLIENTS) tabs.push(await openTab(browser, client));
    for (const tab of tabs) await tab.page.evaluate(visitsInPage, WARM_UP);
    for (let round = 0; round < ROUNDS; round++) {
      const order = tabs.map((_, i) => tabs[(i + round) % tabs.length]!);
      const got = new Map<Tab, Sample[]>(tabs.map((tab) => [tab, []]));
      for (let done = 0; done < VISITS; done += BLOCK) {
        for (const tab of order) {
          await tab.page.bringToFront();
          got.get(tab)!.push(...(await tab.page.evaluate(visitsInPage, Math.min(BLOCK, VISITS - done))));
        }
      }
      for (const tab of tabs) tab.samples.push(got.get(tab)!);
    }
    const loadAfter = loadavg()[0]!;

    const rows = [];
    for (const tab of tabs) {
      const all = tab.samples.flat();
      const longTasks = await tab.page.evaluate(
        () => (window as unknown as { __longTasks: number[] }).__longTasks,
      );
      rows.push({
        name: tab.client.name,
        rounds: tab.samples.map((samples) => median(samples.map((s) => s.total))),
        median: median(all.map((s) => s.total)),
        p95: quantile(
          all.map((s) => s.total),
          0.95,
        ),
        before: median(all.map((s) => s.before)),
        request: median(all.map((s) => s.request)),
        after: median(all.map((s) => s.after)),
        afterP95: quantile(
          all.map((s) => s.after),
          0.95,
        ),
        heap: await heapAfterGc(tab),
        longTasks: longTasks.length,
        longTaskMs: longTasks.reduce((sum, d) => sum + d, 0),
        js: tab.js,
      });
    }
    const base = rows.find((row) => row.name === BASELINE) ?? rows[0]!;
    const lines = [
      '## Client page visits in Chromium: @renderfarm/react vs @inertiajs/react 2 and 3',
      '',
      `The conformance fixture app bundled once per client, each on its own copy of the same Fastify server; ${ROUNDS} rounds × ${VISITS} link visits per client (Home ↔ About), clients alternating in blocks of ${BLOCK}, order rotated each round; ${WARM_UP} warm-up visits each. ` +
        'A visit is timed in the page from just before the click to the new page in the DOM; Resource Timing splits it into before the request, the request, and after the answer (the client showing the page). ' +
        `1-minute load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after (2 shared cores). Ratios are to ${BASELINE}.`,
      '',
      '| client | median | p95 | median per round | before request | request | after answer (median / p95) | heap after GC | long tasks | app JS (gzip) |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.name} | ${ms(row.median)} ms (${ratio(row.median, base.median)}) | ${ms(row.p95)} ms (${ratio(row.p95, base.p95)}) | ${row.rounds.map((r, i) => `${ms(r)} (${ratio(r, base.rounds[i]!)})`).join(', ')} | ${ms(row.before)} ms | ${ms(row.request)} ms | ${ms(row.after)} / ${ms(row.afterP95)} ms (${ratio(row.after, base.after)}) | ${(row.heap / 1024 / 1024).toFixed(2)} MB (${ratio(row.heap, base.heap)}) | ${row.longTasks} (${row.longTaskMs.toFixed(0)} ms) | ${row.js.toLocaleString('en')} B (${ratio(row.js, base.js)}) |`,
      ),
    ];
    return lines.join('\n');
  } finally {
    await browser.close();
    for (const tab of tabs) await tab.fixture.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await run());
}
