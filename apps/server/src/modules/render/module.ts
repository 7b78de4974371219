import type { AppModule } from '../app-module';

/** Render jobs: a customer's Blender scene rendered on the farm's render nodes (docs/render-jobs.md). */
export const renderModule: AppModule = {
  name: 'render',
};
