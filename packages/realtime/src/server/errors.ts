/**
 * Protocol errors. Each class carries the stable Pusher error code the client sees in a
 * `pusher:error` frame (or as a websocket close code) so callers can match on `code`, not on
 * message text. Codes and messages follow the Pusher protocol and Reverb
 * (the Pusher Channels protocol reference, "Error codes").
 */
export class RealtimeError extends Error {
  /** Pusher error code sent to the client; also used as the close code when `close` is set. */
  readonly code: number;
  /** Whether the server closes the socket after reporting this error. */
  readonly close: boolean;

  constructor(code: number, message: string, close = false) {
    super(message);
    this.name = new.target.name;
    this.code = code;
    this.close = close;
  }
}

/** 4001: the `/app/{key}` key names no configured application. */
export class ApplicationNotFoundError extends RealtimeError {
  constructor() {
    super(4001, 'Application does not exist', true);
  }
}

/** 4004: the application already holds `maxConnections` sockets. */
export class ConnectionQuotaError extends RealtimeError {
  constructor() {
    super(4004, 'Application is over connection quota', true);
  }
}

/** 4009: the Origin header is not in the application's allowed origins. */
export class OriginNotAllowedError extends RealtimeError {
  constructor() {
    super(4009, 'Origin not allowed', true);
  }
}

/** 4009: a subscription or sign-in signature did not verify. */
export class UnauthorizedError extends RealtimeError {
  constructor(message = 'Connection is unauthorized') {
    super(4009, message);
  }
}

/** 4009: a client event was sent to a channel the sender has not joined. */
export class NotAMemberError extends RealtimeError {
  constructor() {
    super(4009, 'The client is not a member of the specified channel.');
  }
}

/** 4200: the frame is not a Pusher message (not JSON, binary, unknown event, bad fields). */
export class InvalidMessageError extends RealtimeError {
  constructor(message = 'Invalid message format') {
    super(4200, message);
  }
}

/** 4200: the channel name breaks the Pusher naming rules. */
export class InvalidChannelNameError extends RealtimeError {
  constructor(channel: string) {
    super(4200, `Invalid channel name: ${channel.slice(0, 200)}`);
  }
}

/** 4201: the client did not answer a ping within the pong timeout. */
export class PongTimeoutError extends RealtimeError {
  constructor() {
    super(4201, 'Pong reply not received in time', true);
  }
}

/** 4301: the connection sent more messages or client events than its rate allows. */
export class RateLimitError extends RealtimeError {
  constructor() {
    super(4301, 'Rate limit exceeded');
  }
}

/** 4301: a client event on a channel type that does not accept client events. */
export class ClientEventRejectedError extends RealtimeError {
  constructor(message: string) {
    super(4301, message);
  }
}

/** 4301: the frame is larger than the application's `maxMessageSize` (soketi uses 4301 too). */
export class MessageTooLargeError extends RealtimeError {
  constructor(limit: number) {
    super(4301, `Maximum message size exceeded (${limit} bytes)`);
  }
}

/** 4100: over a capacity: a presence channel full, or the server's connection caps reached. */
export class OverCapacityError extends RealtimeError {
  constructor(message = 'Over capacity', close = false) {
    super(4100, message, close);
  }
}

/**
 * Errors of the HTTP API and of the app-side helpers. `status` is the HTTP status the error maps
 * to; `code` is a stable string for programs.
 */
export class HttpApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.code = code;
  }
}

/** 401: the request signature, key, timestamp or body hash did not verify. */
export class SignatureError extends HttpApiError {
  constructor(message = 'Authentication signature invalid.') {
    super(401, 'invalid_signature', message);
  }
}

/** 404: the app id or route is unknown. */
export class NotFoundError extends HttpApiError {
  constructor(message: string) {
    super(404, 'not_found', message);
  }
}

/** 422/400: the body or query failed validation. */
export class ValidationError extends HttpApiError {
  constructor(message: string, status = 422) {
    super(status, 'invalid_request', message);
  }
}

/** 413: the request or event payload is larger than allowed. */
export class PayloadTooLargeError extends HttpApiError {
  constructor(message = 'Payload too large.') {
    super(413, 'payload_too_large', message);
  }
}

/** 403: the channel registry refused the user (used by /broadcasting/auth helpers). */
export class ChannelForbiddenError extends HttpApiError {
  constructor(channel: string) {
    super(403, 'channel_forbidden', `Not allowed to join channel ${channel}.`);
  }
}

/**
 * 503: Redis, which joins the realtime servers of a cluster, did not take the event. This server's
 * own sockets have it; the other servers' have not, so the publisher should try again later.
 */
export class ClusterUnavailableError extends HttpApiError {
  constructor(cause: unknown) {
    super(
      503,
      'cluster_unavailable',
      'The event reached this server only: its link to the other servers (Redis) is down.',
    );
    this.cause = cause;
  }
}

/** The HTTP publish client got a non-2xx answer from the server. */
export class PublishError extends HttpApiError {
  /** The server's own `code` for the refusal (as `cluster_unavailable`), when it gave one. */
  readonly reason: string | undefined;

  constructor(status: number, body: string) {
    super(status, 'publish_failed', `Publish failed with HTTP ${status}: ${body.slice(0, 200)}`);
    this.reason = codeOf(body);
  }
}

function codeOf(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}
