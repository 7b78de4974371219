/**
 * Standalone realtime process (`pnpm realtime`, or `tsx src/server/cli.ts`): configured from the
 * environment, prints `realtime listening on host:port` once ready, closes cleanly on SIGTERM/SIGINT
 * so its presence members leave at once instead of waiting for the heartbeat to expire.
 */
import { configFromEnv } from './config.js';
import { startRealtimeServer } from './server.js';

const server = await startRealtimeServer(configFromEnv());
process.stdout.write(`realtime listening on ${server.host}:${server.port}\n`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
