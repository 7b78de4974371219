/**
 * The render module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
 */

export { blenderAddonFileName, blenderAddonZip } from './blender-addon';
export type {
  RenderJobActionName,
  RenderJobStatusName,
  RenderJobView,
  RenderNodeView,
  RenderQuote,
  RenderTaskStaffView,
  RenderTaskStatusName,
  RenderTaskView,
  SceneFindings,
} from './contracts';
export { RenderError } from './errors';
export { JOB_UPDATED, type JobProgress, TASK_UPDATED } from './events';
export { MAX_FRAMES, parseFrames } from './frames';
export type { NodeTask, RenderManager } from './manager';
export { type NodeChanges, removeBlock, updateNode } from './node-admin';
export { ESTIMATE_HIGH, ESTIMATE_LOW, estimateCost, taskCost } from './pricing';
export {
  type RenderActor,
  type RenderService,
  type RenderSettingsInput,
  validateSettings,
} from './service';
export { allowedJobActions, checkJobAction, JOB_ACTIONS, type JobAction } from './state-machine';
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
export {
  findJob,
  type JobFilter,
  jobView,
  listJobs,
  listNodes,
  nodeStatus,
  openJobCount,
  staffTaskViews,
  tasksOf,
  taskView,
} from './views';
