/**
 * The Pusher protocol engine of one node: accepts sockets, handles every client frame, keeps the
 * local channel → sockets index and delivers envelopes from the ClusterState to local sockets.
 * Transport concerns (HTTP upgrade, origins, ports) live in server.ts; the HTTP API in http-api.ts.
 */
import type { WebSocket } from 'ws';
import { MAX_WATCHLIST_SIZE } from '../shared/constants.js';
import { channelInfo, isValidChannelName, SERVER_TO_USER_PREFIX } from './channel-name.js';
import type { ClusterState, Envelope, PresenceMember } from './cluster-state.js';
import type { ResolvedApp, ResolvedConfig } from './config.js';
import { Connection } from './connection.js';
import {
  ClientEventRejectedError,
  ConnectionQuotaError,
  InvalidChannelNameError,
  InvalidMessageError,
  MessageTooLargeError,
  NotAMemberError,
  OverCapacityError,
  PongTimeoutError,
  RateLimitError,
  RealtimeError,
  UnauthorizedError,
} from './errors.js';
import { channelAuthPayload, verifyAuth } from './signing.js';
import { generateSocketId } from './socket-id.js';

interface AppIndex {
  connections: Map<string, Connection>;
  channels: Map<string, Set<Connection>>;
  /** Signed-in user id → that user's sockets on this node (terminate_connections). */
  users: Map<string, Set<Connection>>;
  /** Watched user id → sockets watching it (watchlist online/offline). */
  watchers: Map<string, Set<Connection>>;
}

type Frame = { event?: unknown; channel?: unknown; data?: unknown };

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): boolean {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  const had = set.has(value);
  set.add(value);
  return !had;
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

export class Hub {
  private readonly apps = new Map<string, AppIndex>();

  constructor(
    readonly config: ResolvedConfig,
    readonly state: ClusterState,
  ) {
    for (const app of config.apps)
      this.apps.set(app.id, {
        connections: new Map(),
        channels: new Map(),
        users: new Map(),
        watchers: new Map(),
      });
    state.onEnvelope((envelope) => this.deliver(envelope));
  }

  appByKey(key: string): ResolvedApp | undefined {
    return this.config.apps.find((a) => a.key === key);
  }

  appById(id: string): ResolvedApp | undefined {
    return this.config.apps.find((a) => a.id === id);
  }

  private index(app: ResolvedApp): AppIndex {
    const index = this.apps.get(app.id);
    if (!index) throw new Error(`realtime: unknown app ${app.id}`);
    return index;
  }

  localConnectionCount(appId?: string): number {
    let n = 0;
    for (const [id, index] of this.apps) if (!appId || id === appId) n += index.connections.size;
    return n;
  }

  /** Sends a protocol error; closes the socket too when the error says so. */
  fail(ws: WebSocket, error: RealtimeError, channel?: string): void {
    if (ws.readyState !== 1) return;
    const frame: { event: string; data: string; channel?: string } = {
      event: 'pusher:error',
      data: JSON.stringify({ code: error.code, message: error.message }),
    };
    if (channel !== undefined) frame.channel = channel;
    ws.send(JSON.stringify(frame));
    if (error.close) ws.close(error.code, error.message);
  }

  /** Registers an accepted socket; quota is checked before the handshake frame is sent. */
  accept(ws: WebSocket, app: ResolvedApp): Connection {
    const conn = new Connection(generateSocketId(), app, ws);
    ws.on('message', (raw, isBinary) => this.receive(conn, raw as Buffer, isBinary));
    ws.on('ping', () => conn.touch());
    ws.on('pong', () => conn.touch());
    ws.on('close', () => {
      void this.disconnect(conn);
    });
    ws.on('error', () => {
      void this.disconnect(conn);
    });
    this.enqueue(conn, async () => {
      if (app.maxConnections !== null && (await this.state.connectionCount(app.id)) >= app.maxConnections) {
        conn.closed = true;
        this.fail(ws, new ConnectionQuotaError());
        return;
      }
      if (conn.closed) return;
      this.index(app).connections.set(conn.socketId, conn);
      await this.state.connectionAdd(app.id, 1);
      conn.ready = true;
      conn.send({
        event: 'pusher:connection_established',
        data: JSON.stringify({ socket_id: conn.socketId, activity_timeout: this.config.activityTimeout }),
      });
    });
    return conn;
  }

  private enqueue(conn: Connection, task: () => Promise<void>): void {
    conn.queue = conn.queue.then(task).catch((error: unknown) => {
      if (error instanceof RealtimeError) this.fail(conn.ws, error);
      else this.config.onError(error);
    });
  }

  /** Cheap synchronous checks first (size, rate, JSON) so floods never queue work. */
  private receive(conn: Connection, raw: Buffer, isBinary: boolean): void {
    conn.touch();
    if (conn.closed) return;
    const error = this.dispatch(conn, raw, isBinary);
    if (error) this.fail(conn.ws, error);
  }

  /** Routes one frame; returns the error to report, if any. */
  private dispatch(conn: Connection, raw: Buffer, isBinary: boolean): RealtimeError | undefined {
    if (!conn.messageLimiter.take()) return new RateLimitError();
    if (raw.length > conn.app.maxMessageSize) return new MessageTooLargeError(conn.app.maxMessageSize);
    if (isBinary) return new InvalidMessageError('Binary frames are not supported');
    let frame: Frame;
    try {
      frame = JSON.parse(raw.toString('utf8')) as Frame;
    } catch {
      return new InvalidMessageError();
    }
    if (
      frame === null ||
      typeof frame !== 'object' ||
      Array.isArray(frame) ||
      typeof frame.event !== 'string'
    ) {
      return new InvalidMessageError();
    }
    const event = frame.event;
    if (event.startsWith('client-')) {
      // Rate limit before queueing so a flood of client events costs nothing downstream.
      if (!conn.clientEventLimiter.take()) return new RateLimitError();
      this.enqueue(conn, () => this.clientEvent(conn, event, frame));
      return undefined;
    }
    const data = typeof frame.data === 'string' ? this.parseData(frame.data) : frame.data;
    switch (event) {
      case 'pusher:ping':
        conn.send({ event: 'pusher:pong', data: '{}' });
        return undefined;
      case 'pusher:pong':
        return undefined;
      case 'pusher:subscribe':
        this.enqueue(conn, () => this.subscribe(conn, data));
        return undefined;
      case 'pusher:unsubscribe':
        this.enqueue(conn, () => this.unsubscribe(conn, (data as { channel?: unknown } | null)?.channel));
        return undefined;
      case 'pusher:signin':
        this.enqueue(conn, () => this.signin(conn, data));
        return undefined;
      default:
        return new InvalidMessageError(`Unknown event: ${event.slice(0, 100)}`);
    }
  }

  private parseData(data: string): unknown {
    try {
      return JSON.parse(data);
    } catch {
      return undefined;
    }
  }

  private async subscribe(conn: Connection, data: unknown): Promise<void> {
    if (!conn.ready) return;
    const payload = (data ?? {}) as { channel?: unknown; auth?: unknown; channel_data?: unknown };
    const channel = payload.channel;
    if (typeof channel !== 'string') throw new InvalidMessageError('pusher:subscribe needs a channel');
    if (!isValidChannelName(channel)) throw new InvalidChannelNameError(channel);
    const info = channelInfo(channel);
    let member: PresenceMember | undefined;

    if (channel.startsWith(SERVER_TO_USER_PREFIX)) {
      // Only the signed-in user may listen to its own server-to-user channel.
      if (!conn.user || channel !== `${SERVER_TO_USER_PREFIX}${conn.user.id}`) {
        return this.refuse(conn, channel, new UnauthorizedError('Not signed in as this user'));
      }
    } else if (info.kind === 'presence') {
      const channelData = payload.channel_data;
      if (typeof channelData !== 'string') return this.refuse(conn, channel, new UnauthorizedError());
      if (
        !verifyAuth(payload.auth, conn.app.secret, channelAuthPayload(conn.socketId, channel, channelData))
      ) {
        return this.refuse(conn, channel, new UnauthorizedError());
      }
      const parsed = this.parseData(channelData) as PresenceMember | undefined;
      if (
        !parsed ||
        (typeof parsed.user_id !== 'string' && typeof parsed.user_id !== 'number') ||
        parsed.user_id === ''
      ) {
        return this.refuse(conn, channel, new InvalidMessageError('channel_data needs a user_id'));
      }
      member = { user_id: parsed.user_id, user_info: parsed.user_info ?? {} };
    } else if (info.kind !== 'public') {
      if (!verifyAuth(payload.auth, conn.app.secret, channelAuthPayload(conn.socketId, channel))) {
        return this.refuse(conn, channel, new UnauthorizedError());
      }
    }

    const index = this.index(conn.app);
    const already = conn.channels.has(channel);
    if (member && !already) {
      const userId = String(member.user_id);
      const members = await this.state.presenceMembers(conn.app.id, channel);
      if (
        members.length >= conn.app.maxPresenceMembers &&
        !members.some((m) => String(m.user_id) === userId)
      ) {
        return this.refuse(conn, channel, new OverCapacityError('Presence channel is full'));
      }
      const { first } = await this.state.presenceJoin(conn.app.id, channel, conn.socketId, member);
      if (conn.closed) {
        await this.state.presenceLeave(conn.app.id, channel, conn.socketId, userId);
        return;
      }
      conn.channels.set(channel, { presenceUserId: userId, presenceRawId: member.user_id });
      if (first) {
        await this.state.publish({
          type: 'event',
          appId: conn.app.id,
          channel,
          event: 'pusher_internal:member_added',
          data: JSON.stringify({ user_id: member.user_id, user_info: member.user_info }),
          exceptSocketId: conn.socketId,
        });
      }
    } else if (!already) {
      conn.channels.set(channel, {});
    }
    if (!already) {
      addTo(index.channels, channel, conn);
      await this.state.channelAdd(conn.app.id, channel, 1);
    }

    let succeeded = '{}';
    if (info.kind === 'presence') {
      const members = await this.state.presenceMembers(conn.app.id, channel);
      const hash: Record<string, unknown> = {};
      for (const m of members) hash[String(m.user_id)] = m.user_info ?? {};
      succeeded = JSON.stringify({
        presence: { count: members.length, ids: members.map((m) => String(m.user_id)), hash },
      });
    }
    conn.send({ event: 'pusher_internal:subscription_succeeded', channel, data: succeeded });

    if (info.cache) {
      const cached = await this.state.cacheGet(conn.app.id, channel);
      if (cached) conn.send({ event: cached.event, channel, data: cached.data });
      else conn.send({ event: 'pusher:cache_miss', channel });
    }
  }

  /** A refused subscription: pusher:error with the code, and a channel-scoped subscription_error for Echo's `.error()`. */
  private refuse(conn: Connection, channel: string, error: RealtimeError): void {
    conn.send({
      event: 'pusher:subscription_error',
      channel,
      data: JSON.stringify({
        type: 'AuthError',
        error: error.message,
        status: error.code === 4100 ? 403 : 401,
      }),
    });
    this.fail(conn.ws, error);
  }

  private async unsubscribe(conn: Connection, channel: unknown): Promise<void> {
    if (typeof channel !== 'string') throw new InvalidMessageError('pusher:unsubscribe needs a channel');
    await this.leave(conn, channel);
  }

  private async leave(conn: Connection, channel: string): Promise<void> {
    const sub = conn.channels.get(channel);
    if (!sub) return;
    conn.channels.delete(channel);
    removeFrom(this.index(conn.app).channels, channel, conn);
    await this.state.channelAdd(conn.app.id, channel, -1);
    if (sub.presenceUserId !== undefined) {
      const { last } = await this.state.presenceLeave(
        conn.app.id,
        channel,
        conn.socketId,
        sub.presenceUserId,
      );
      if (last) {
        await this.state.publish({
          type: 'event',
          appId: conn.app.id,
          channel,
          event: 'pusher_internal:member_removed',
          data: JSON.stringify({ user_id: sub.presenceRawId ?? sub.presenceUserId }),
        });
      }
    }
  }

  private async signin(conn: Connection, data: unknown): Promise<void> {
    if (!conn.ready) return;
    const payload = (data ?? {}) as { auth?: unknown; user_data?: unknown };
    if (typeof payload.user_data !== 'string') throw new InvalidMessageError('pusher:signin needs user_data');
    if (!verifyAuth(payload.auth, conn.app.secret, `${conn.socketId}::user::${payload.user_data}`))
      throw new UnauthorizedError();
    const user = this.parseData(payload.user_data) as { id?: unknown; watchlist?: unknown } | undefined;
    if (!user || (typeof user.id !== 'string' && typeof user.id !== 'number') || String(user.id) === '') {
      throw new InvalidMessageError('user_data needs an id');
    }
    if (conn.user) throw new InvalidMessageError('Already signed in');
    const id = String(user.id);
    const watchlist = Array.isArray(user.watchlist)
      ? user.watchlist.slice(0, MAX_WATCHLIST_SIZE).map(String)
      : [];
    const index = this.index(conn.app);
    conn.user = { id, data: payload.user_data };
    conn.watchlist = watchlist;
    addTo(index.users, id, conn);
    for (const watched of watchlist) addTo(index.watchers, watched, conn);
    const { first } = await this.state.userConnect(conn.app.id, id);
    conn.send({ event: 'pusher:signin_success', data: JSON.stringify({ user_data: payload.user_data }) });
    if (watchlist.length > 0) {
      const online = await this.state.onlineUsers(conn.app.id, watchlist);
      const offline = watchlist.filter((w) => !online.includes(w));
      const events = [];
      if (online.length) events.push({ name: 'online', user_ids: online });
      if (offline.length) events.push({ name: 'offline', user_ids: offline });
      conn.send({ event: 'pusher_internal:watchlist_events', data: JSON.stringify({ events }) });
    }
    if (first) await this.state.publish({ type: 'online', appId: conn.app.id, userId: id, online: true });
  }

  private async clientEvent(conn: Connection, event: string, frame: Frame): Promise<void> {
    if (!conn.ready) return;
    const channel = frame.channel;
    if (!conn.app.clientEvents)
      throw new ClientEventRejectedError('The app does not have client messaging enabled.');
    if (typeof channel !== 'string' || !isValidChannelName(channel))
      throw new InvalidMessageError('Client events need a channel');
    const kind = channelInfo(channel).kind;
    if (kind === 'public' || kind === 'encrypted' || channel.startsWith('#')) {
      throw new ClientEventRejectedError('Client events are only accepted on private and presence channels.');
    }
    const sub = conn.channels.get(channel);
    if (!sub) throw new NotAMemberError();
    await this.state.publish({
      type: 'event',
      appId: conn.app.id,
      channel,
      event,
      data: frame.data,
      exceptSocketId: conn.socketId,
      userId: sub.presenceUserId,
    });
  }

  /** Local delivery of a cluster envelope. Events are serialised once for all recipients. */
  deliver(envelope: Envelope): void {
    const index = this.apps.get(envelope.appId);
    if (!index) return;
    if (envelope.type === 'event') {
      const sockets = index.channels.get(envelope.channel);
      if (!sockets) return;
      const message: Record<string, unknown> = {
        event: envelope.event,
        channel: envelope.channel,
        data: envelope.data,
      };
      if (envelope.userId !== undefined) message.user_id = envelope.userId;
      const frame = JSON.stringify(message);
      for (const conn of sockets) if (conn.socketId !== envelope.exceptSocketId) conn.sendRaw(frame);
    } else if (envelope.type === 'terminate') {
      for (const conn of index.users.get(envelope.userId) ?? []) conn.ws.close(4009, 'Connection terminated');
    } else {
      const watchers = index.watchers.get(envelope.userId);
      if (!watchers) return;
      const frame = JSON.stringify({
        event: 'pusher_internal:watchlist_events',
        data: JSON.stringify({
          events: [{ name: envelope.online ? 'online' : 'offline', user_ids: [envelope.userId] }],
        }),
      });
      for (const conn of watchers) conn.sendRaw(frame);
    }
  }

  /** Idempotent cleanup, run on close, on error and when pruning. */
  async disconnect(conn: Connection): Promise<void> {
    if (conn.closed) return;
    conn.closed = true;
    const wasReady = conn.ready;
    conn.ready = false;
    // Wait for in-flight frames (a pending subscribe) so nothing is left behind in the state.
    await conn.queue;
    const index = this.index(conn.app);
    if (!index.connections.delete(conn.socketId) && !wasReady) return;
    try {
      for (const channel of [...conn.channels.keys()]) await this.leave(conn, channel);
      if (conn.user) {
        removeFrom(index.users, conn.user.id, conn);
        for (const watched of conn.watchlist) removeFrom(index.watchers, watched, conn);
        const { last } = await this.state.userDisconnect(conn.app.id, conn.user.id);
        if (last)
          await this.state.publish({
            type: 'online',
            appId: conn.app.id,
            userId: conn.user.id,
            online: false,
          });
      }
      await this.state.connectionAdd(conn.app.id, -1);
    } catch (error) {
      this.config.onError(error);
    }
  }

  /**
   * Pinging and pruning: silent for activityTimeout → `pusher:ping`; still silent pongTimeout
   * after the ping → 4201 and the socket is dropped (its presence entries leave at once).
   */
  prune(now = Date.now()): void {
    const activityMs = this.config.activityTimeout * 1000;
    const pongMs = this.config.pongTimeout * 1000;
    for (const index of this.apps.values()) {
      for (const conn of index.connections.values()) {
        if (conn.pingSentAt !== undefined) {
          if (now - conn.pingSentAt >= pongMs) {
            this.fail(conn.ws, new PongTimeoutError());
            void this.disconnect(conn);
            // A dead peer never completes the close handshake; do not wait for it.
            setTimeout(() => conn.ws.terminate(), 1000).unref();
          }
        } else if (now - conn.lastSeen >= activityMs) {
          conn.pingSentAt = now;
          conn.send({ event: 'pusher:ping', data: '{}' });
        }
      }
    }
  }

  /** Publishes an event from the server side (HTTP API or in-process trigger). */
  async trigger(
    app: ResolvedApp,
    channels: string[],
    event: string,
    data: string,
    socketId?: string,
  ): Promise<void> {
    for (const channel of channels) {
      if (channelInfo(channel).cache) await this.state.cacheSet(app.id, channel, { event, data });
      await this.state.publish({
        type: 'event',
        appId: app.id,
        channel,
        event,
        data,
        exceptSocketId: socketId,
      });
    }
  }

  async terminateUser(app: ResolvedApp, userId: string): Promise<void> {
    await this.state.publish({ type: 'terminate', appId: app.id, userId });
  }

  async closeAll(): Promise<void> {
    const all: Connection[] = [];
    for (const index of this.apps.values()) all.push(...index.connections.values());
    for (const conn of all) conn.ws.close(4200, 'Server shutting down');
    await Promise.all(all.map((conn) => this.disconnect(conn)));
  }
}
