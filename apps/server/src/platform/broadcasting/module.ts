import type { AppModule } from '../../modules/app-module';
import { BROADCAST_JOB, createBroadcastJobHandler } from './broadcaster';
import { broadcastingRoutes } from './routes';

/**
 * Realtime events to browsers: channel authorisation and the outbox's publish job, contributed
 * through the module shape like a domain module's routes and jobs (platform/modules.ts).
 */
export const broadcastingModule: AppModule = {
  name: 'broadcasting',
  routes: [broadcastingRoutes],
  jobs: ({ broadcaster }) => ({ [BROADCAST_JOB]: createBroadcastJobHandler(broadcaster) }),
};
