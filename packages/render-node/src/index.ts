export type { BlenderEvent } from './blender-output';
export { BlenderOutput } from './blender-output';
export { type RenderNode, startRenderNode } from './node';
export { consoleLogger, type NodeLogger, type RenderNodeOptions } from './options';
export type { Task } from './protocol';
export { NodeSettingsError, nodeOptionsFromEnvironment } from './settings';
