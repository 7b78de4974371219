import type { RegisteredRoute } from '@renderfarm/routes';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditField, auditSubject } from '../modules/activity/audit-subjects';
import { hasActivityLabel } from '../modules/activity/event-labels';
import { activityLog } from '../modules/activity/tables';
import type { AuditRow } from '../modules/admin/contracts';
import { createAuthTestApp, TestBrowser } from '../modules/auth/test-support';
import { invoices, payments } from '../modules/billing/tables';
import {
  configs,
  hardwares,
  images,
  limitations,
  locations,
  ports,
  resources,
} from '../modules/catalog/tables';
import { articles, folders, links, menus, redirects } from '../modules/content/tables';
import { instances } from '../modules/instances/tables';
import { renderJobs, renderNodeBlocklist, renderNodes, renderTasks } from '../modules/render/tables';
import { blendBytes, driveOf, putFile, SimulatedNode } from '../modules/render/test-support';
import { tickets } from '../modules/support/tables';
import { users } from '../modules/users/tables';
import { verificationRequests } from '../modules/verification/tables';
import { createWorker, type Worker } from '../platform/jobs/worker';
import { makePng, multipartBody } from '../testing/images';

/**
 * The audit walk: every non-GET route under /admin and /care, taken from the route registry, is
 * sent one valid request as staff, and must leave exactly one audit entry by that person: a
 * subject, a Persian summary, and before → after whose every field has a Persian label. A route
 * added without an audit entry fails here; a route this file has no valid request for fails too,
 * so a new staff write cannot slip past the log unnoticed.
 */
type T = Awaited<ReturnType<typeof createAuthTestApp>>;

interface WalkRequest {
  /** Route parameters (`{hardware}` …). */
  params?: Record<string, string | number>;
  body?: unknown;
  /** A multipart body (uploads) instead of `body`. */
  multipart?: { payload: Buffer; headers: Record<string, string> };
  /** Extra headers (an upload is a JSON request). */
  headers?: Record<string, string>;
}

interface Walk {
  t: T;
  db: T['database']['db'];
  as: TestBrowser;
  ids: { customer: number; admin: number; care: number };
  /** A fresh unique word for slugs, names and codes. */
  unique: (prefix: string) => string;
  /** A page's props, as staff sees it. */
  // biome-ignore lint/suspicious/noExplicitAny: page props are JSON the case picks fields from
  props: (url: string) => Promise<Record<string, any>>;
  /** Runs queued jobs (machines reach the state the next action needs). */
  drain: () => Promise<void>;
}

type Case = (w: Walk) => Promise<WalkRequest>;

const PLAN = (slug: string) => ({
  title: `پلن ${slug}`,
  slug,
  gpu_model: 'NVIDIA RTX 4070',
  gpu_count: '1',
  vram_gb: '12',
  cpu_model: 'AMD Ryzen 7 7700',
  cpu_cores: '8',
  ram_gb: '32',
  disk_gb: '512',
  price_per_hour: '45000',
  setup_fee: '0',
  stock: '',
  per_user_limit: '',
  status: 'draft',
  description: 'پلن آزمایشی',
  sort: '5',
  image_ids: [],
});

async function planRow(w: Walk) {
  const slug = w.unique('plan');
  await w.as.post('/admin/hardwares', PLAN(slug));
  const [row] = await w.db.select().from(hardwares).where(eq(hardwares.slug, slug));
  if (!row) throw new Error('the plan for this case was not made');
  return row;
}

async function hostRow(w: Walk) {
  const [plan] = await w.db.select().from(hardwares).where(eq(hardwares.slug, 'rtx-4090'));
  const [location] = await w.db.select().from(locations).where(eq(locations.code, 'thr1'));
  const [row] = await w.db
    .insert(resources)
    .values({
      locationId: location!.id,
      hardwareId: plan!.id,
      name: w.unique('host'),
      address: '10.10.9.9',
      driver: 'simulated',
      capacity: 1,
    })
    .returning();
  return row!;
}

async function portRow(w: Walk, status: 'free' | 'bound' = 'free') {
  const host = await hostRow(w);
  const [row] = await w.db
    .insert(ports)
    .values({
      resourceId: host.id,
      publicIp: '185.213.10.99',
      publicPort: 41_000 + Math.floor(Math.random() * 20_000),
      targetPort: 3389,
      status,
    })
    .returning();
  return row!;
}

async function ticketOf(w: Walk) {
  const [row] = await w.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.userId, w.ids.customer), ne(tickets.status, 'closed')))
    .limit(1);
  return row!;
}

/** A machine in a given state, made ready for the action by running the jobs first. */
async function machine(w: Walk, where: 'running' | 'stopped' | 'failed' | 'ready') {
  await w.drain();
  const rows = await w.db
    .select()
    .from(instances)
    .where(
      where === 'failed'
        ? eq(instances.status, 'provision_failed')
        : and(eq(instances.status, 'ready'), where === 'ready' ? undefined : eq(instances.power, where)),
    );
  const row = rows.find((r) => r.deletedAt === null);
  if (!row) throw new Error(`the demo data has no ${where} machine left for this case`);
  return row;
}

async function verificationIn(w: Walk, status: 'submitted' | 'approved', claimedBy?: number) {
  // An approved check is made afresh: revoking the demo customer's would change later cases.
  const rows =
    status === 'approved'
      ? []
      : await w.db.select().from(verificationRequests).where(eq(verificationRequests.status, status));
  let row = rows[0];
  if (!row) {
    // Another customer's request in this state, made directly.
    const email = `${w.unique('kyc')}@example.com`;
    const [owner] = await w.db
      .insert(users)
      .values({
        name: 'مشتری احراز',
        email,
        emailVerifiedAt: new Date(),
        kycStatus: status === 'approved' ? 'approved' : 'pending',
      })
      .returning();
    [row] = await w.db
      .insert(verificationRequests)
      .values({
        userId: owner!.id,
        type: 'individual',
        firstName: 'سارا',
        lastName: 'محمدی',
        nationalCode: '0012345679',
        status,
        submittedAt: new Date(),
      })
      .returning();
  }
  if (claimedBy) {
    await w.db
      .update(verificationRequests)
      .set({ status: 'under_review', reviewerId: claimedBy, claimedAt: new Date() })
      .where(eq(verificationRequests.id, row!.id));
  }
  return row!;
}

/** A customer's paid top-up invoice (refundable) or pending pro-forma (payable offline). */
async function invoiceIn(w: Walk, status: 'paid' | 'pending' | 'draft') {
  if (status === 'draft') {
    const res = await w.as.post('/admin/invoices', {
      user: String(w.ids.customer),
      items: [{ description: 'ردیف آزمایشی', quantity: '1', unit_price: '100000' }],
      tax_rate: '10',
      issue: false,
    });
    const id = /\/admin\/invoices\/(\d+)/.exec(String(res.headers.location))?.[1];
    if (!id) throw new Error(`no draft invoice: ${res.statusCode} ${res.headers.location}`);
    return Number(id);
  }
  const [row] = await w.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, w.ids.customer), eq(invoices.status, status), eq(invoices.kind, 'topup')))
    .limit(1);
  if (!row) throw new Error(`the demo data has no ${status} top-up invoice`);
  return row.id;
}

/** A render job of the demo customer, queued (cancellable) or failed (requeueable). */
async function renderJob(w: Walk, status: 'queued' | 'failed') {
  const drive = await driveOf(w.t, w.ids.customer);
  const name = `${w.unique('scene')}.blend`;
  await putFile(w.t, w.ids.customer, drive.uuid, name, blendBytes());
  const checked = await w.t.app.services.render.checkScene(
    { id: w.ids.customer },
    { drive: drive.uuid, path: name },
  );
  const now = new Date();
  const [job] = await w.db
    .update(renderJobs)
    .set({
      status,
      submittedAt: now,
      frames: '1-2',
      framesTotal: 2,
      chunk: 2,
      format: 'PNG',
      resolutionPercent: 100,
    })
    .where(eq(renderJobs.id, checked.id))
    .returning();
  await w.db.update(renderTasks).set({ status: 'canceled' }).where(eq(renderTasks.jobId, checked.id));
  await w.db.insert(renderTasks).values({
    jobId: checked.id,
    kind: 'render',
    frameStart: 1,
    frameEnd: 2,
    status: status === 'failed' ? 'failed' : 'queued',
  });
  return job!;
}

/** A render node, enrolled as a real one is. */
async function renderNode(w: Walk) {
  const node = await new SimulatedNode(w.t, w.unique('node')).enrol();
  const [row] = await w.db.select().from(renderNodes).where(eq(renderNodes.uuid, node.uuid));
  return row!;
}

const tehranToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date());

/**
 * One valid request per staff write route. A new route under /admin or /care gets its case here,
 * with the smallest realistic request that changes something.
 */
const CASES: Record<string, Case> = {
  // ---- settings ----
  'admin.configs.store': async (w) => ({
    body: { key: w.unique('note').replace(/-/g, '_'), group: 'general', type: 'string', value: 'یادداشت' },
  }),
  'admin.configs.update': async () => ({
    params: { config: 'vat_rate' },
    body: { key: 'vat_rate', group: 'billing', type: 'percent', is_public: true, value: '9' },
  }),
  'admin.configs.destroy': async (w) => {
    const key = w.unique('extra').replace(/-/g, '_');
    await w.db.insert(configs).values({ key, value: 'x', type: 'string' });
    return { params: { config: key } };
  },
  'admin.images.store': async (w) => ({
    body: {
      name: 'Houdini',
      os: 'Windows Server 2022',
      software: 'Houdini 20.5, Karma XPU',
      driver_ref: w.unique('win2022-houdini'),
      is_active: '1',
      sort: '7',
    },
  }),
  'admin.images.update': async (w) => {
    const [row] = await w.db.select().from(images).limit(1);
    return {
      params: { image: row!.id },
      body: {
        name: `${row!.name} تازه`,
        os: row!.os,
        software: row!.software,
        driver_ref: row!.driverRef,
        is_active: row!.isActive,
        sort: String(row!.sort),
      },
    };
  },

  // ---- plans, locations, limits ----
  'admin.hardwares.store': async (w) => ({ body: PLAN(w.unique('plan')) }),
  'admin.hardwares.update': async (w) => {
    const plan = await planRow(w);
    const { hardware } = await w.props(`/admin/hardwares/${plan.id}/edit`);
    return {
      params: { hardware: plan.id },
      body: { ...hardware, price_per_hour: '50000', title: 'پلن ارزان‌تر' },
    };
  },
  'admin.hardwares.destroy': async (w) => ({ params: { hardware: (await planRow(w)).id } }),
  'admin.locations.store': async (w) => ({
    body: {
      code: w.unique('loc'),
      name: 'دیتاسنتر آزمایشی',
      city: 'تبریز',
      country: 'ایران',
      is_active: true,
    },
  }),
  'admin.locations.update': async (w) => {
    const [row] = await w.db.select().from(locations).where(eq(locations.code, 'thr1'));
    const { location } = await w.props(`/admin/locations/${row!.id}/edit`);
    return { params: { location: row!.id }, body: { ...location, name: 'تهران ۱ (تازه)' } };
  },
  'admin.locations.destroy': async (w) => {
    const [row] = await w.db
      .insert(locations)
      .values({ code: w.unique('gone'), name: 'برای حذف', city: 'یزد' })
      .returning();
    return { params: { location: row!.id } };
  },
  'admin.limitations.store': async () => ({
    body: { scope: 'role', subject: 'customer', key: 'max_open_tickets', value: '7', is_active: true },
  }),
  'admin.limitations.update': async (w) => {
    const [row] = await w.db.select().from(limitations).where(eq(limitations.scope, 'global')).limit(1);
    return {
      params: { limitation: row!.id },
      body: { scope: 'global', subject: '', key: row!.key, value: String(row!.value + 1), is_active: true },
    };
  },
  'admin.limitations.destroy': async (w) => {
    const [row] = await w.db
      .insert(limitations)
      .values({ scope: 'role', subject: 'care', key: 'max_running', value: 3 })
      .returning();
    return { params: { limitation: row!.id } };
  },

  // ---- hosts and ports ----
  'admin.resources.store': async (w) => {
    const [plan] = await w.db.select().from(hardwares).where(eq(hardwares.slug, 'rtx-4090'));
    const [location] = await w.db.select().from(locations).where(eq(locations.code, 'thr1'));
    return {
      body: {
        location_id: location!.id,
        hardware_id: plan!.id,
        name: w.unique('thr1-gpu'),
        address: '10.10.1.77',
        driver: 'simulated',
        capacity: '2',
        notes: 'رک ۵',
        settings: { latency_ms: '0' },
      },
    };
  },
  'admin.resources.update': async (w) => {
    const host = await hostRow(w);
    const { resource } = await w.props(`/admin/resources/${host.id}/edit`);
    return {
      params: { resource: host.id },
      body: { ...resource, capacity: '3', settings: resource.settings ?? {} },
    };
  },
  'admin.resources.destroy': async (w) => ({ params: { resource: (await hostRow(w)).id } }),
  'admin.resources.maintenance': async (w) => ({
    params: { resource: (await hostRow(w)).id },
    body: { on: true },
  }),
  'admin.resources.check': async (w) => ({ params: { resource: (await hostRow(w)).id } }),
  'admin.ports.store': async (w) => {
    const host = await hostRow(w);
    return {
      body: {
        resource_id: host.id,
        public_ip: '185.213.10.77',
        from_port: '45000',
        to_port: '45002',
        target_port: '3389',
        protocol: 'tcp',
      },
    };
  },
  'admin.ports.update': async (w) => ({
    params: { port: (await portRow(w)).id },
    body: { notes: 'رزرو برای آزمون', status: 'disabled' },
  }),
  'admin.ports.release': async (w) => {
    // The port of a machine that no longer runs (its provisioning failed).
    const stuck = await machine(w, 'failed');
    const [port] = await w.db.select().from(ports).where(eq(ports.instanceId, stuck.id));
    if (!port) throw new Error('the failed machine holds no port');
    return { params: { port: port.id } };
  },
  'admin.ports.destroy': async (w) => ({ params: { port: (await portRow(w)).id } }),

  // ---- content ----
  'admin.articles.store': async (w) => ({
    body: {
      title: 'نوشتهٔ تازه',
      slug: w.unique('post'),
      kind: 'post',
      folder_id: null,
      excerpt: 'خلاصه',
      body: '<p>متن</p>',
      status: 'published',
      published_at: null,
      noindex: false,
    },
  }),
  'admin.articles.update': async (w) => {
    const [row] = await w.db
      .insert(articles)
      .values({ slug: w.unique('draft'), kind: 'post', title: 'پیش‌نویس', body: '<p>متن</p>' })
      .returning();
    const { article } = await w.props(`/admin/articles/${row!.id}/edit`);
    return { params: { article: row!.id }, body: { ...article, status: 'published', published_at: null } };
  },
  'admin.articles.destroy': async (w) => {
    const [row] = await w.db
      .insert(articles)
      .values({ slug: w.unique('gone'), kind: 'post', title: 'برای حذف', body: '<p>x</p>' })
      .returning();
    return { params: { article: row!.id } };
  },
  'admin.folders.store': async (w) => ({
    body: { name: 'دستهٔ تازه', slug: w.unique('folder'), kind: 'blog' },
  }),
  'admin.folders.update': async (w) => {
    const [row] = await w.db.select().from(folders).where(eq(folders.slug, 'guides'));
    const { folder } = await w.props(`/admin/folders/${row!.id}/edit`);
    return { params: { folder: row!.id }, body: { ...folder, name: 'راهنماها (تازه)' } };
  },
  'admin.folders.destroy': async (w) => {
    const [row] = await w.db
      .insert(folders)
      .values({ slug: w.unique('empty'), name: 'خالی', kind: 'blog' })
      .returning();
    return { params: { folder: row!.id } };
  },
  'admin.folders.sort': async (w) => {
    const rows = (await w.db.select().from(folders)).filter((f) => f.parentId === null);
    const tree = [...rows].reverse().map((f, i) => ({ id: f.id, parent_id: null, sort: i + 1 }));
    return { body: { tree } };
  },
  'admin.menus.store': async () => ({
    body: { location: 'footer', label: 'قیمت‌ها', url: '/prices', is_active: true },
  }),
  'admin.menus.update': async (w) => {
    const [row] = await w.db.select().from(menus).limit(1);
    return {
      params: { menu: row!.id },
      body: {
        location: row!.location,
        parent_id: row!.parentId,
        label: `${row!.label} تازه`,
        url: row!.url,
        is_active: row!.isActive,
      },
    };
  },
  'admin.menus.destroy': async (w) => {
    const [row] = await w.db
      .insert(menus)
      .values({ location: 'footer', label: 'برای حذف', url: '/about' })
      .returning();
    return { params: { menu: row!.id } };
  },
  'admin.menus.sort': async (w) => {
    const header = (await w.db.select().from(menus).where(eq(menus.location, 'header'))).filter(
      (m) => m.parentId === null,
    );
    const tree = [...header]
      .sort((a, b) => b.sort - a.sort)
      .map((m, i) => ({ id: m.id, parent_id: null, sort: i + 1 }));
    return { body: { tree } };
  },
  'admin.links.store': async () => ({
    body: { group: 'footer', label: 'وبلاگ', url: '/blog', is_active: true },
  }),
  'admin.links.update': async (w) => {
    const [row] = await w.db.select().from(links).limit(1);
    return {
      params: { link: row!.id },
      body: { group: row!.group, label: `${row!.label} تازه`, url: row!.url, is_active: row!.isActive },
    };
  },
  'admin.links.destroy': async (w) => {
    const [row] = await w.db
      .insert(links)
      .values({ group: 'footer', label: 'برای حذف', url: '/about' })
      .returning();
    return { params: { link: row!.id } };
  },
  'admin.links.sort': async (w) => {
    const rows = await w.db.select().from(links).where(eq(links.group, 'footer'));
    const tree = [...rows].reverse().map((l, i) => ({ id: l.id, parent_id: null, sort: i + 1 }));
    return { body: { tree } };
  },
  'admin.page.update': async () => ({
    params: { page: 'terms' },
    body: { title: 'قوانین تازه', body: '<p>متن تازه</p>' },
  }),
  'admin.redirects.store': async (w) => ({
    body: { from: `/${w.unique('old')}`, to: '/blog', code: 301, is_active: true },
  }),
  'admin.redirects.update': async (w) => {
    const [row] = await w.db
      .insert(redirects)
      .values({ fromPath: `/${w.unique('was')}`, to: '/about', code: 301 })
      .returning();
    return {
      params: { redirect: row!.id },
      body: { from: row!.fromPath, to: '/blog', code: 302, is_active: true },
    };
  },
  'admin.redirects.destroy': async (w) => {
    const [row] = await w.db
      .insert(redirects)
      .values({ fromPath: `/${w.unique('bye')}`, to: '/about', code: 301 })
      .returning();
    return { params: { redirect: row!.id } };
  },
  'admin.uploads.store': async () => ({
    multipart: multipartBody([{ name: 'file', filename: 'a.png', type: 'image/png', bytes: makePng(4, 3) }]),
    headers: { accept: 'application/json' },
  }),

  // ---- people ----
  'admin.users.store': async (w) => ({
    body: {
      name: 'کاربر تازه',
      email: `${w.unique('new')}@example.com`,
      role: 'customer',
      welcome_sms: false,
    },
  }),
  'admin.users.update': async (w) => {
    const { item: user } = await w.props(`/admin/users/${w.ids.customer}/edit`);
    return {
      params: { user: w.ids.customer },
      body: { name: `${user.name} نو`, mobile: user.mobile ?? '', email: user.email ?? '', role: user.role },
    };
  },
  'admin.users.balance': async (w) => ({
    params: { user: w.ids.customer },
    body: { amount: '50000', reason: 'جبران قطعی سرور', idempotency_key: crypto.randomUUID() },
  }),
  'admin.users.suspend': async (w) => {
    const [row] = await w.db
      .insert(users)
      .values({
        name: 'مشتری معلق‌شونده',
        email: `${w.unique('sus')}@example.com`,
        emailVerifiedAt: new Date(),
      })
      .returning();
    return { params: { user: row!.id }, body: { suspended: true, reason: 'بدهی پرداخت‌نشده' } };
  },
  'admin.users.two-factor.destroy': async (w) => {
    const [row] = await w.db
      .insert(users)
      .values({
        name: 'مشتری دومرحله‌ای',
        email: `${w.unique('2fa')}@example.com`,
        emailVerifiedAt: new Date(),
        twoFactorSecret: 'encrypted-secret',
        twoFactorConfirmedAt: new Date(),
      })
      .returning();
    return { params: { user: row!.id } };
  },
  'admin.users.impersonate': async (w) => ({ params: { user: w.ids.customer } }),

  // ---- identity checks ----
  'admin.verify.claim': async (w) => ({
    params: { verification: (await verificationIn(w, 'submitted')).id },
  }),
  'care.verify.claim': async (w) => ({ params: { verification: (await verificationIn(w, 'submitted')).id } }),
  'admin.verify.decide': async (w) => ({
    params: { verification: (await verificationIn(w, 'submitted', w.ids.admin)).id },
    body: { decision: 'reject', reason: 'عکس سلفی تار است؛ دوباره بگیرید.' },
  }),
  'care.verify.decide': async (w) => ({
    params: { verification: (await verificationIn(w, 'submitted', w.ids.care)).id },
    body: { decision: 'reject', reason: 'عکس کارت ملی خوانا نیست.' },
  }),
  'admin.verify.revoke': async (w) => ({
    params: { verification: (await verificationIn(w, 'approved')).id },
    body: { reason: 'مدرک جعلی تشخیص داده شد.' },
  }),

  // ---- money ----
  'admin.invoices.store': async (w) => ({
    body: {
      user: String(w.ids.customer),
      items: [{ description: 'راه‌اندازی اختصاصی', quantity: '2', unit_price: '150000' }],
      tax_rate: '10',
      due_date: '2099-12-30',
    },
  }),
  'admin.invoices.update': async (w) => ({
    params: { invoice: await invoiceIn(w, 'draft') },
    body: {
      kind: 'manual',
      items: [{ description: 'پشتیبانی تلفنی', quantity: '1', unit_price: '200000' }],
      tax_rate: '9',
    },
  }),
  'admin.invoices.destroy': async (w) => ({ params: { invoice: await invoiceIn(w, 'draft') } }),
  'admin.invoices.pay': async (w) => ({
    params: { invoice: await invoiceIn(w, 'pending') },
    body: { reference: 'پایا ۱۴۰۵۰۹۰۳۱۲', paid_at: tehranToday() },
  }),
  'admin.invoices.refund': async (w) => ({
    params: { invoice: await invoiceIn(w, 'paid') },
    body: { amount: '100000', to: 'wallet', reason: 'جبران قطعی سرور' },
  }),
  'admin.payments.reconcile': async (w) => {
    const customer = new TestBrowser(w.t, { ip: '10.77.0.9' });
    await customer.request('GET', '/login');
    await customer.post('/__testing/sign-in', { email: 'customer@renderfarm.test' });
    const res = await customer.visit('POST', '/panel/payments', { amount: '900000' });
    if (!res.headers['x-inertia-location'])
      throw new Error(
        `top-up answered ${res.statusCode} ${res.headers.location} ${res.headers['x-refused']}`,
      );
    const authority = new URL(String(res.headers['x-inertia-location'])).pathname.split('/').pop()!;
    // The buyer pays at the gateway and never comes back: the admin asks the gateway.
    await customer.post(`/test-gateway/${authority}`, { action: 'pay' });
    const [payment] = await w.db.select().from(payments).where(eq(payments.authority, authority));
    return { params: { payment: payment!.id } };
  },

  // ---- machines ----
  'care.instances.power': async (w) => ({
    params: { instance: (await machine(w, 'running')).id },
    body: { action: 'stop', reason: 'مشتری تلفنی خواست خاموش شود' },
  }),
  'admin.instances.power': async (w) => ({
    params: { instance: (await machine(w, 'stopped')).id },
    body: { action: 'start', reason: 'بررسی پس از نگهداری' },
  }),
  'admin.instances.suspend': async (w) => ({
    params: { instance: (await machine(w, 'ready')).id },
    body: { suspended: true, reason: 'بدهی پرداخت‌نشده' },
  }),
  'admin.instances.bulk-stop': async (w) => ({
    body: { ids: [(await machine(w, 'running')).id], reason: 'نگهداری برق دیتاسنتر' },
  }),
  'admin.instances.move': async (w) => {
    const row = await machine(w, 'stopped');
    // A free host of the machine's plan and place to move it to.
    const [spare] = await w.db
      .insert(resources)
      .values({
        locationId: row.locationId,
        hardwareId: row.hardwareId,
        name: w.unique('spare'),
        address: '10.10.9.10',
        driver: 'simulated',
        capacity: 2,
      })
      .returning();
    await w.db.insert(ports).values({ resourceId: spare!.id, publicIp: '185.213.10.98', publicPort: 39_999 });
    const { admin } = await w.props(`/admin/instances/${row.id}`);
    const target = admin.move_targets?.[0];
    if (!target) throw new Error(`no host to move the stopped machine to: ${JSON.stringify(admin)}`);
    return { params: { instance: row.id }, body: { resource_id: target.id, reason: 'تخلیهٔ میزبان' } };
  },
  'admin.instances.retry': async (w) => ({ params: { instance: (await machine(w, 'failed')).id } }),
  'admin.instances.destroy': async (w) => ({
    params: { instance: (await machine(w, 'ready')).id },
    body: { reason: 'درخواست مشتری در تیکت' },
  }),

  // ---- tickets ----
  'care.tickets.store': async (w) => ({
    body: {
      user_id: w.ids.customer,
      department: (await w.props('/care/tickets/create')).departments[0],
      priority: 'medium',
      subject: 'پیگیری سرور',
      message: 'سلام، سرور شما بررسی شد.',
    },
  }),
  'admin.tickets.store': async (w) => ({
    body: {
      user_id: w.ids.customer,
      department: (await w.props('/admin/tickets/create')).departments.at(-1),
      priority: 'high',
      subject: 'صورت‌حساب ماه',
      message: 'سلام، صورت‌حساب ماه صادر شد.',
    },
  }),
  'care.tickets.reply': async (w) => ({
    params: { ticket: (await ticketOf(w)).uuid },
    body: { message: 'بررسی کردیم؛ درست شد.', internal: false },
  }),
  'admin.tickets.reply': async (w) => ({
    params: { ticket: (await ticketOf(w)).uuid },
    body: { message: 'یادداشت: مشتری قدیمی است.', internal: true },
  }),
  'care.tickets.update': async (w) => ({
    params: { ticket: (await ticketOf(w)).uuid },
    body: { priority: 'high', assignee_id: 'me', status: 'on_hold' },
  }),
  'admin.tickets.update': async (w) => ({
    params: { ticket: (await ticketOf(w)).uuid },
    body: { priority: 'low', department: (await w.props('/admin/tickets/create')).departments.at(-1) },
  }),
  'admin.tickets.spam': async (w) => ({ params: { ticket: (await ticketOf(w)).uuid }, body: { spam: true } }),
  'admin.tickets.destroy': async (w) => ({ params: { ticket: (await ticketOf(w)).uuid } }),
  // ---- render jobs and nodes ----
  'care.jobs.action': async (w) => ({
    params: { job: (await renderJob(w, 'queued')).id, action: 'cancel' },
    body: { reason: 'مشتری تلفنی خواست' },
  }),
  'admin.jobs.action': async (w) => ({
    params: { job: (await renderJob(w, 'failed')).id, action: 'requeue' },
    body: { reason: 'نود خراب کنار رفت' },
  }),
  'admin.nodes.store': async () => ({}),
  'admin.nodes.update': async (w) => ({
    params: { node: (await renderNode(w)).uuid },
    body: { name: 'نود اتاق سرور', enabled: false, location: 'تهران', notes: 'کارت گرافیک تازه' },
  }),
  'admin.nodes.blocks.destroy': async (w) => {
    const node = await renderNode(w);
    const job = await renderJob(w, 'queued');
    await w.db.insert(renderNodeBlocklist).values({ jobId: job.id, nodeId: node.id });
    return { params: { node: node.uuid, job: job.uuid } };
  },
};

/**
 * Writes that change no field of a record, with why: the entry still names actor and subject and
 * says what happened in its summary.
 */
const NO_FIELD_CHANGES: Record<string, string> = {
  'admin.users.impersonate': 'signing in as a customer changes no record',
};

const STAFF_AREA = /^(admin|care)(\/|$)/;
const PERSIAN = /[\u0600-\u06FF]/;

export function staffWriteRoutes(all: RegisteredRoute[]) {
  return all.flatMap((route) =>
    STAFF_AREA.test(route.uri)
      ? route.methods.filter((m) => m !== 'GET' && m !== 'HEAD').map((method) => ({ route, method }))
      : [],
  );
}

describe(`audit walk over every staff write (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: T;
  let worker: Worker;
  const ids = { customer: 0, admin: 0, care: 0 };
  let counter = 0;

  beforeAll(async () => {
    t = await createAuthTestApp({ INSTANCE_SIMULATED_LATENCY_MS: '0' });
    worker = createWorker({ db: t.database.db, handlers: t.app.jobHandlers });
    const byEmail = async (email: string) =>
      (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!.id;
    ids.customer = await byEmail('customer@renderfarm.test');
    ids.admin = await byEmail('admin@renderfarm.test');
    ids.care = await byEmail('care@renderfarm.test');
  }, 240_000);
  afterAll(() => t.close());

  /** One signed-in browser per role, password confirmed; a new one after an impersonation. */
  const browsers = new Map<string, TestBrowser>();
  async function staff(role: 'admin' | 'care'): Promise<TestBrowser> {
    const kept = browsers.get(role);
    if (kept) return kept;
    const browser = new TestBrowser(t, { ip: role === 'admin' ? '10.55.0.1' : '10.55.0.2' });
    await browser.request('GET', '/login');
    await browser.post('/__testing/sign-in', { email: `${role}@renderfarm.test` });
    await browser.post('/user/confirm-password', { password: 'password' });
    browsers.set(role, browser);
    return browser;
  }

  it('finds the staff write routes in the registry', () => {
    const routes = staffWriteRoutes(t.app.routeList.all());
    expect(routes.length).toBeGreaterThan(60);
    const names = new Set(routes.map((r) => r.route.name));
    // Every case names a route that exists: a renamed route does not leave a dead case behind.
    expect(Object.keys(CASES).filter((name) => !names.has(name))).toEqual([]);
  });

  it('has a valid request for every staff write route, and each writes exactly one audit entry', async () => {
    const failures: string[] = [];
    // AUDIT_WALK_ONLY=<regexp> walks only the routes it names (while fixing one).
    const only = process.env.AUDIT_WALK_ONLY ? new RegExp(process.env.AUDIT_WALK_ONLY) : null;
    for (const { route, method } of staffWriteRoutes(t.app.routeList.all())) {
      if (only && !only.test(route.name)) continue;
      const make = CASES[route.name];
      if (!make) {
        failures.push(`${method} ${route.name}: no valid request in the audit walk; add one to CASES`);
        continue;
      }
      const role = route.meta.access === 'care' ? 'care' : 'admin';
      const as = await staff(role);
      const actorId = role === 'care' ? ids.care : ids.admin;
      const walk: Walk = {
        t,
        db: t.database.db,
        as,
        ids,
        unique: (prefix) => `${prefix}-${++counter}-${Date.now().toString(36)}`,
        props: async (url) => (await as.page(url)).props,
        drain: async () => {
          await worker.drain();
        },
      };
      let request: WalkRequest;
      try {
        request = await make(walk);
      } catch (error) {
        failures.push(`${method} ${route.name}: could not prepare the request: ${(error as Error).message}`);
        continue;
      }
      const [{ since } = { since: 0 }] = await t.database.db
        .select({ since: sql<number>`coalesce(max(${activityLog.id}), 0)`.mapWith(Number) })
        .from(activityLog);
      const url = `/${route.uri}`.replace(/\{(\w+)\??\}/g, (_, p: string) =>
        String(request.params?.[p] ?? ''),
      );
      const res = await as.request(
        method as 'POST',
        url.replace(/\/$/, ''),
        request.multipart ? request.multipart.payload : (request.body ?? {}),
        { referer: url, ...(request.multipart?.headers ?? {}), ...(request.headers ?? {}) },
      );
      const entries = await t.database.db
        .select()
        .from(activityLog)
        .where(and(gt(activityLog.id, since), inArray(activityLog.actorId, [actorId])));
      // Signed in as the customer now: the next admin route signs in afresh.
      if (route.name === 'admin.users.impersonate') browsers.delete(role);
      const said = `${method} ${route.name} → ${res.statusCode} ${res.headers.location ?? ''}`;
      if (res.statusCode >= 400 || res.headers['x-refused']) {
        failures.push(
          `${said}: the valid request was refused ${res.headers['x-refused'] ?? ''} ${res.body.slice(0, 200)}`,
        );
        continue;
      }
      if (entries.length !== 1) {
        let errors = '';
        if (res.headers.location) {
          const next = await as.page(String(res.headers.location)).catch(() => null);
          errors = JSON.stringify({ errors: next?.props.errors, flash: next?.props.flash });
        }
        failures.push(
          `${said}: ${entries.length} audit entries (${entries.map((e) => e.event).join(', ')}) ${errors}`,
        );
        continue;
      }
      const [entry] = entries;
      const p = entry!.properties as { summary?: unknown; changes?: unknown };
      const problems: string[] = [];
      if (!hasActivityLabel(entry!.event)) problems.push(`event ${entry!.event} has no Persian label`);
      if (!entry!.subjectType || !entry!.subjectId) problems.push('no subject');
      else if (!auditSubject(entry!.subjectType))
        problems.push(`subject type ${entry!.subjectType} has no label`);
      if (typeof p.summary !== 'string' || !PERSIAN.test(p.summary)) problems.push('no Persian summary');
      const changes = Array.isArray(p.changes) ? (p.changes as { field: string }[]) : null;
      if (!changes) problems.push('no before → after');
      else if (changes.length === 0 && !NO_FIELD_CHANGES[route.name])
        problems.push('before → after is empty');
      for (const change of changes ?? []) {
        if (!auditField(entry!.subjectType ?? '', change.field))
          problems.push(`field ${entry!.subjectType}.${change.field} has no Persian label`);
      }
      if (problems.length > 0) failures.push(`${said} (${entry!.event}): ${problems.join('; ')}`);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('shows every entry the walk wrote in Persian: labels, summaries, values; identifiers left to right', async () => {
    const admin = await staff('admin');
    const routes = new Set(t.app.routeList.all().map((r) => r.name));
    const problems: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const { items } = await admin.page(`/admin/audit?page=${page}`).then((p) => p.props);
      for (const row of items.data as AuditRow[]) {
        const where = `${row.event} #${row.id}`;
        if (!PERSIAN.test(row.label) || row.label.includes(':'))
          problems.push(`${where}: label «${row.label}»`);
        if (/[{}[\]"]/.test(row.summary) || (row.summary && !PERSIAN.test(row.summary)))
          problems.push(`${where}: summary «${row.summary}»`);
        if (row.subject?.code && /[۰-۹]/.test(row.subject.code))
          problems.push(`${where}: Persian digits in ${row.subject.code}`);
        // No raw key (a route or event name), no bare «#12»: a record is named, its id beside it.
        if (/[a-z]+[._:][a-z]+|#\d+/i.test(row.summary))
          problems.push(`${where}: raw text in «${row.summary}»`);
        const s = row.subject;
        if (s && s.code?.startsWith('#') && s.type !== 'user' && !s.name)
          problems.push(`${where}: ${s.type} ${s.code} without its name`);
        if (s?.link && !routes.has(s.link.route)) problems.push(`${where}: link to unknown ${s.link.route}`);
        if (s?.link) {
          const page = await admin.request('GET', t.app.routeList.url(s.link.route, s.link.params, false));
          if (page.statusCode !== 200) problems.push(`${where}: its page answers ${page.statusCode}`);
        }
        for (const change of row.changes) {
          if (!PERSIAN.test(change.label)) problems.push(`${where}: field label «${change.label}»`);
          for (const value of [change.before, change.after]) {
            if (!value) continue;
            if (/^[{[]/.test(value.text)) problems.push(`${where}: JSON value ${value.text}`);
            if (!value.ltr && /[0-9a-f]{8}-[0-9a-f]{4}-/i.test(value.text))
              problems.push(`${where}: a UUID outside an LTR value`);
          }
        }
      }
      if (page >= items.meta.last_page) break;
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
