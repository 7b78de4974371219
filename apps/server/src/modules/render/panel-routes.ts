import { randomUUID } from 'node:crypto';
import type { RouteRegistry } from '@renderfarm/routes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { routesOn } from '../../http/named-route';
import { render } from '../../http/render';
import { readRenderPrices } from '../billing';
import type { PanelJobsMakeProps, RenderQuote, SceneFindings } from './contracts';
import { jobNotFound, RenderError } from './errors';
import { frameZip } from './frame-zip';
import { MAX_FRAMES } from './frames';
import { jobDrives, jobViews, lastFrameOf, openFrame, sendFrame } from './job-pages';
import { defaultsOf } from './scene-defaults';
import { MAX_CHUNK, MAX_SAMPLES } from './service';
import { JOB_ACTIONS, type JobAction } from './state-machine';
import { checkRequest, settingsOf, storeRequest } from './submit-request';
import { RENDER_JOB_STATUSES, type RenderJob } from './tables';
import { listJobs, tasksOf, taskView } from './views';

const FORM_LIMIT = 16 * 1024;
const PER_PAGE = 20;

const listQuery = z.object({
  status: z.enum(RENDER_JOB_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).default(1).catch(1),
});

const text = (max: number) => z.string().max(max).optional().catch(undefined);
const makeQuery = z.object({
  drive: text(64),
  path: text(4000),
  check: text(64),
  frames: text(500),
  chunk: text(12),
  format: text(12),
  resolution: text(12),
  samples: text(12),
  priority: text(12),
});

const FLASH: Record<JobAction, string> = {
  pause: 'رندر متوقف شد؛ هر وقت خواستید، آن را ادامه دهید.',
  resume: 'رندر دوباره در صف رندر قرار گرفت.',
  cancel: 'رندر لغو شد؛ فریم‌هایی که تا کنون رندر شده‌اند در فضای شما می‌مانند.',
  requeue: 'فریم‌های ناموفق دوباره در صف رندر قرار گرفتند.',
};

/**
 * The customer's render jobs (docs/screens.md §4b): the list, the Make page (pick a scene from a
 * drive or upload one, check it, settings with the estimate), submission, the job's page with its
 * actions, the frames as one zip and one frame as a picture. Another customer's job is a 404.
 */
export async function panelJobRoutes(app: FastifyInstance, { registry }: { registry: RouteRegistry }) {
  const route = routesOn(app, registry);
  const { db, drives, storage } = app.services;
  const jobs = () => app.services.render;
  const param = (request: FastifyRequest, name: string) =>
    String((request.params as Record<string, string | undefined>)[name] ?? '');
  const own = (request: FastifyRequest) => jobs().findOwn(request.user!.id, param(request, 'job'));
  const view = (uuid: string) => registry.url('panel.jobs.view', { job: uuid }, false);

  route(
    { name: 'panel.jobs.list', method: 'GET', uri: '/panel/jobs', access: 'customer' },
    async (request, reply) => {
      const query = listQuery.parse(request.query ?? {});
      const user = request.user!;
      return render(reply, 'Panel/Jobs/List', {
        jobs: async () => {
          const rows = await listJobs(db, {
            userId: user.id,
            status: query.status,
            limit: PER_PAGE + 1,
            offset: (query.page - 1) * PER_PAGE,
          });
          return {
            data: await jobViews(db, drives, rows.slice(0, PER_PAGE)),
            meta: { current_page: query.page, per_page: PER_PAGE, has_more: rows.length > PER_PAGE },
          };
        },
        filters: { status: query.status ?? '' },
      });
    },
  );

  route(
    { name: 'panel.jobs.make', method: 'GET', uri: '/panel/jobs/create', access: 'customer' },
    async (request, reply) => {
      const query = makeQuery.parse(request.query ?? {});
      const user = request.user!;
      const check = query.check ? await jobs().findOwn(user.id, query.check) : null;
      const [checkView] = check ? await jobViews(db, drives, [check]) : [];
      const defaults = defaultsOf(check?.findings as SceneFindings | null);
      const settings: PanelJobsMakeProps['settings'] = {
        frames: query.frames ?? defaults.frames,
        chunk: query.chunk ?? defaults.chunk,
        format: query.format ?? defaults.format,
        resolution: query.resolution ?? defaults.resolution,
        samples: query.samples ?? defaults.samples,
        priority: query.priority ?? defaults.priority,
      };
      const quoted = async (): Promise<{ quote: RenderQuote | null; errors: Record<string, string> }> => {
        if (!check || check.status !== 'checking' || check.frameSeconds === null)
          return { quote: null, errors: {} };
        try {
          return { quote: await jobs().quote(user, check.uuid, settings), errors: {} };
        } catch (error) {
          if (!(error instanceof RenderError) || error.status === 404) throw error;
          const byField = (error.details?.errors as Record<string, string> | undefined) ?? {
            [error.field ?? 'frames']: error.message,
          };
          return { quote: null, errors: byField };
        }
      };
      let quote: ReturnType<typeof quoted> | undefined;
      const once = () => {
        quote ??= quoted();
        return quote;
      };
      return render(reply, 'Panel/Jobs/Make', {
        drives: async () => {
          const [own, scenes] = await Promise.all([
            drives.listOwn(user.id),
            drives.findFilesBySuffix(user.id, '.blend'),
          ]);
          return own
            .filter((d) => d.status !== 'deleted')
            .map((d) => ({
              uuid: d.uuid,
              name: d.name,
              can_write: d.status === 'active',
              upload_url: registry.url('panel.drives.files.store', { drive: d.uuid }, false),
              scenes: scenes
                .filter((s) => s.drive.uuid === d.uuid)
                .map((s) => ({
                  path: s.entry.path,
                  name: s.entry.name,
                  size: s.entry.size,
                  created_at: s.entry.createdAt.toISOString(),
                })),
            }));
        },
        selected: {
          drive: query.drive ?? checkView?.scene.drive.uuid ?? '',
          path: query.path ?? checkView?.scene.path ?? '',
        },
        check: checkView ?? null,
        settings,
        quote: async () => (await once()).quote,
        quote_errors: async () => (await once()).errors,
        prices: () => readRenderPrices(db),
        balance: user.balance,
        kyc_status: user.kycStatus,
        limits: { max_frames: MAX_FRAMES, max_chunk: MAX_CHUNK, max_samples: MAX_SAMPLES },
        idempotency_key: randomUUID(),
      });
    },
  );

  route(
    {
      name: 'panel.jobs.check',
      method: 'POST',
      uri: '/panel/jobs/check',
      access: 'customer',
      errorField: 'path',
    },
    async (request, reply) => {
      const input = await request.validate(checkRequest, request.body ?? {});
      const job = await jobs().checkScene(request.user!, { drive: input.drive, path: input.path });
      return reply.redirect(
        registry.url('panel.jobs.make', { check: job.uuid, drive: input.drive, path: input.path }, false),
        303,
      );
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'panel.jobs.store', method: 'POST', uri: '/panel/jobs', access: 'customer', errorField: 'check' },
    async (request, reply) => {
      const input = await request.validate(storeRequest, request.body ?? {});
      const job = await jobs().submit(request.user!, input.check, {
        ...settingsOf(input),
        idempotencyKey: input.idempotency_key,
      });
      request.session.flash('success', `رندر «${job.name}» در صف قرار گرفت؛ فریم‌ها همین‌جا پیدا می‌شوند.`);
      return reply.redirect(view(job.uuid), 303);
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    { name: 'panel.jobs.view', method: 'GET', uri: '/panel/jobs/{job}', access: 'customer' },
    async (request, reply) => {
      const job = await own(request);
      return render(reply, 'Panel/Jobs/View', await panelJobProps(job));
    },
  );

  route(
    {
      name: 'panel.jobs.action',
      method: 'POST',
      uri: '/panel/jobs/{job}/{action}',
      access: 'customer',
      flashErrors: true,
    },
    async (request, reply) => {
      const action = JOB_ACTIONS.find((a) => a === param(request, 'action'));
      if (!action) throw jobNotFound();
      const job = await jobs().act(request.user!, param(request, 'job'), action);
      request.session.flash('success', FLASH[action]);
      return reply.back(view(job.uuid));
    },
    { bodyLimit: FORM_LIMIT },
  );

  route(
    {
      name: 'panel.jobs.download',
      method: 'GET',
      uri: '/panel/jobs/{job}/download',
      access: 'customer',
      flashErrors: true,
    },
    async (request, reply) => {
      const job = await own(request);
      const drive = (await jobDrives(drives, [job])).get(job.driveId)!;
      const zip = await frameZip(drives, storage, job, drive);
      if (zip.size >= 0) reply.header('content-length', String(zip.size));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', zipDisposition(job))
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    },
  );

  route(
    { name: 'panel.jobs.frame', method: 'GET', uri: '/panel/jobs/{job}/frames/{frame}', access: 'customer' },
    async (request, reply) => {
      const job = await own(request);
      const drive = (await jobDrives(drives, [job])).get(job.driveId)!;
      const frame = await openFrame(drives, storage, job, drive, param(request, 'frame'));
      return sendFrame(reply, frame, 'private, max-age=300');
    },
  );

  /** The View page's props: the job, its tasks, the last frame, and links into the drive. */
  async function panelJobProps(job: RenderJob) {
    const drive = (await jobDrives(drives, [job])).get(job.driveId)!;
    const [jobProps] = await jobViews(db, drives, [job]);
    const tasks = (await tasksOf(db, job.id)).filter((t) => t.kind === 'render').map(taskView);
    const last = lastFrameOf(tasks);
    const hasFrames = tasks.some((t) => t.outputs.length > 0);
    return {
      job: jobProps!,
      tasks,
      last_frame: last
        ? {
            name: last,
            url: last.endsWith('.exr')
              ? null
              : registry.url('panel.jobs.frame', { job: job.uuid, frame: last }, false),
          }
        : null,
      output_url:
        drive.live && hasFrames
          ? registry.url('panel.drives.show', { drive: drive.uuid, path: job.outputPath }, false)
          : null,
      download_url: hasFrames ? registry.url('panel.jobs.download', { job: job.uuid }, false) : null,
    };
  }
}

/** `attachment` with an ASCII name every browser takes and the job's own name for those that read `filename*`. */
function zipDisposition(job: RenderJob): string {
  const ascii = `render-${job.uuid.slice(0, 8)}.zip`;
  const own = `${[...job.name].map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('')}.zip`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(own)}`;
}
