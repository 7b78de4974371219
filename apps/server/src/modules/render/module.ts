import { and, eq } from 'drizzle-orm';
import type { AppModule } from '../app-module';
import { renderApiDescription } from './api-description';
import { renderApiQuoteRoute } from './api-quote-route';
import { renderApiRoutes } from './api-routes';
import { blenderAddonRoute } from './blender-addon-route';
import { createRenderManager, type RenderManager } from './manager';
import { ensureRenderMinute, RENDER_MINUTE_JOB, renderMinute } from './minute-job';
import { type NodeChanges, updateNode } from './node-admin';
import { renderNodeRoutes } from './node-routes';
import { panelJobRoutes } from './panel-routes';
import { createRenderService, type RenderService } from './service';
import { staffRenderRoutes } from './staff-routes';
import { renderJobs } from './tables';

declare module '../../service-types' {
  interface Services {
    /** The customer's and staff's side: check, submit, pause, resume, cancel, requeue. */
    render: RenderService;
    /** The node protocol's side: enrol, claim, progress, files, complete, fail, release. */
    renderManager: RenderManager;
    /** Admin/Nodes/Edit's write (it tells the jobs of a disabled node's task). */
    renderNodeAdmin: { update: (uuid: string, changes: NodeChanges) => ReturnType<typeof updateNode> };
  }
}

/** Render jobs: a customer's Blender scene rendered on the farm's render nodes (docs/render-jobs.md). */
export const renderModule: AppModule = {
  name: 'render',
  apiDescription: renderApiDescription,
  routes: [
    renderNodeRoutes,
    panelJobRoutes,
    staffRenderRoutes,
    renderApiRoutes,
    renderApiQuoteRoute,
    blenderAddonRoute,
  ],
  services: ({ config, db, broadcaster, services, log }) => {
    const onPublishError = (err: unknown) => log.warn({ err }, 'render event not published');
    return {
      render: createRenderService({
        db,
        broadcaster,
        storage: services.storage,
        drives: services.drives,
        onPublishError,
      }),
      renderNodeAdmin: { update: (uuid, changes) => updateNode(db, broadcaster, uuid, changes) },
      renderManager: createRenderManager({
        db,
        broadcaster,
        storage: services.storage,
        drives: services.drives,
        appKey: config.APP_KEY,
        leaseSeconds: config.RENDER_LEASE_SECONDS,
        onPublishError,
      }),
    };
  },
  jobs: ({ db, broadcaster, services, log }) => ({
    [RENDER_MINUTE_JOB]: renderMinute({
      db,
      broadcaster,
      manager: () => services.renderManager,
      log,
    }).handler(db),
  }),
  // Leases that ran out and jobs paused for balance are looked at every minute from then on.
  onWorkerStart: ensureRenderMinute,
  channels: [
    {
      pattern: 'render-jobs.{uuid}',
      // The job's owner, and staff (care and admin) who look after it.
      authorize: async (db, user, uuid) => {
        if (user.role === 'care' || user.role === 'admin') return true;
        if (!/^[0-9a-f-]{36}$/i.test(uuid)) return false;
        const [job] = await db
          .select({ id: renderJobs.id })
          .from(renderJobs)
          .where(and(eq(renderJobs.uuid, uuid), eq(renderJobs.userId, user.id)));
        return Boolean(job);
      },
    },
  ],
};
