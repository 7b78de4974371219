/**
 * The render module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */
export {
  allowedJobActions,
  canChangeJob,
  canChangeTask,
  checkJobAction,
  JOB_ACTIONS,
  type JobAction,
} from './state-machine';
export {
  RENDER_FORMATS,
  RENDER_JOB_STATUSES,
  RENDER_NODE_STATUSES,
  RENDER_PRIORITIES,
  RENDER_TASK_STATUSES,
  type RenderFormat,
  type RenderJob,
  type RenderJobStatus,
  type RenderNode,
  type RenderPriority,
  type RenderTask,
  type RenderTaskStatus,
} from './tables';
