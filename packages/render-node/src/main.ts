/**
 * `pnpm render-node`: one render node on this machine, set by the environment
 * (docs/render-jobs.md). SIGTERM or Ctrl+C kills Blender, hands the task back and exits.
 */
import { startRenderNode } from './node';
import { consoleLogger } from './options';
import { nodeOptionsFromEnvironment } from './settings';

try {
  const node = await startRenderNode(nodeOptionsFromEnvironment());
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info('stopping: handing the task back', { signal });
    void node.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  node.finished.catch(() => process.exit(1));
} catch (error) {
  const code = (error as { code?: unknown }).code;
  // Our own refusals are sentences, not stacks.
  console.error(typeof code === 'string' && code.startsWith('RF_') ? (error as Error).message : error);
  process.exit(1);
}
