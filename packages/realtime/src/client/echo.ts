/**
 * The Echo-style entry point: `channel()`, `private()`, `join()`, `leave()`, `socketId()` on one
 * shared connection, authorising through /broadcasting/auth and /broadcasting/user-auth.
 */
import { DEFAULT_PORT } from '../shared/constants.js';
import { csrfFromMeta, postAuth } from './authorizer.js';
import { Channel, type ChannelAuthorizer, PresenceChannel, PrivateChannel } from './channel.js';
import { Connection, type ConnectionState, type WebSocketConstructor } from './connection.js';
import { type AuthorizationError, RealtimeClientError } from './errors.js';

export interface RealtimeClientOptions {
  /** The app key (REVERB_APP_KEY). */
  key: string;
  wsHost?: string;
  /** Port for ws:// (default 3000). */
  wsPort?: number;
  /** Port for wss:// (default 3000). */
  wssPort?: number;
  /** Use wss:// (default false, as the seed's client). */
  forceTLS?: boolean;
  authEndpoint?: string;
  userAuthEndpoint?: string;
  /** Extra headers for both auth requests. */
  headers?: Record<string, string>;
  /** CSRF token; default: the `content` of `<meta name={csrfMetaName}>`. */
  csrfToken?: string | null;
  csrfMetaName?: string;
  /** Event namespace (default `App.Events`, false to disable). */
  namespace?: string | false;
  /** Seconds; defaults 120 / 30 / 10 (docs/protocol.md constants). */
  activityTimeout?: number;
  pongTimeout?: number;
  unavailableTimeout?: number;
  WebSocket?: WebSocketConstructor;
  fetch?: typeof fetch;
  /** Connect at construction (default true). */
  autoConnect?: boolean;
}

export class RealtimeClient {
  readonly connection: Connection;
  private readonly channels = new Map<string, Channel>();
  private readonly options: RealtimeClientOptions;
  private signinRequested = false;

  constructor(options: RealtimeClientOptions) {
    this.options = options;
    const tls = options.forceTLS === true;
    const host = options.wsHost ?? (typeof location !== 'undefined' ? location.hostname : '127.0.0.1');
    const port = tls ? (options.wssPort ?? DEFAULT_PORT) : (options.wsPort ?? DEFAULT_PORT);
    this.connection = new Connection({
      url: `${tls ? 'wss' : 'ws'}://${host}:${port}/app/${encodeURIComponent(options.key)}`,
      WebSocket: options.WebSocket,
      activityTimeout: options.activityTimeout,
      pongTimeout: options.pongTimeout,
      unavailableTimeout: options.unavailableTimeout,
    });
    this.connection.onState((state) => {
      if (state === 'connected' && this.signinRequested) void this.sendSignin();
    });
    if (options.autoConnect !== false) this.connection.connect();
  }

  private authOptions(endpoint: string) {
    const fetchImpl = this.options.fetch ?? globalThis.fetch;
    if (!fetchImpl)
      throw new RealtimeClientError('no_fetch', 'No fetch implementation available; pass options.fetch.');
    const csrfToken =
      this.options.csrfToken !== undefined
        ? this.options.csrfToken
        : csrfFromMeta(this.options.csrfMetaName ?? 'csrf-token');
    return { endpoint, headers: this.options.headers ?? {}, csrfToken, fetch: fetchImpl.bind(globalThis) };
  }

  private readonly authorizer: ChannelAuthorizer = (socketId, channel) =>
    postAuth(this.authOptions(this.options.authEndpoint ?? '/broadcasting/auth'), {
      socket_id: socketId,
      channel_name: channel,
    });

  private get namespace(): string | false {
    return this.options.namespace === undefined ? 'App.Events' : this.options.namespace;
  }

  private get<T extends Channel>(name: string, make: () => T): T {
    const existing = this.channels.get(name);
    if (existing) return existing as T;
    const channel = make();
    this.channels.set(name, channel);
    return channel;
  }

  /** A public channel. */
  channel(name: string): Channel {
    return this.get(name, () => new Channel(name, this.connection, this.namespace));
  }

  /** `private-<name>`, authorised through the auth endpoint. */
  private(name: string): PrivateChannel {
    const full = `private-${name}`;
    return this.get(full, () => new PrivateChannel(full, this.connection, this.namespace, this.authorizer));
  }

  /** `presence-<name>` with here/joining/leaving. */
  join(name: string): PresenceChannel {
    const full = `presence-${name}`;
    return this.get(full, () => new PresenceChannel(full, this.connection, this.namespace, this.authorizer));
  }

  /** Leaves `name` and its private-/presence-/private-encrypted- variants (as Echo's leave). */
  leave(name: string): void {
    for (const full of [name, `private-${name}`, `private-encrypted-${name}`, `presence-${name}`])
      this.leaveChannel(full);
  }

  leaveChannel(fullName: string): void {
    const channel = this.channels.get(fullName);
    if (!channel) return;
    channel.unsubscribe();
    this.channels.delete(fullName);
  }

  leaveAllChannels(): void {
    for (const name of [...this.channels.keys()]) this.leaveChannel(name);
  }

  /** The current socket id, for the `X-Socket-ID` header (Laravel `toOthers()`). */
  socketId(): string | undefined {
    return this.connection.socketId ?? undefined;
  }

  /** Signs the user in (pusher:signin) now and after every reconnect. */
  signin(): void {
    this.signinRequested = true;
    if (this.connection.state === 'connected') void this.sendSignin();
  }

  /** Resolves once a signin succeeded, rejects with the AuthorizationError otherwise. */
  private async sendSignin(): Promise<void> {
    const socketId = this.connection.socketId;
    if (!socketId) return;
    try {
      const body = await postAuth<{ auth: string; user_data: string }>(
        this.authOptions(this.options.userAuthEndpoint ?? '/broadcasting/user-auth'),
        {
          socket_id: socketId,
        },
      );
      this.connection.send({ event: 'pusher:signin', data: { auth: body.auth, user_data: body.user_data } });
    } catch (error) {
      this.signinError?.(error as AuthorizationError);
    }
  }

  /** Optional listener for sign-in failures. */
  signinError: ((error: AuthorizationError) => void) | undefined;

  get state(): ConnectionState {
    return this.connection.state;
  }

  connect(): void {
    this.connection.connect();
  }

  disconnect(): void {
    this.connection.disconnect();
  }
}

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  return new RealtimeClient(options);
}
