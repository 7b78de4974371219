import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { auditActor } from '../../http/request-context';
import { isoDayQuery, tehranPeriod } from '../../lib/tehran-period';
import { recordStaffAction } from '../activity';
import { listLedger } from '../billing';
import { userCards } from '../users';
import { jobNotFound, RenderError } from './errors';
import { jobDrives, lastFrameOf, openFrame, sendFrame } from './job-pages';
import { removeBlock } from './node-admin';
import { findJobById, listStaffJobs, staffJobRows } from './staff-jobs';
import { findNodeView, recentNodeTasks } from './staff-nodes';
import { RENDER_JOB_STATUSES, RENDER_PRIORITIES, type RenderJob, type RenderNode } from './tables';
import { listNodes, staffTaskViews } from './views';

const FORM_LIMIT = 8 * 1024;
const PER_PAGE = 25;

const listQuery = z.object({
  q: z.string().max(100).optional().catch(undefined),
  status: z.enum(RENDER_JOB_STATUSES).optional().catch(undefined),
  priority: z.enum(RENDER_PRIORITIES).optional().catch(undefined),
  node: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i)
    .optional()
    .catch(undefined),
  from: isoDayQuery,
  to: isoDayQuery,
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

const reason = z
  .string({ error: 'دلیل را بنویسید؛ در گزارش اقدامات کارکنان می‌ماند.' })
  .trim()
  .min(3, 'دلیل را بنویسید؛ در گزارش اقدامات کارکنان می‌ماند.')
  .max(500, 'دلیل حداکثر ۵۰۰ نویسه باشد.');
const actionRequest = z.object({ reason });

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max, message).nullable().default(null),
  );
const nodeRequest = z.object({
  name: z
    .string({ error: 'یک نام برای نود بنویسید.' })
    .trim()
    .min(2, 'نام نود دست‌کم ۲ نویسه باشد.')
    .max(80, 'نام نود حداکثر ۸۰ نویسه باشد.'),
  // An unticked checkbox sends nothing: off.
  enabled: z.preprocess(
    (v) => v ?? false,
    z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on'])], {
        error: 'فعال بودن نود را روشن یا خاموش کنید.',
      })
      .transform((v) => v === true || v === 'true' || v === '1' || v === 'on'),
  ),
  location: optionalText(120, 'جای نود حداکثر ۱۲۰ نویسه باشد.'),
  notes: optionalText(2000, 'یادداشت حداکثر ۲٬۰۰۰ نویسه باشد.'),
});

/** What staff may do to a customer's job: stop it, or send its failed frames round again. */
const STAFF_ACTIONS = { cancel: 'render:job.canceled', requeue: 'render:job.requeued' } as const;
const SUMMARY = { cancel: 'لغو رندر', requeue: 'رندر دوبارهٔ بخش‌های ناموفق' } as const;
const FLASH = {
  cancel: 'رندر لغو شد.',
  requeue: 'بخش‌های ناموفق دوباره در صف رندر قرار گرفتند.',
} as const;

const jobAudit = (job: RenderJob) => ({ status: job.status, failureReason: job.failureReason });
const nodeAudit = (node: RenderNode) => ({
  name: node.name,
  enabled: node.enabled,
  location: node.location,
  notes: node.notes,
});

/**
 * Render jobs and nodes for staff (docs/screens.md §5–6): care and admin list and view every
 * customer's jobs (nodes per task, attempts and reasons, the owner; admins also the job's ledger
 * lines) and cancel or requeue them with a reason; admins list the nodes live, issue an enrolment
 * token, and edit a node and its blocklist. Every write leaves one staff audit entry.
 */
export async function staffRenderRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, drives, storage } = app.services;
  const param = (request: FastifyRequest, name: string) =>
    String((request.params as Record<string, string | undefined>)[name] ?? '');
  const jobOf = async (request: FastifyRequest): Promise<RenderJob> => {
    const raw = param(request, 'job');
    const job = /^\d{1,9}$/.test(raw) ? await findJobById(db, Number(raw)) : null;
    if (!job) throw jobNotFound();
    return job;
  };

  for (const area of ['care', 'admin'] as const) {
    const admin = area === 'admin';

    route(
      { name: `${area}.jobs.list`, method: 'GET', uri: `/${area}/jobs`, access: area },
      async (request, reply) => {
        const query = listQuery.parse(request.query ?? {});
        const period = admin ? tehranPeriod(query.from, query.to) : { from: undefined, to: undefined };
        return render(reply, admin ? 'Admin/Jobs/List' : 'Care/Jobs/List', {
          jobs: async () => {
            const { rows, hasMore } = await listStaffJobs(
              db,
              {
                q: query.q,
                status: query.status,
                priority: query.priority,
                node: query.node,
                from: 'start' in period ? period.start : undefined,
                to: 'end' in period ? period.end : undefined,
              },
              { page: query.page, perPage: PER_PAGE },
            );
            return {
              data: await staffJobRows(db, drives, rows),
              meta: { current_page: query.page, per_page: PER_PAGE, has_more: hasMore },
            };
          },
          filters: {
            q: query.q ?? '',
            status: query.status ?? '',
            priority: query.priority ?? '',
            node: query.node ?? '',
            from: period.from ?? '',
            to: period.to ?? '',
          },
          options: async () => ({
            nodes: (await listNodes(db)).map((n) => ({ value: n.uuid, label: n.name })),
          }),
        });
      },
    );

    route(
      { name: `${area}.jobs.view`, method: 'GET', uri: `/${area}/jobs/{job}`, access: area },
      async (request, reply) => {
        const job = await jobOf(request);
        const [row] = await staffJobRows(db, drives, [job]);
        const tasks = await staffTaskViews(db, job.id);
        const last = lastFrameOf(tasks.filter((t) => t.kind === 'render'));
        const owner = (await userCards(db, [job.userId])).get(job.userId);
        return render(reply, admin ? 'Admin/Jobs/View' : 'Care/Jobs/View', {
          job: row!,
          tasks,
          last_frame: last
            ? {
                name: last,
                url: last.endsWith('.exr')
                  ? null
                  : registry.url(`${area}.jobs.frame`, { job: job.id, frame: last }, false),
              }
            : null,
          owner: {
            id: job.userId,
            name: owner?.name ?? '',
            email: owner?.email ?? null,
            mobile: owner?.mobile ?? null,
            balance: owner?.balance ?? 0,
            kyc_status: owner?.kycStatus ?? 'none',
          },
          ledger: admin
            ? async () =>
                (await listLedger(db, job.userId, { reference: job.uuid, page: 1, perPage: 500 })).data.map(
                  (line) => ({
                    id: line.id,
                    amount: line.amount,
                    balance_after: line.balance_after,
                    description: line.description,
                    created_at: line.created_at,
                  }),
                )
            : null,
        });
      },
    );

    route(
      { name: `${area}.jobs.frame`, method: 'GET', uri: `/${area}/jobs/{job}/frames/{frame}`, access: area },
      async (request, reply) => {
        const job = await jobOf(request);
        const drive = (await jobDrives(drives, [job])).get(job.driveId)!;
        const frame = await openFrame(drives, storage, job, drive, param(request, 'frame'));
        return sendFrame(reply, frame, 'private, no-store');
      },
    );

    route(
      {
        name: `${area}.jobs.action`,
        method: 'POST',
        uri: `/${area}/jobs/{job}/{action}`,
        access: area,
        flashErrors: true,
      },
      async (request, reply) => {
        const name = param(request, 'action');
        if (name !== 'cancel' && name !== 'requeue') throw jobNotFound();
        const before = await jobOf(request);
        const input = await request.validate(actionRequest, request.body ?? {});
        const after = await app.services.render.act(request.user!, before.uuid, name);
        await recordStaffAction(db, {
          event: STAFF_ACTIONS[name],
          actor: auditActor(request),
          subject: { type: 'render_job', id: before.id, name: before.name },
          summary: `${SUMMARY[name]} «${before.name}»؛ دلیل: ${input.reason}`,
          before: jobAudit(before),
          after: jobAudit(after),
          properties: { reason: input.reason, job: before.uuid },
        });
        request.session.flash('success', FLASH[name]);
        return reply.back(registry.url(`${area}.jobs.view`, { job: before.id }, false));
      },
      { bodyLimit: FORM_LIMIT },
    );
  }

  route(
    { name: 'admin.nodes.list', method: 'GET', uri: '/admin/nodes', access: 'admin' },
    async (_request, reply) => render(reply, 'Admin/Nodes/List', { nodes: () => listNodes(db) }),
  );

  route(
    { name: 'admin.nodes.make', method: 'GET', uri: '/admin/nodes/create', access: 'admin' },
    async (request, reply) => {
      const managerUrl = `${request.protocol}://${request.host}`;
      const issued = request.session.flashed().enrolment as
        | { token?: string; expires_at?: string }
        | undefined;
      return render(reply, 'Admin/Nodes/Make', {
        enrolment:
          issued?.token && issued.expires_at
            ? {
                token: issued.token,
                expires_at: issued.expires_at,
                command: `RENDER_MANAGER_URL=${managerUrl} RENDER_ENROLMENT_TOKEN=${issued.token} pnpm render-node`,
              }
            : null,
        manager_url: managerUrl,
      });
    },
  );

  route(
    { name: 'admin.nodes.store', method: 'POST', uri: '/admin/nodes', access: 'admin' },
    async (request, reply) => {
      const { token, expiresAt } = await app.services.renderManager.issueEnrolmentToken(request.user!.id);
      await recordStaffAction(db, {
        event: 'render:node.enrolment_issued',
        actor: auditActor(request),
        subject: { type: 'render_node', id: 'enrolment', name: 'توکن ثبت نود تازه' },
        summary: 'ساخت توکن یک‌بارمصرف برای ثبت نود رندر تازه',
        before: null,
        after: { expiresAt: expiresAt.toISOString() },
      });
      // Shown on the next page only: the token is kept hashed, never readable again.
      request.session.flash('enrolment', { token, expires_at: expiresAt.toISOString() });
      return reply.redirect(registry.url('admin.nodes.make', {}, false), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'admin.nodes.edit', method: 'GET', uri: '/admin/nodes/{node}/edit', access: 'admin' },
    async (request, reply) => {
      const node = await findNodeView(db, param(request, 'node'));
      if (!node) throw nodeNotFound();
      return render(reply, 'Admin/Nodes/Edit', {
        node,
        recent: () => recentNodeTasks(db, node.uuid),
      });
    },
  );

  route(
    { name: 'admin.nodes.update', method: 'PATCH', uri: '/admin/nodes/{node}', access: 'admin' },
    async (request, reply) => {
      const input = await request.validate(nodeRequest, request.body ?? {});
      const changed = await app.services.renderNodeAdmin.update(param(request, 'node'), input);
      if (!changed) throw nodeNotFound();
      const { before, after } = changed;
      await recordStaffAction(db, {
        event: 'render:node.updated',
        actor: auditActor(request),
        subject: { type: 'render_node', id: before.uuid, name: after.name },
        summary: `ویرایش نود رندر «${after.name}»${before.enabled !== after.enabled ? (after.enabled ? '؛ فعال شد' : '؛ غیرفعال شد') : ''}`,
        before: nodeAudit(before),
        after: nodeAudit(after),
      });
      request.session.flash('success', `نود «${after.name}» ذخیره شد.`);
      return reply.back(registry.url('admin.nodes.edit', { node: after.uuid }, false));
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'admin.nodes.blocks.destroy',
      method: 'DELETE',
      uri: '/admin/nodes/{node}/blocks/{job}',
      access: 'admin',
      flashErrors: true,
    },
    async (request, reply) => {
      const node = await findNodeView(db, param(request, 'node'));
      const block = node?.blocklist.find((b) => b.job.uuid === param(request, 'job'));
      if (!node || !block) throw nodeNotFound();
      await removeBlock(db, node.uuid, block.job.uuid);
      await recordStaffAction(db, {
        event: 'render:node.unblocked',
        actor: auditActor(request),
        subject: { type: 'render_node', id: node.uuid, name: node.name },
        summary: `نود «${node.name}» دوباره می‌تواند رندر «${block.job.name}» را بگیرد`,
        before: { blockedJob: block.job.name },
        after: { blockedJob: null },
        properties: { job: block.job.uuid },
      });
      request.session.flash('success', `نود «${node.name}» دوباره روی «${block.job.name}» کار می‌کند.`);
      return reply.back(registry.url('admin.nodes.edit', { node: node.uuid }, false));
    },
    { bodyLimit: FORM_LIMIT },
  );
}

const nodeNotFound = () => new RenderError('RF_RENDER_NOT_FOUND', 'این نود رندر پیدا نشد.');
