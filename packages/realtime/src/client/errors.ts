/** Client-side errors with stable codes, passed to `.error()` callbacks and connection listeners. */
export class RealtimeClientError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/** /broadcasting/auth or /broadcasting/user-auth refused or answered garbage. */
export class AuthorizationError extends RealtimeClientError {
  readonly status: number;
  constructor(status: number, message: string) {
    super('auth_failed', message);
    this.status = status;
  }
}

/** The server sent `pusher:error` (`pusherCode` is the protocol code, e.g. 4009). */
export class ServerError extends RealtimeClientError {
  readonly pusherCode: number | null;
  constructor(pusherCode: number | null, message: string) {
    super('server_error', message);
    this.pusherCode = pusherCode;
  }
}

/** No WebSocket implementation was found (pass `WebSocket` in the options outside a browser). */
export class NoWebSocketError extends RealtimeClientError {
  constructor() {
    super('no_websocket', 'No WebSocket implementation available; pass options.WebSocket.');
  }
}
