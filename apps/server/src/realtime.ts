import { startRealtimeServer } from '@renderfarm/realtime/server';
import pino from 'pino';
import { loadEnvironment } from './boot';
import { assertRedisAnswers, isRedisConnectionError, watchRedisLink } from './lib/redis-ping';
import { loggerOptions } from './logger';
import { realtimeConfig } from './platform/broadcasting';

// `pnpm realtime`: the websocket server in its own process (set REVERB_IN_PROCESS=false for the app).
const config = loadEnvironment();
if (config.REDIS_URL) {
  await assertRedisAnswers(config.REDIS_URL).catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
const log = pino(loggerOptions(config) as pino.LoggerOptions).child({ area: 'realtime' });
// As the app's and the worker's: the link's loss and return said once each, not by every event
// that could not reach the other servers in between.
const redisLink = config.REDIS_URL
  ? watchRedisLink(config.REDIS_URL, log, {
      lost: 'Redis lost: this server keeps its own connections; events and presence across servers pause until it returns',
      back: 'Redis is back: events and presence across servers resume',
    })
  : null;
const server = await startRealtimeServer(
  realtimeConfig(config, (error) => {
    if (!isRedisConnectionError(error)) log.error({ err: error }, 'realtime');
  }),
);
console.log(
  `Realtime server (Pusher protocol 7) on ws://${server.host}:${server.port}/app/${config.REVERB_APP_KEY}`,
);
const stop = () => {
  Promise.all([server.close(), redisLink?.close()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
