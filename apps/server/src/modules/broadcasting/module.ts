import type { AppModule } from '../app-module';
import { BROADCAST_JOB, createBroadcastJobHandler } from './broadcaster';
import { broadcastingRoutes } from './routes';

/** Realtime events to browsers: channel authorisation and the outbox's publish job. */
export const broadcastingModule: AppModule = {
  name: 'broadcasting',
  routes: [broadcastingRoutes],
  jobs: ({ broadcaster }) => ({ [BROADCAST_JOB]: createBroadcastJobHandler(broadcaster) }),
};
