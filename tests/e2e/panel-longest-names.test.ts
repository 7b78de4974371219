import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type AppPage, closeSignedIn, openSignedIn, screenshot, waitForTitle } from '../support/app-page';
import { HttpSession } from '../support/http-session';

/*
 * The customer panel with the longest values the server accepts, not the demo's short ones: every
 * machine and drive renamed to the most characters their forms allow (one with no space to break
 * at) and a ticket with the longest subject. (The demo customer's own name is the identity check's
 * and cannot be changed: the staff tests carry long people's names.) Then every
 * page of the panel (walked from the customer's own route list, parameters taken from the links the
 * pages show) must fit a 390 px phone with no sideways scroll, and at 1366 px no filter or field may
 * sit on another. The names are put back afterwards: other files read the same demo customer.
 */
const baseUrl = () => inject('baseUrl');
const CUSTOMER = 'customer@renderfarm.test';
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

// The servers' limits (instances/validators.ts MACHINE_NAME_MAX, drives DRIVE_NAME_MAX,
// support SUBJECT_MAX): each is proved the longest below, as one
// more character is refused.
const MACHINE_MAX = 60;
const DRIVE_MAX = 60;
const SUBJECT_MAX = 150;

/** `length` characters of Persian words, ending in `tag` so each record's name differs. */
const words = (length: number, tag: string) =>
  `${'رندر نهایی پروژهٔ ویلای شمال با نورپردازی شب '.repeat(8).slice(0, length - tag.length - 1)} ${tag}`;
/** `length` characters with nowhere to break a line: the harshest name a layout can get. */
const unbroken = (length: number, tag: string) =>
  `${'Render'.repeat(30).slice(0, length - tag.length)}${tag}`;

/** GET routes of the panel that answer a file or an outside party, not a page to look at. */
const NOT_PAGES = new Set([
  'panel.items.export', // CSV
  'panel.invoices.pdf', // PDF
  'panel.instances.rdp', // .rdp
  'panel.drives.down', // the drive's files
  'panel.drives.files.upload', // the resumable upload's HEAD/GET
  'panel.payments.verify', // the gateway's return, which redirects
  'panel.jobs.frame', // one rendered frame, an image
  'panel.jobs.download', // the frames' zip
]);

/**
 * Pages of records the demo customer has none of: a render job needs a render node to check its
 * scene first, so render-jobs.test.ts, which starts two, looks at Panel/Jobs/View at both widths.
 */
const NO_DEMO_RECORD = new Set(['panel.jobs.view']);

interface Machine {
  uuid: string;
  name: string;
  idle_stop_minutes: number | null;
  stop_below_balance: number | null;
}
interface Drive {
  uuid: string;
  name: string;
  size_gb: number;
}

describe('the panel with the longest allowed names, at 390 and 1366 px', () => {
  let browser: Browser;
  let app: AppPage;
  const http = new HttpSession(baseUrl());
  const machines: Machine[] = [];
  const machineNames: string[] = [];
  const drives: Drive[] = [];

  /** A write through the panel's own form route; the errors it left, read from the next page. */
  async function write(method: string, path: string, body: Record<string, unknown>, back: string) {
    const response = await http.request(method, path, body);
    expect(response.status, `${method} ${path}`).toBeLessThan(400);
    return ((await http.page(back))?.props.errors ?? {}) as Record<string, string>;
  }

  const renameMachine = (m: Machine, name: string) =>
    write(
      'PUT',
      `/panel/instances/${m.uuid}`,
      {
        name,
        idle_stop_minutes: m.idle_stop_minutes ?? '',
        stop_below_balance: m.stop_below_balance === null ? '' : m.stop_below_balance / 10,
      },
      `/panel/instances/${m.uuid}/edit`,
    );
  const renameDrive = (d: Drive, name: string) =>
    write('PATCH', `/panel/drives/${d.uuid}`, { name, size_gb: d.size_gb }, `/panel/drives/${d.uuid}`);

  beforeAll(async () => {
    await http.signIn(CUSTOMER, 'password');
    const list = await http.page('/panel/instances');
    for (const { uuid } of list!.props.items.data as { uuid: string }[]) {
      const edit = await http.page(`/panel/instances/${uuid}/edit`);
      const m = edit!.props.instance as Machine;
      machines.push({
        uuid,
        name: m.name,
        idle_stop_minutes: m.idle_stop_minutes,
        stop_below_balance: m.stop_below_balance,
      });
    }
    const driveList = await http.page('/panel/drives');
    for (const d of driveList!.props.drives as Drive[])
      drives.push({ uuid: d.uuid, name: d.name, size_gb: d.size_gb });

    // One more character than each limit is refused under its field: the values below are the longest.
    expect((await renameMachine(machines[0]!, 'ر'.repeat(MACHINE_MAX + 1))).name).toBeTruthy();
    if (drives[0]) expect((await renameDrive(drives[0], 'ر'.repeat(DRIVE_MAX + 1))).name).toBeTruthy();

    for (const [i, m] of machines.entries()) {
      const name = i === 0 ? unbroken(MACHINE_MAX, String(i)) : words(MACHINE_MAX, String(i));
      expect(await renameMachine(m, name), m.uuid).toEqual({});
      machineNames.push(name);
    }
    for (const [i, d] of drives.entries()) {
      const name = i === 0 ? unbroken(DRIVE_MAX, `d${i}`) : words(DRIVE_MAX, `d${i}`);
      expect(await renameDrive(d, name), d.uuid).toEqual({});
    }

    ({ browser, app } = await openSignedIn(baseUrl(), CUSTOMER));
  }, 120_000);

  afterAll(async () => {
    for (const m of machines) await renameMachine(m, m.name);
    for (const d of drives) await renameDrive(d, d.name);
    await closeSignedIn({ browser, app });
  }, 60_000);

  it('opens a ticket with the longest subject about the machine with the longest name', async () => {
    const { page, failures } = app;
    await page.setViewportSize(WIDE);
    await page.goto(`${baseUrl()}/panel/tickets/create`);
    await waitForTitle(page, 'تیکت جدید');
    await page.getByLabel('موضوع').fill(words(SUBJECT_MAX, 'موضوع'));
    await page.getByLabel('متن پیام').fill('سرور با نام بلند در فهرست‌ها از کادر بیرون می‌زند.');
    const machine = page.getByLabel('دربارهٔ کدام سرور؟ (اختیاری)');
    await machine.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'فرستادن تیکت' }).click();
    await page.waitForURL(/\/panel\/tickets\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    expect(failures).toEqual([]);
  }, 90_000);

  it('fits every panel page on a 390 px phone and overlaps no field at 1366 px', async () => {
    const { page, failures } = app;
    const shell = await http.page('/panel');
    const routes = shell!.props.routes.routes as Record<string, { uri: string; methods: string[] }>;
    const pages = Object.entries(routes).filter(
      ([name, r]) => name.startsWith('panel.') && r.methods.includes('GET'),
    );
    expect(pages.length).toBeGreaterThan(10);
    const pattern = (uri: string) => new RegExp(`^/${uri.replace(/\{[^}]+\}/g, '[^/?#]+')}$`);

    // Pages without parameters first; the links they show give the records for the others, in as
    // many rounds as it takes (a machine's settings are linked from the machine's page).
    const fixed = new Set(pages.filter(([, r]) => !r.uri.includes('{')).map(([, r]) => `/${r.uri}`));
    const seen = new Set<string>();
    const visited: string[] = [];
    const problems: string[] = [];
    let waiting = pages.filter(([name]) => !NOT_PAGES.has(name));
    for (let round = 0; waiting.length > 0 && round < 4; round++) {
      const later: typeof waiting = [];
      for (const [name, r] of waiting) {
        let path = `/${r.uri}`;
        if (r.uri.includes('{')) {
          const match = [...seen].find((href) => !fixed.has(href) && pattern(r.uri).test(href));
          if (!match) {
            later.push([name, r]);
            continue;
          }
          path = match;
        }
        // Files (a CSV, a PDF, an identity paper) are not pages.
        const answer = await http.request('GET', path);
        await answer.body?.cancel();
        if (!(answer.headers.get('content-type') ?? '').includes('text/html')) continue;
        visited.push(name);
        await page.setViewportSize(PHONE);
        await open(page, path);
        const phone = await page.evaluate(() => document.scrollingElement!.scrollWidth);
        if (phone > PHONE.width) problems.push(`${name} ${path}: ${phone} px wide at 390 px`);
        for (const href of await links(page)) seen.add(href);

        await page.setViewportSize(WIDE);
        await open(page, path);
        const wide = await page.evaluate(() => document.scrollingElement!.scrollWidth);
        if (wide > WIDE.width) problems.push(`${name} ${path}: ${wide} px wide at 1366 px`);
        for (const pair of await overlappingFields(page))
          problems.push(`${name} ${path} at 1366 px: ${pair}`);
      }
      waiting = later;
    }
    for (const [name, r] of waiting)
      if (!NO_DEMO_RECORD.has(name)) problems.push(`${name}: no page links to /${r.uri}`);
    expect(problems).toEqual([]);
    expect(visited).toEqual(
      expect.arrayContaining(['panel.items', 'panel.tickets.make', 'panel.instances.list']),
    );
    expect(failures).toEqual([]);
  }, 600_000);

  it('ellipsizes a long machine name on one line, with the whole name on hover and on focus', async () => {
    const { page } = app;
    await page.setViewportSize(PHONE);
    await open(page, '/panel/items');
    // Whichever machine the newest lines are about.
    const name = page.locator(machineNames.map((n) => `main [title="${n}"]:visible`).join(', ')).first();
    await name.waitFor();
    const box = await name.evaluate((el) => ({
      clipped: el.scrollWidth > el.clientWidth,
      style: getComputedStyle(el).textOverflow,
    }));
    expect(box).toEqual({ clipped: true, style: 'ellipsis' });
    await name.focus();
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await screenshot(page, 'panel-items-longest-mobile');
    await page.setViewportSize(WIDE);
    await open(page, '/panel/items');
    await screenshot(page, 'panel-items-longest-desktop');
    for (const [viewport, suffix] of [
      [WIDE, 'desktop'],
      [PHONE, 'mobile'],
    ] as const) {
      await page.setViewportSize(viewport);
      await open(page, '/panel/tickets/create');
      // The machine with no space in its name, and the longest subject.
      await page.getByLabel('دربارهٔ کدام سرور؟ (اختیاری)').selectOption({ label: machineNames[0]! });
      await page.getByLabel('موضوع').fill(words(SUBJECT_MAX, 'موضوع'));
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshot(page, `panel-tickets-create-longest-${suffix}`);
    }
  }, 120_000);

  it('keeps «RTX 3090» on one line on every plan card, at 390 and 1366 px', async () => {
    const { page } = app;
    for (const [viewport, suffix] of [
      [WIDE, 'desktop'],
      [PHONE, 'mobile'],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const [path, shot] of [
        ['/plans', 'plans-cards'],
        ['/panel/instances/create', 'panel-instances-make-plans'],
      ] as const) {
        await open(page, path);
        const split = await page.evaluate(() => {
          const found: string[] = [];
          const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of (node.textContent ?? '').matchAll(
              /(?:RTX|GTX|Quadro)[\s\u00A0]+[A-Z]?\d+/g,
            )) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (lines.size > 1) found.push(match[0]);
            }
          }
          return found;
        });
        expect(split, `${path} at ${viewport.width} px`).toEqual([]);
        await screenshot(page, `${shot}-${suffix}`);
      }
    }
  }, 120_000);
});

/** A full load of `path`, settled: its title set, fonts in, no request in flight. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${inject('baseUrl')}${path}`, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => document.title.length > 0);
  await page.evaluate(() => document.fonts.ready);
}

/** The same-site paths the page links to. */
async function links(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .map((a) => new URL(a.href, location.href))
      .filter((url) => url.origin === location.origin)
      .map((url) => url.pathname),
  );
}

/** Pairs of visible form controls whose boxes cross (a filter drawn over its neighbour). */
async function overlappingFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        'main select, main input:not([type=hidden]):not([type=radio]):not([type=checkbox]), main textarea, main button',
      ),
    ].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    });
    const label = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}«${(el.getAttribute('aria-label') ?? el.id ?? el.textContent ?? '').slice(0, 30)}»`;
    const found: string[] = [];
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i]!;
        const b = controls[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (x > 1 && y > 1) found.push(`${label(a)} over ${label(b)}`);
      }
    }
    return found;
  });
}
