import type { RoutesConfig } from '@renderfarm/routes';
import type { RenderJobView, RenderTaskView } from '@server/modules/render/contracts';
import { sampleRoutes } from './sample-routes';

/** A job as the server sends it (modules/render/views.ts), for the Jobs pages' tests. */
export function sampleJob(overrides: Partial<RenderJobView> = {}): RenderJobView {
  return {
    uuid: '3f0c9a7e-1b2d-4c5e-8f90-a1b2c3d4e5f6',
    name: 'انیمیشن لوگو',
    scene: {
      drive: { uuid: 'd1d1d1d1-0000-4000-8000-000000000001', name: 'پروژه‌ها' },
      path: 'shots/logo.blend',
    },
    status: 'active',
    pause_reason: null,
    failure_reason: null,
    check: null,
    frames: '1-6',
    chunk: 2,
    format: 'PNG',
    resolution: 100,
    samples: null,
    priority: 'standard',
    progress: { done: 2, total: 6, failed: 0 },
    cost: 150,
    estimate: { estimate: 75, low: 56, high: 113 },
    output_path: 'renders/3f0c9a7e-1b2d-4c5e-8f90-a1b2c3d4e5f6',
    actions: ['pause', 'cancel'],
    created_at: '2026-11-27T04:30:00.000Z',
    started_at: '2026-11-27T04:31:00.000Z',
    finished_at: null,
    ...overrides,
  };
}

export function sampleTask(
  start: number,
  status: RenderTaskView['status'],
  overrides: Partial<RenderTaskView> = {},
): RenderTaskView {
  return {
    uuid: `task-${start}`,
    kind: 'render',
    frames: { start, end: start + 1, step: 1 },
    status,
    attempts: status === 'queued' ? 0 : 1,
    render_seconds: status === 'completed' ? 4.2 : null,
    cost: status === 'completed' ? 105 : null,
    last_frame: null,
    outputs: status === 'completed' ? [`frame_000${start}.png`, `frame_000${start + 1}.png`] : [],
    log_tail:
      status === 'completed' ? 'Fra:2 Mem:12.3M | Time:00:00.21 | Sample 4/4\nSaved: frame_0002.png' : null,
    started_at: '2026-11-27T04:31:00.000Z',
    finished_at: status === 'completed' ? '2026-11-27T04:31:05.000Z' : null,
    ...overrides,
  };
}

/** The app's route list with the render routes (docs/screens.md §4b). */
export function jobRoutes(): RoutesConfig {
  const list = sampleRoutes();
  for (const [name, uri, method, parameters] of [
    ['panel.jobs.list', 'panel/jobs', 'GET', []],
    ['panel.jobs.make', 'panel/jobs/create', 'GET', []],
    ['panel.jobs.check', 'panel/jobs/check', 'POST', []],
    ['panel.jobs.store', 'panel/jobs', 'POST', []],
    ['panel.jobs.view', 'panel/jobs/{job}', 'GET', ['job']],
    ['panel.jobs.action', 'panel/jobs/{job}/{action}', 'POST', ['job', 'action']],
    ['panel.jobs.download', 'panel/jobs/{job}/download', 'GET', ['job']],
    ['panel.drives.list', 'panel/drives', 'GET', []],
    ['software.blender-addon', 'software/blender-addon.zip', 'GET', []],
  ] as const)
    list.routes[name] = {
      uri,
      methods: method === 'GET' ? ['GET', 'HEAD'] : [method],
      ...(parameters.length ? { parameters: [...parameters] } : {}),
    };
  return list;
}
