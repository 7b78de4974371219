/** Public entry of `@renderfarm/realtime/client`: an Echo-style browser client, no run-time dependency. */
export {
  ACTIVITY_TIMEOUT_SECONDS,
  DEFAULT_PORT,
  PONG_TIMEOUT_SECONDS,
  PROTOCOL_VERSION,
  UNAVAILABLE_TIMEOUT_SECONDS,
} from '../shared/constants.js';
export { backoffDelay, type CloseAction, closeAction } from './backoff.js';
export { type Callback, Channel, NOTIFICATION_EVENT, PresenceChannel, PrivateChannel } from './channel.js';
export {
  Connection,
  type ConnectionState,
  type Message,
  type WebSocketConstructor,
  type WebSocketLike,
} from './connection.js';
export { createRealtimeClient, RealtimeClient, type RealtimeClientOptions } from './echo.js';
export { AuthorizationError, NoWebSocketError, RealtimeClientError, ServerError } from './errors.js';
export { formatEventName } from './event-formatter.js';
