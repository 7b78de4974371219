/**
 * Echo-style channels. A channel (re)subscribes whenever the connection becomes `connected`, so a
 * reconnect after a server restart restores every subscription with a fresh authorisation (the
 * socket id, and so the signature, changes on every connection).
 */
import type { Connection, Message } from './connection.js';
import { AuthorizationError, type RealtimeClientError, ServerError } from './errors.js';
import { formatEventName } from './event-formatter.js';

// biome-ignore lint/suspicious/noExplicitAny: event payloads are app-defined JSON, typed by the caller as in Echo.
export type Callback = (data: any, meta?: { user_id?: string }) => void;

/** Signs a subscription for the current socket id (calls /broadcasting/auth). */
export type ChannelAuthorizer = (
  socketId: string,
  channel: string,
) => Promise<{ auth: string; channel_data?: string }>;

export const NOTIFICATION_EVENT = 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated';

export class Channel {
  protected readonly callbacks = new Map<string, Set<Callback>>();
  private readonly subscribedCallbacks = new Set<() => void>();
  private readonly errorCallbacks = new Set<(error: RealtimeClientError | unknown) => void>();
  isSubscribed = false;
  private unsubscribeMessage: (() => void) | undefined;
  private unsubscribeState: (() => void) | undefined;
  /** Bumped on every subscribe attempt so a stale authorisation answer is ignored. */
  private generation = 0;

  constructor(
    readonly name: string,
    protected readonly connection: Connection,
    private readonly namespace: string | false,
    private readonly authorizer?: ChannelAuthorizer,
  ) {
    this.unsubscribeMessage = connection.onMessage((m) => {
      if (m.channel === this.name) this.handle(m);
    });
    this.unsubscribeState = connection.onState((state) => {
      if (state === 'connected') void this.subscribe();
      else this.isSubscribed = false;
    });
    if (connection.state === 'connected') void this.subscribe();
  }

  protected async subscribe(): Promise<void> {
    const socketId = this.connection.socketId;
    if (!socketId) return;
    const generation = ++this.generation;
    let auth: { auth: string; channel_data?: string } = { auth: '' };
    if (this.authorizer) {
      try {
        auth = await this.authorizer(socketId, this.name);
      } catch (error) {
        if (generation === this.generation) this.emitError(error);
        return;
      }
      if (generation !== this.generation || this.connection.socketId !== socketId) return;
    }
    const data: Record<string, string> = { channel: this.name, auth: auth.auth };
    if (auth.channel_data !== undefined) data.channel_data = auth.channel_data;
    this.connection.send({ event: 'pusher:subscribe', data });
  }

  private emitError(error: unknown): void {
    for (const cb of this.errorCallbacks) cb(error);
  }

  protected handle(message: Message): void {
    if (message.event === 'pusher_internal:subscription_succeeded') {
      this.isSubscribed = true;
      this.onSubscribed(message.data);
      for (const cb of this.subscribedCallbacks) cb();
      return;
    }
    if (message.event === 'pusher:subscription_error') {
      const data = (message.data ?? {}) as { status?: number; error?: string };
      this.emitError(new AuthorizationError(data.status ?? 0, data.error ?? 'Subscription refused'));
      return;
    }
    if (message.event === 'pusher:error') {
      const data = (message.data ?? {}) as { code?: number; message?: string };
      this.emitError(new ServerError(data.code ?? null, data.message ?? 'Error'));
      return;
    }
    if (message.event.startsWith('pusher_internal:')) {
      this.onInternal(message);
      return;
    }
    const meta = message.user_id !== undefined ? { user_id: message.user_id } : undefined;
    for (const cb of this.callbacks.get(message.event) ?? []) cb(message.data, meta);
  }

  protected onSubscribed(_data: unknown): void {}
  protected onInternal(_message: Message): void {}

  /** Listens for an event; names are namespaced like Echo (`.Name` skips the namespace). */
  listen(event: string, callback: Callback): this {
    return this.on(formatEventName(event, this.namespace), callback);
  }

  /** Binds a raw event name (no namespacing). */
  on(event: string, callback: Callback): this {
    let set = this.callbacks.get(event);
    if (!set) {
      set = new Set();
      this.callbacks.set(event, set);
    }
    set.add(callback);
    return this;
  }

  stopListening(event: string, callback?: Callback): this {
    const name = formatEventName(event, this.namespace);
    if (callback) this.callbacks.get(name)?.delete(callback);
    else this.callbacks.delete(name);
    return this;
  }

  /** Called every time the subscription succeeds (again after each reconnect). */
  subscribed(callback: () => void): this {
    this.subscribedCallbacks.add(callback);
    if (this.isSubscribed) callback();
    return this;
  }

  /** Called with an AuthorizationError or ServerError when subscribing fails. */
  error(callback: (error: RealtimeClientError | unknown) => void): this {
    this.errorCallbacks.add(callback);
    return this;
  }

  /** Laravel notifications broadcast on the user's private channel. */
  notification(callback: Callback): this {
    return this.on(NOTIFICATION_EVENT, callback);
  }

  unsubscribe(): void {
    this.generation++;
    this.unsubscribeMessage?.();
    this.unsubscribeState?.();
    this.unsubscribeMessage = this.unsubscribeState = undefined;
    if (this.connection.state === 'connected')
      this.connection.send({ event: 'pusher:unsubscribe', data: { channel: this.name } });
    this.isSubscribed = false;
    this.callbacks.clear();
  }
}

export class PrivateChannel extends Channel {
  /** Sends a client event (`client-<event>`) to the channel's other members. */
  whisper(event: string, data: unknown): this {
    this.connection.send({ event: `client-${event}`, channel: this.name, data });
    return this;
  }

  listenForWhisper(event: string, callback: Callback): this {
    return this.on(`client-${event}`, callback);
  }

  stopListeningForWhisper(event: string, callback?: Callback): this {
    return this.stopListening(`.client-${event}`, callback);
  }
}

export class PresenceChannel extends PrivateChannel {
  /** user id → user_info of the channel's members. */
  readonly members = new Map<string, unknown>();
  myId: string | undefined;
  private readonly hereCallbacks = new Set<(members: unknown[]) => void>();
  private readonly joiningCallbacks = new Set<(member: unknown) => void>();
  private readonly leavingCallbacks = new Set<(member: unknown) => void>();

  protected override onSubscribed(data: unknown): void {
    const presence = (data as { presence?: { hash?: Record<string, unknown> } } | null)?.presence;
    this.members.clear();
    for (const [id, info] of Object.entries(presence?.hash ?? {})) this.members.set(id, info);
    const list = [...this.members.values()];
    for (const cb of this.hereCallbacks) cb(list);
  }

  protected override onInternal(message: Message): void {
    const data = (message.data ?? {}) as { user_id?: string | number; user_info?: unknown };
    if (data.user_id === undefined) return;
    const id = String(data.user_id);
    if (message.event === 'pusher_internal:member_added') {
      this.members.set(id, data.user_info ?? {});
      for (const cb of this.joiningCallbacks) cb(data.user_info ?? {});
    } else if (message.event === 'pusher_internal:member_removed') {
      const info = this.members.get(id);
      if (!this.members.delete(id)) return;
      for (const cb of this.leavingCallbacks) cb(info);
    }
  }

  /** Called with every member's info once subscribed (and again after a reconnect). */
  here(callback: (members: unknown[]) => void): this {
    this.hereCallbacks.add(callback);
    if (this.isSubscribed) callback([...this.members.values()]);
    return this;
  }

  joining(callback: (member: unknown) => void): this {
    this.joiningCallbacks.add(callback);
    return this;
  }

  leaving(callback: (member: unknown) => void): this {
    this.leavingCallbacks.add(callback);
    return this;
  }
}
