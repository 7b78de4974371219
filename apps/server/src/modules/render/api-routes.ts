import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiPaging } from '../../http/api-paging';
import { useJsonApiErrors } from '../../http/json-errors';
import { routesOn } from '../../http/named-route';
import type { RenderJobView, SceneFindings } from './contracts';
import { jobNotFound } from './errors';
import { jobViews } from './job-pages';
import { defaultsOf } from './scene-defaults';
import { JOB_ACTIONS, type JobAction } from './state-machine';
import { checkRequest, settingsOf, storeRequest } from './submit-request';
import { RENDER_JOB_STATUSES, type RenderJob } from './tables';
import { listJobs, type TaskCounts, taskCounts } from './views';

const BODY_LIMIT = 16 * 1024;
/** A word after the job that names one of its actions (the API offers every one: JOB_ACTIONS). */
const isJobAction = (word: string): word is JobAction => (JOB_ACTIONS as readonly string[]).includes(word);

const listQuery = z.object({
  status: z.enum(RENDER_JOB_STATUSES, { error: 'وضعیت رندر معتبر نیست.' }).optional(),
  ...apiPaging,
});

const idempotencyKey = z
  .string()
  .trim()
  .min(1, 'سرآیند Idempotency-Key خالی است.')
  .max(100, 'سرآیند Idempotency-Key حداکثر ۱۰۰ نویسه است.')
  .optional();

/** A job on the API: the pages' job (contracts.ts) with its tasks summed up instead of listed. */
export type ApiJob = Omit<RenderJobView, 'check' | 'progress'> & {
  findings: SceneFindings | null;
  tasks: TaskCounts & { total: number; frames: { done: number; total: number } };
};

/**
 * Where a scene check stands: `checking` (a node has it or will), `done` (findings and the
 * measured frame time are in: submit it), `failed` (why in `failure_reason`), `canceled`, or
 * `submitted` (it is a render job now, under the same uuid).
 */
export type ApiCheckStatus = 'checking' | 'done' | 'failed' | 'canceled' | 'submitted';

function checkStatus(job: RenderJob): ApiCheckStatus {
  if (job.submittedAt !== null) return 'submitted';
  if (job.status === 'failed') return 'failed';
  if (job.status === 'canceled') return 'canceled';
  return job.findings !== null && job.frameSeconds !== null ? 'done' : 'checking';
}

/**
 * Render jobs on the JSON API (docs/api.md), for scripts and the Blender add-on: check a scene of
 * a drive, submit it (an `Idempotency-Key` makes a retry give back the same job), list and read
 * jobs with their tasks summed up, and pause, resume, cancel or requeue. The rules are the render
 * service's, as on the panel's job pages; another customer's job is a 404.
 */
export async function renderApiRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, drives } = app.services;
  const jobs = () => app.services.render;
  // Only the id: a token acts for its owner alone, even a staff member's (staff act on anyone's
  // job in the render service when their role is given).
  const owner = (request: FastifyRequest) => ({ id: request.apiToken!.userId });
  const param = (request: FastifyRequest, name: string) =>
    String((request.params as Record<string, string | undefined>)[name] ?? '');
  useJsonApiErrors(app);

  /** Jobs as the API shows them: one statement for the tasks of the whole page. */
  const apiJobs = async (rows: RenderJob[]): Promise<ApiJob[]> => {
    const views = await jobViews(db, drives, rows);
    const counts = await taskCounts(
      db,
      rows.map((r) => r.id),
    );
    return views.map(({ check, progress, ...view }, i) => {
      const tasks = counts.get(rows[i]!.id)!;
      return {
        ...view,
        findings: check,
        tasks: {
          ...tasks,
          total: Object.values(tasks).reduce((a, b) => a + b, 0),
          frames: { done: progress.done, total: progress.total },
        },
      };
    });
  };
  const apiJob = async (row: RenderJob) => (await apiJobs([row]))[0]!;

  const apiCheck = async (row: RenderJob) => {
    const [view] = await jobViews(db, drives, [row]);
    const status = checkStatus(row);
    const findings = (row.findings as SceneFindings | null) ?? null;
    return {
      id: row.uuid,
      status,
      scene: view!.scene,
      findings,
      failure_reason: row.failureReason,
      // The submit form's first values for this scene (its frame range, output, resolution).
      defaults: status === 'done' ? defaultsOf(findings) : null,
      created_at: row.createdAt.toISOString(),
    };
  };

  route(
    {
      name: 'api.v1.jobs.checks.store',
      method: 'POST',
      uri: '/api/v1/jobs/check',
      access: 'api',
      ability: 'create',
      json: true,
    },
    async (request, reply) => {
      const input = await request.validate(checkRequest, request.body ?? {});
      const job = await jobs().checkScene(owner(request), input);
      return reply.code(202).send({ data: await apiCheck(job) });
    },
    { bodyLimit: BODY_LIMIT },
  );

  route(
    {
      name: 'api.v1.jobs.checks.show',
      method: 'GET',
      uri: '/api/v1/jobs/checks/{check}',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => ({
      data: await apiCheck(await jobs().findOwn(owner(request).id, param(request, 'check'))),
    }),
  );

  route(
    {
      name: 'api.v1.jobs.index',
      method: 'GET',
      uri: '/api/v1/jobs',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => {
      const q = await request.validate(listQuery, request.query ?? {});
      const rows = await listJobs(db, {
        userId: owner(request).id,
        status: q.status,
        limit: q.per_page + 1,
        offset: (q.page - 1) * q.per_page,
      });
      return {
        data: await apiJobs(rows.slice(0, q.per_page)),
        meta: { page: q.page, per_page: q.per_page, has_more: rows.length > q.per_page },
      };
    },
  );

  route(
    {
      name: 'api.v1.jobs.store',
      method: 'POST',
      uri: '/api/v1/jobs',
      access: 'api',
      ability: 'create',
      json: true,
    },
    async (request, reply) => {
      const input = await request.validate(storeRequest, request.body ?? {});
      const header = request.headers['idempotency-key'];
      const key = await request.validate(z.object({ idempotency_key: idempotencyKey }), {
        idempotency_key: Array.isArray(header) ? header[0] : (header ?? input.idempotency_key),
      });
      const job = await jobs().submit(owner(request), input.check, {
        ...settingsOf(input),
        idempotencyKey: key.idempotency_key,
      });
      return reply.code(201).send({ data: await apiJob(job) });
    },
    { bodyLimit: BODY_LIMIT },
  );

  route(
    {
      name: 'api.v1.jobs.show',
      method: 'GET',
      uri: '/api/v1/jobs/{job}',
      access: 'api',
      ability: 'read',
      json: true,
    },
    async (request) => ({
      data: await apiJob(await jobs().findOwn(owner(request).id, param(request, 'job'))),
    }),
  );

  route(
    {
      name: 'api.v1.jobs.action',
      method: 'POST',
      uri: '/api/v1/jobs/{job}/{action}',
      access: 'api',
      ability: 'update',
      json: true,
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const action = param(request, 'action');
      // Another word after the job is no action of the API: not found, as a missing job is.
      if (!isJobAction(action)) throw jobNotFound();
      const job = await jobs().act(owner(request), param(request, 'job'), action);
      return reply.send({ data: await apiJob(job) });
    },
    { bodyLimit: BODY_LIMIT },
  );
}
