/**
 * The outbox to the realtime server's public face (platform: infrastructure every module uses,
 * knowing no business): what the modules, the app and the worker may use of it. Everything else
 * in this folder is its own (module-boundaries.test.ts).
 */
export {
  type BroadcastEvent,
  type Broadcaster,
  createBroadcaster,
  toOthers,
  transactionWithBroadcasts,
} from './broadcaster';
export { defineChannels } from './channels';
export { realtimeConfig } from './realtime-config';
