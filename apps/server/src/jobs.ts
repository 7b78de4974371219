import type { Database } from './db/client';
import { modules as appModules } from './modules';
import type { AppModule, ModuleContext } from './modules/app-module';
import { JobRegistry } from './platform/jobs';

/**
 * Every job handler of the app, from every module (modules/index.ts), built once per process:
 * the app registers them for its in-process worker, and `pnpm worker` (src/worker.ts) for a worker
 * of its own.
 */
export function createJobHandlers(
  context: ModuleContext,
  modules: readonly AppModule[] = appModules,
): JobRegistry {
  const registry = new JobRegistry();
  for (const module of modules) {
    for (const [name, handler] of Object.entries(module.jobs?.(context) ?? {}))
      registry.register(name, handler);
  }
  return registry;
}

/** What each module does when a worker starts (its recurring jobs queued once). */
export async function startModuleJobs(
  db: Database,
  modules: readonly AppModule[] = appModules,
): Promise<void> {
  for (const module of modules) await module.onWorkerStart?.(db);
}
