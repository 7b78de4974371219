import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  BLENDER,
  makeTestScenes,
  noteSkip,
  pngSize,
  skipWithoutBlender,
} from '../../apps/server/src/testing/render-farm';
import { type AppPage, closeSignedIn, openSignedIn, screenshot, waitForTitle } from '../support/app-page';
import { HttpSession } from '../support/http-session';
import { ROOT } from '../support/server-process';

/*
 * Issue 26's flow as people click it, with real Blender: an admin issues two enrolment tokens on
 * Admin/Nodes/Make; two render nodes start with them (`pnpm render-node`'s own command, as child
 * processes); the customer uploads a scene into a drive on Panel/Jobs/Make, checks it (the probe's
 * findings on the page), submits frames 1–6 in chunks of 2 at standard priority, and watches
 * Panel/Jobs/View fill with no reload. Then: six PNG frames in the drive that decode to the
 * scene's 64×48, three render ledger lines whose sum is the cost the page shows, and a zip that
 * holds the six frames.
 */
const baseUrl = () => inject('baseUrl');
const CUSTOMER = 'customer@renderfarm.test';

/** The entries of a zip (stored or deflated), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataAt, dataAt + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

noteSkip('render-jobs e2e');

describe.skipIf(skipWithoutBlender)('render jobs in Chromium, rendered by two render nodes', () => {
  let browser: Browser;
  let customer: AppPage;
  let admin: { browser: Browser; app: AppPage };
  const work = mkdtempSync(join(tmpdir(), 'renderfarm-e2e-render-'));
  const nodes: ChildProcess[] = [];
  const nodeOutput: string[] = [];
  let scenePath = '';

  beforeAll(async () => {
    scenePath = (await makeTestScenes(join(work, 'scenes'))).scene;
    admin = await openSignedIn(baseUrl(), 'admin@renderfarm.test');
    ({ browser, app: customer } = await openSignedIn(baseUrl(), CUSTOMER));
  }, 180_000);

  afterAll(async () => {
    for (const node of nodes) node.kill('SIGTERM');
    await Promise.all(
      nodes.map(
        (node) => new Promise((done) => (node.exitCode === null ? node.once('exit', done) : done(null))),
      ),
    );
    await closeSignedIn(admin ?? {});
    await closeSignedIn({ browser, app: customer });
    rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('enrols two nodes with the tokens Admin/Nodes/Make issues', async () => {
    const { page } = admin.app;
    for (const n of [1, 2]) {
      await page.goto(`${baseUrl()}/admin/nodes/create`);
      await waitForTitle(page, 'نود تازه');
      await page.getByRole('button', { name: /ساخت توکن/ }).click();
      const command = (await page.locator('pre').first().textContent({ timeout: 30_000 })) ?? '';
      const token = /RENDER_ENROLMENT_TOKEN=(\S+)/.exec(command)?.[1];
      expect(command).toContain('pnpm render-node');
      expect(token, command).toBeTruthy();
      if (n === 1) await screenshot(page, 'admin-nodes-make-token');
      // What `pnpm render-node` runs (the root script execs it, so the signal reaches the node).
      const node = spawn(process.execPath, ['--import', 'tsx', 'packages/render-node/src/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          RENDER_MANAGER_URL: baseUrl(),
          RENDER_ENROLMENT_TOKEN: token,
          RENDER_NODE_NAME: `e2e-node-${n}`,
          RENDER_WORK_DIR: join(work, `node-${n}`),
          BLENDER_PATH: BLENDER,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      node.stdout!.on('data', (chunk) => nodeOutput.push(String(chunk)));
      node.stderr!.on('data', (chunk) => nodeOutput.push(String(chunk)));
      nodes.push(node);
    }
    // Both appear on Admin/Nodes.
    await page.goto(`${baseUrl()}/admin/nodes`);
    await waitForTitle(page, 'نودهای رندر');
    await expect
      .poll(async () => (await page.getByText(/e2e-node-[12]/).count()) >= 2, {
        timeout: 60_000,
        interval: 1000,
      })
      .toBe(true)
      .catch(async (error) => {
        throw new Error(`${error}\nnode output:\n${nodeOutput.join('')}`);
      });
  }, 120_000);

  it('uploads a scene, checks it, submits frames 1–6 in chunks of 2, and the page fills live', async () => {
    const { page, failures } = customer;
    await page.goto(`${baseUrl()}/panel/jobs/create`);
    await waitForTitle(page, 'رندر تازه');
    await page.locator('input[type="file"]').first().setInputFiles(scenePath);
    const sceneName = scenePath.split('/').at(-1)!;
    await expect
      .poll(() => page.getByRole('radio', { name: new RegExp(sceneName.replace('.', '\\.')) }).isChecked(), {
        timeout: 60_000,
      })
      .toBe(true);
    await page.getByRole('button', { name: 'بررسی صحنه' }).click();

    // The probe's findings, from a real node's Blender.
    await page.getByText('۳. تنظیمات رندر').waitFor({ timeout: 120_000 });
    const findings = (await page.locator('section').filter({ hasText: '۲. بررسی صحنه' }).textContent()) ?? '';
    expect(findings).toMatch(/Cycles|CYCLES/);
    expect(findings).toMatch(/۶۴|64/);
    expect(findings).toMatch(/۴۸|48/);
    await screenshot(page, 'panel-jobs-make-checked');

    await page.getByLabel('فریم‌ها').fill('1-6');
    await page.getByLabel('فریم در هر بخش').fill('2');
    await page.getByRole('button', { name: 'ثبت رندر' }).click();
    await page.waitForURL(/\/panel\/jobs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const jobUuid = page.url().split('/').at(-1)!;
    // A full reload would drop this; the live updates are page visits inside the same document.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });

    await page.getByText('تمام شد', { exact: true }).first().waitFor({ timeout: 240_000 });
    await page.getByRole('img', { name: /آخرین فریم رندرشده/ }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await screenshot(page, 'panel-jobs-view-completed');
    // On a phone: no sideways scroll (the panel's longest-names walk has no render job to open).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'panel-jobs-view-completed-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    const http = new HttpSession(baseUrl());
    await http.signIn(CUSTOMER, 'password');
    const view = await http.page(`/panel/jobs/${jobUuid}`);
    const job = view!.props.job as { cost: number; status: string; uuid: string };
    expect(job.status).toBe('completed');

    // The zip the page offers holds the six frames, each a 64×48 PNG.
    const zipAnswer = await http.request('GET', `/panel/jobs/${jobUuid}/download`);
    expect(zipAnswer.status).toBe(200);
    const frames = unzip(Buffer.from(await zipAnswer.arrayBuffer()));
    const names = [...frames.keys()].map((name) => name.split('/').at(-1)).sort();
    expect(names).toEqual([1, 2, 3, 4, 5, 6].map((f) => `frame_000${f}.png`));
    for (const bytes of frames.values()) expect(pngSize(bytes)).toEqual({ width: 64, height: 48 });

    // Three render lines, one a task, whose sum is the cost the page shows.
    const adminHttp = new HttpSession(baseUrl());
    await adminHttp.signIn('admin@renderfarm.test', 'password');
    const rows = (await adminHttp.page('/admin/jobs'))!.props.jobs.data as { id: number; uuid: string }[];
    const adminId = rows.find((row) => row.uuid === jobUuid)?.id;
    expect(adminId, 'the job on Admin/Jobs').toBeTruthy();
    const ledger = (await adminHttp.page(`/admin/jobs/${adminId}`))!.props.ledger as { amount: number }[];
    expect(ledger).toHaveLength(3);
    expect(-ledger.reduce((sum, line) => sum + line.amount, 0)).toBe(job.cost);
    expect(job.cost).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 420_000);
});
