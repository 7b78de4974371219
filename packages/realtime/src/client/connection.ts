/**
 * One Pusher-protocol websocket with handshake, activity check and reconnects. Keeps the pusher-js
 * timing rules: after `activityTimeout` (the smaller of ours and the server's) without any inbound
 * frame it sends `pusher:ping`, and if nothing arrives within `pongTimeout` it drops the socket and
 * reconnects; while connecting for longer than `unavailableTimeout` the state is `unavailable`.
 */
import {
  ACTIVITY_TIMEOUT_SECONDS,
  PONG_TIMEOUT_SECONDS,
  PROTOCOL_VERSION,
  UNAVAILABLE_TIMEOUT_SECONDS,
} from '../shared/constants.js';
import { backoffDelay, closeAction } from './backoff.js';
import { NoWebSocketError, ServerError } from './errors.js';

export type ConnectionState =
  | 'initialized'
  | 'connecting'
  | 'connected'
  | 'unavailable'
  | 'disconnected'
  | 'failed';

export interface Message {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** The subset of the WebSocket API used here, satisfied by browsers and the `ws` package. */
export interface WebSocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface ConnectionOptions {
  url: string;
  WebSocket?: WebSocketConstructor | undefined;
  activityTimeout?: number | undefined;
  pongTimeout?: number | undefined;
  unavailableTimeout?: number | undefined;
}

type Listener = (message: Message) => void;

export class Connection {
  state: ConnectionState = 'initialized';
  socketId: string | null = null;
  private ws: WebSocketLike | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly stateListeners = new Set<(state: ConnectionState, previous: ConnectionState) => void>();
  private readonly errorListeners = new Set<(error: ServerError) => void>();
  private activityTimer: ReturnType<typeof setTimeout> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private unavailableTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;
  private manualClose = false;
  private activityMs: number;
  private readonly Impl: WebSocketConstructor;

  constructor(private readonly options: ConnectionOptions) {
    const Impl = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!Impl) throw new NoWebSocketError();
    this.Impl = Impl;
    this.activityMs = (options.activityTimeout ?? ACTIVITY_TIMEOUT_SECONDS) * 1000;
  }

  onMessage(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onState(listener: (state: ConnectionState, previous: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onError(listener: (error: ServerError) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  private setState(next: ConnectionState): void {
    if (next === this.state) return;
    const previous = this.state;
    this.state = next;
    for (const l of this.stateListeners) l(next, previous);
  }

  connect(): void {
    if (this.ws) return;
    this.manualClose = false;
    clearTimeout(this.retryTimer);
    this.setState('connecting');
    clearTimeout(this.unavailableTimer);
    this.unavailableTimer = setTimeout(
      () => {
        if (this.state === 'connecting') this.setState('unavailable');
      },
      (this.options.unavailableTimeout ?? UNAVAILABLE_TIMEOUT_SECONDS) * 1000,
    );
    const separator = this.options.url.includes('?') ? '&' : '?';
    const ws = new this.Impl(
      `${this.options.url}${separator}protocol=${PROTOCOL_VERSION}&client=renderfarm&version=0.1.0&flash=false`,
    );
    this.ws = ws;
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onclose = (ev) => this.closed(ws, ev.code);
    ws.onerror = () => {
      // The close event follows and decides about reconnecting.
    };
  }

  private receive(raw: unknown): void {
    let message: Message;
    try {
      message = JSON.parse(String(raw)) as Message;
    } catch {
      return;
    }
    if (typeof message.data === 'string') {
      try {
        message.data = JSON.parse(message.data);
      } catch {
        // Non-JSON string payloads are delivered as they are.
      }
    }
    this.resetActivity();
    if (message.event === 'pusher:connection_established') {
      const data = message.data as { socket_id: string; activity_timeout?: number };
      this.socketId = data.socket_id;
      const ours = (this.options.activityTimeout ?? ACTIVITY_TIMEOUT_SECONDS) * 1000;
      this.activityMs = data.activity_timeout ? Math.min(ours, data.activity_timeout * 1000) : ours;
      this.attempt = 0;
      clearTimeout(this.unavailableTimer);
      this.resetActivity();
      this.setState('connected');
    } else if (message.event === 'pusher:ping') {
      this.send({ event: 'pusher:pong', data: {} });
    } else if (message.event === 'pusher:error') {
      const data = (message.data ?? {}) as { code?: number | null; message?: string };
      const error = new ServerError(data.code ?? null, data.message ?? 'Unknown error');
      for (const l of this.errorListeners) l(error);
    }
    for (const l of this.listeners) l(message);
  }

  private resetActivity(): void {
    clearTimeout(this.activityTimer);
    clearTimeout(this.pongTimer);
    if (!this.ws) return;
    this.activityTimer = setTimeout(() => {
      this.send({ event: 'pusher:ping', data: {} });
      this.pongTimer = setTimeout(
        () => {
          // No answer: treat the socket as dead and reconnect at once, as pusher-js does.
          const ws = this.ws;
          if (ws) {
            ws.close();
            this.closed(ws, 4201);
          }
        },
        (this.options.pongTimeout ?? PONG_TIMEOUT_SECONDS) * 1000,
      );
    }, this.activityMs);
  }

  private closed(ws: WebSocketLike, code: number): void {
    if (this.ws !== ws) return;
    ws.onclose = ws.onmessage = ws.onerror = null;
    this.ws = null;
    this.socketId = null;
    clearTimeout(this.activityTimer);
    clearTimeout(this.pongTimer);
    clearTimeout(this.unavailableTimer);
    if (this.manualClose) {
      this.setState('disconnected');
      return;
    }
    const action = closeAction(code);
    if (action === 'refused') {
      this.setState('failed');
      return;
    }
    const delay = action === 'immediate' && this.attempt === 0 ? 0 : backoffDelay(this.attempt);
    this.attempt++;
    this.setState(this.state === 'unavailable' ? 'unavailable' : 'connecting');
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  send(message: Message): boolean {
    if (this.ws?.readyState !== 1) return false;
    this.ws.send(JSON.stringify(message));
    return true;
  }

  disconnect(): void {
    this.manualClose = true;
    clearTimeout(this.retryTimer);
    const ws = this.ws;
    if (ws) {
      ws.close(1000);
      this.closed(ws, 1000);
      // Closing while still connecting makes Node's `ws` emit an error afterwards; with no listener
      // left that error would be thrown at the top level. A browser only logs it.
      ws.onerror = () => {};
    } else {
      this.setState('disconnected');
    }
  }
}
