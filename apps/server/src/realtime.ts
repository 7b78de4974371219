import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startRealtimeServer } from '@renderfarm/realtime/server';
import { ConfigError, loadConfig } from './config';
import { realtimeConfig } from './modules/broadcasting/realtime-config';
import { ROOT_DIR } from './paths';

// `pnpm realtime`: the websocket server in its own process (set REVERB_IN_PROCESS=false for the app).
const envFile = join(ROOT_DIR, '.env');
if (existsSync(envFile)) process.loadEnvFile(envFile);
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const server = await startRealtimeServer(realtimeConfig(config, (error) => console.error(error)));
console.log(
  `Realtime server (Pusher protocol 7) on ws://${server.host}:${server.port}/app/${config.REVERB_APP_KEY}`,
);
const stop = () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
