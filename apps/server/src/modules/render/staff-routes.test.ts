import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLog } from '../activity/tables';
import { createAuthTestApp, logIn, TestBrowser } from '../auth/test-support';
import { renderJobs, renderNodeBlocklist, renderNodes } from './tables';
import {
  blendBytes,
  CHECK_FINDINGS,
  driveOf,
  emptyQueue,
  putFile,
  SimulatedNode,
  setBalance,
  userIdOf,
} from './test-support';

const PERSIAN = /[\u0600-\u06FF]/;
type T = Awaited<ReturnType<typeof createAuthTestApp>>;

/** Render jobs and nodes for care and admin (docs/screens.md §5–6), through the HTTP routes. */
describe(`staff: render jobs and nodes (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let t: T;
  let customer: TestBrowser;
  let care: TestBrowser;
  let admin: TestBrowser;
  let customerId: number;
  let driveUuid: string;
  let node: SimulatedNode;
  const db = () => t.database.db;

  const staff = async (role: 'care' | 'admin') => {
    const browser = new TestBrowser(t, { ip: role === 'care' ? '10.26.1.2' : '10.26.1.3' });
    await browser.request('GET', '/login');
    await browser.post('/__testing/sign-in', { email: `${role}@renderfarm.test` });
    return browser;
  };
  const jobRow = async (uuid: string) =>
    (await db().select().from(renderJobs).where(eq(renderJobs.uuid, uuid)))[0]!;
  const lastAudit = async (event: string) =>
    (
      await db()
        .select()
        .from(activityLog)
        .where(eq(activityLog.event, event))
        .orderBy(desc(activityLog.id))
        .limit(1)
    )[0];

  /** A submitted job of frames 1–4 in chunks of 2, its scene checked by the node. */
  const submitted = async (): Promise<{ uuid: string; id: number }> => {
    const res = await customer.post('/panel/jobs/check', { drive: driveUuid, path: 'shot.blend' });
    const uuid = new URL(String(res.headers.location), 'http://x').searchParams.get('check')!;
    const task = (await node.claim())!;
    await node.complete(task, 2, CHECK_FINDINGS);
    await customer.post('/panel/jobs', {
      check: uuid,
      frames: '1-4',
      chunk: '2',
      format: 'PNG',
      resolution: '100',
      priority: 'standard',
    });
    return { uuid, id: (await jobRow(uuid)).id };
  };

  beforeAll(async () => {
    t = await createAuthTestApp();
    customer = await logIn(t, 'customer@renderfarm.test', 'password', { ip: '10.26.1.1' });
    care = await staff('care');
    admin = await staff('admin');
    customerId = await userIdOf(t, 'customer@renderfarm.test');
    driveUuid = (await driveOf(t, customerId)).uuid;
    await putFile(t, customerId, driveUuid, 'shot.blend', blendBytes());
    node = await new SimulatedNode(t, 'staff-node').enrol();
  }, 120_000);
  afterAll(() => t?.close());
  beforeEach(async () => {
    await emptyQueue(t);
    await setBalance(t, customerId, 50_000_000);
  });

  it('lists customers’ jobs for care and admin, searchable, and hides the pages from customers', async () => {
    const job = await submitted();
    for (const browser of [care, admin]) {
      const area = browser === care ? 'care' : 'admin';
      const page = await browser.page(`/${area}/jobs?q=customer%40renderfarm`);
      expect(page.component).toBe(area === 'care' ? 'Care/Jobs/List' : 'Admin/Jobs/List');
      const row = page.props.jobs.data.find((j: { id: number }) => j.id === job.id);
      expect(row).toMatchObject({ uuid: job.uuid, status: 'queued', owner: { id: customerId } });
      const none = await browser.page(`/${area}/jobs?q=nobody-like-this&status=failed`);
      expect(none.props.jobs.data).toEqual([]);
    }
    for (const url of ['/care/jobs', `/care/jobs/${job.id}`, '/admin/jobs', '/admin/nodes']) {
      expect((await customer.request('GET', url)).statusCode, url).toBe(404);
    }
  });

  it('shows care the nodes and attempts per task and the owner; admin also the ledger lines', async () => {
    const job = await submitted();
    const failing = (await node.claim())!;
    await node.fail(failing, 'Blender exited with code 1');
    while (await node.renderOne(3)) {
      /* the rest */
    }
    const carePage = await care.page(`/care/jobs/${job.id}`);
    expect(carePage.component).toBe('Care/Jobs/View');
    expect(carePage.props.owner).toMatchObject({ id: customerId, kyc_status: 'approved' });
    expect(carePage.props.ledger).toBeNull();
    const retried = carePage.props.tasks.find((task: { uuid: string }) => task.uuid === failing.uuid);
    expect(retried.attempts_log.map((a: { outcome: string }) => a.outcome)).toEqual(['failed', 'completed']);
    expect(retried.attempts_log[0]).toMatchObject({
      node: { name: 'staff-node' },
      reason: 'Blender exited with code 1',
    });
    expect(carePage.props.last_frame.url).toBe(`/care/jobs/${job.id}/frames/frame_0004.png`);
    expect((await care.request('GET', carePage.props.last_frame.url)).statusCode).toBe(200);

    const adminPage = await admin.page(`/admin/jobs/${job.id}`);
    expect(adminPage.props.ledger).toHaveLength(2);
    const charged = adminPage.props.ledger.reduce((sum: number, l: { amount: number }) => sum - l.amount, 0);
    expect(charged).toBe(adminPage.props.job.cost);
    expect((await admin.request('GET', '/admin/jobs/999999')).statusCode).toBe(404);
  });

  it('cancels a job with a reason, in one audit entry; without a reason nothing changes', async () => {
    const job = await submitted();
    const refused = await care.post(`/care/jobs/${job.id}/cancel`, { reason: '' });
    expect(refused.statusCode).toBe(303);
    expect((await care.errorsOn(`/care/jobs/${job.id}`)).reason).toMatch(PERSIAN);
    expect((await jobRow(job.uuid)).status).toBe('queued');

    const res = await care.post(`/care/jobs/${job.id}/cancel`, { reason: 'مشتری تلفنی خواست' });
    expect(res.statusCode).toBe(303);
    expect((await jobRow(job.uuid)).status).toBe('canceled');
    const entry = await lastAudit('render:job.canceled');
    expect(entry).toMatchObject({ subjectType: 'render_job', subjectId: String(job.id) });
    expect((entry!.properties as { summary: string }).summary).toContain('مشتری تلفنی خواست');

    // A cancelled job refuses the next action in Persian, and writes no entry.
    const before = (await lastAudit('render:job.requeued'))?.id ?? 0;
    await admin.post(`/admin/jobs/${job.id}/requeue`, { reason: 'دوباره امتحان کنیم' });
    expect((await admin.page(`/admin/jobs/${job.id}`)).props.flash.error).toMatch(PERSIAN);
    expect((await lastAudit('render:job.requeued'))?.id ?? 0).toBe(before);
    expect((await care.post(`/care/jobs/${job.id}/pause`, { reason: 'نمی‌شود' })).statusCode).toBe(404);
  });

  it('issues an enrolment token shown once, which a node can enrol with', async () => {
    const res = await admin.post('/admin/nodes');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/nodes/create');
    const shown = await admin.page('/admin/nodes/create');
    const { token, command } = shown.props.enrolment;
    expect(command).toBe(
      `RENDER_MANAGER_URL=${shown.props.manager_url} RENDER_ENROLMENT_TOKEN=${token} pnpm render-node`,
    );
    expect((await admin.page('/admin/nodes/create')).props.enrolment).toBeNull();
    expect((await lastAudit('render:node.enrolment_issued'))!.actorId).toBeGreaterThan(0);
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/render-node/v1/enrol',
      payload: { enrolment_token: token, name: 'rack-2', blender_version: '3.4.1', cores: 16 },
    });
    expect(enrol.statusCode).toBe(201);
    const list = await admin.page('/admin/nodes');
    expect(list.props.nodes.map((n: { name: string }) => n.name)).toContain('rack-2');
  });

  it('edits a node and removes a blocklist entry, each in one audit entry', async () => {
    const other = await new SimulatedNode(t, 'edit-me').enrol();
    const job = await submitted();
    const [row] = await db().select().from(renderNodes).where(eq(renderNodes.uuid, other.uuid));
    await db().insert(renderNodeBlocklist).values({ nodeId: row!.id, jobId: job.id });

    const edit = await admin.page(`/admin/nodes/${other.uuid}/edit`);
    expect(edit.props.node.blocklist).toHaveLength(1);
    const bad = await admin.request('PATCH', `/admin/nodes/${other.uuid}`, { name: 'x', enabled: true });
    expect(bad.statusCode).toBe(303);
    expect((await admin.errorsOn(`/admin/nodes/${other.uuid}/edit`)).name).toMatch(PERSIAN);

    await admin.request('PATCH', `/admin/nodes/${other.uuid}`, {
      name: 'رک ۲',
      enabled: false,
      location: 'تهران',
      notes: '',
    });
    const [changed] = await db().select().from(renderNodes).where(eq(renderNodes.uuid, other.uuid));
    expect(changed).toMatchObject({ name: 'رک ۲', enabled: false, location: 'تهران', notes: null });
    expect(
      (await admin.page('/admin/nodes')).props.nodes.find((n: { uuid: string }) => n.uuid === other.uuid)
        .status,
    ).toBe('disabled');
    expect((await lastAudit('render:node.updated'))!.subjectId).toBe(other.uuid);

    const gone = await admin.request('DELETE', `/admin/nodes/${other.uuid}/blocks/${job.uuid}`);
    expect(gone.statusCode).toBe(303);
    const blocks = await db()
      .select()
      .from(renderNodeBlocklist)
      .where(and(eq(renderNodeBlocklist.nodeId, row!.id), eq(renderNodeBlocklist.jobId, job.id)));
    expect(blocks).toEqual([]);
    expect((await lastAudit('render:node.unblocked'))!.subjectId).toBe(other.uuid);
    expect((await admin.request('GET', '/admin/nodes/not-a-node/edit')).statusCode).toBe(404);
  });
});
