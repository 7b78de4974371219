/**
 * The broadcasting module's public face: what other modules, the app and the worker may use of it.
 * Everything else in this folder is the module's own (module-boundaries.test.ts).
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
