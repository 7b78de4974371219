import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { ROOT, type ServerProcess, startServerProcess } from '../support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's STORAGE_DIR: captured mail (mail/*.json) and the SMS log (sms.log). */
    storageDir: string;
  }
}

let server: ServerProcess | undefined;

/** Builds the web app, then starts one real server for every browser test. */
export async function setup(project: TestProject): Promise<void> {
  if (!process.env.E2E_SKIP_BUILD) {
    execFileSync('npx', ['--yes', 'pnpm@10', '--filter', '@renderfarm/web', 'build'], {
      cwd: ROOT,
      stdio: 'pipe',
      // As deployed: vitest sets NODE_ENV=test, which would make Vite bundle React's development
      // build (2.5× the bytes, slower) and every browser test measure something never shipped.
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  server = await startServerProcess();
  project.provide('baseUrl', server.url);
  project.provide('storageDir', server.storageDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
