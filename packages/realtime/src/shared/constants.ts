/**
 * Protocol constants shared by the server and the client. Each value is a requirement of
 * docs/protocol.md ("Constants") or of the Pusher protocol 7 reference, and each has a test.
 */

/** Pusher protocol version spoken by both halves (pusher-js Defaults.PROTOCOL). */
export const PROTOCOL_VERSION = 7;

/** Seconds without inbound traffic before a ping is sent (docs/protocol.md: 120 s). */
export const ACTIVITY_TIMEOUT_SECONDS = 120;

/** Seconds to wait for any reply after a ping before the connection is dropped (30 s). */
export const PONG_TIMEOUT_SECONDS = 30;

/** Seconds the client waits for a connection before reporting `unavailable` (10 s). */
export const UNAVAILABLE_TIMEOUT_SECONDS = 10;

/** Default realtime port (docs/protocol.md, REVERB_PORT default). */
export const DEFAULT_PORT = 3000;

/** Largest websocket message and event payload accepted, in bytes (Reverb max_message_size). */
export const MAX_MESSAGE_SIZE_BYTES = 10_000;

/** Accepted clock skew for signed HTTP API requests (Pusher HTTP API: ±600 s). */
export const AUTH_TIMESTAMP_WINDOW_SECONDS = 600;

/** Client events a single connection may send per second (Pusher: 10 msg/s). */
export const CLIENT_EVENTS_PER_SECOND = 10;

/** Longest channel name, prefix included (Pusher support docs: 164 chars). */
export const MAX_CHANNEL_NAME_LENGTH = 164;

/** Longest event name (pusher-http-node `trigger`). */
export const MAX_EVENT_NAME_LENGTH = 200;

/** Channels a single HTTP publish may target (Pusher HTTP API: 1–100). */
export const MAX_CHANNELS_PER_PUBLISH = 100;

/** Events in one batch_events request (soketi eventLimits.maxBatchSize). */
export const MAX_BATCH_SIZE = 10;

/** Members per presence channel (Pusher and soketi default). */
export const MAX_PRESENCE_MEMBERS = 100;

/** User ids in a pusher:signin watchlist (Pusher AsyncAPI description). */
export const MAX_WATCHLIST_SIZE = 100;
