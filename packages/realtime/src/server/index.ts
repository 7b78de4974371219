/** Public entry of `@renderfarm/realtime/server`. */

export * from '../shared/constants.js';
export {
  type BroadcastAuth,
  type BroadcastAuthOptions,
  type ChannelAuthResponse,
  type Credentials,
  createBroadcastAuth,
  encryptedSharedSecret,
  signChannelAuth,
  signUserAuth,
  type UserAuthResponse,
} from './broadcast-auth.js';
export { type ChannelInfo, type ChannelKind, channelInfo, isValidChannelName } from './channel-name.js';
export {
  type ChannelCallback,
  type ChannelDecision,
  type ChannelMatch,
  ChannelRegistry,
  createChannelRegistry,
  stripChannelPrefix,
} from './channel-registry.js';
export type { PresenceMember } from './cluster-state.js';
export { type AppConfig, ConfigError, configFromEnv, type RealtimeServerConfig } from './config.js';
export * from './errors.js';
export {
  type BatchEvent,
  createPublisher,
  type Publisher,
  type PublisherOptions,
  type TriggerOptions,
} from './publisher.js';
export { type RealtimeServer, startRealtimeServer } from './server.js';
export { signedQuery, signRequest } from './signing.js';
export { SOCKET_ID_RE } from './socket-id.js';
