import { startRealtimeServer } from '@renderfarm/realtime/server';
import { loadEnvironment } from './boot';
import { assertRedisAnswers } from './lib/redis-ping';
import { realtimeConfig } from './modules/broadcasting/realtime-config';

// `pnpm realtime`: the websocket server in its own process (set REVERB_IN_PROCESS=false for the app).
const config = loadEnvironment();
if (config.REDIS_URL) {
  await assertRedisAnswers(config.REDIS_URL).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
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
