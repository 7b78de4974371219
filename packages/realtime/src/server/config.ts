/**
 * Server configuration: the public shape, its defaults and the mapping from the REVERB_* /
 * REDIS_URL environment variables (docs/development.md). Durations are seconds, like Reverb's config.
 */
import {
  ACTIVITY_TIMEOUT_SECONDS,
  CLIENT_EVENTS_PER_SECOND,
  DEFAULT_PORT,
  MAX_MESSAGE_SIZE_BYTES,
  MAX_PRESENCE_MEMBERS,
  PONG_TIMEOUT_SECONDS,
} from '../shared/constants.js';

export interface AppConfig {
  id: string;
  key: string;
  secret: string;
  /** Origin hosts allowed to connect; `*` wildcards allowed; default `['*']`. */
  allowedOrigins?: string[];
  /**
   * Ports of the page server on the socket's own host: a page whose Origin is the host name the
   * socket itself was opened on (the browser connects to the host it loaded the page from), at one
   * of these ports, is the page server's own page and is accepted whatever its host name
   * (localhost, 127.0.0.1, a LAN address). Default none.
   */
  pageServerPorts?: number[];
  /** Concurrent sockets allowed for this app (across the cluster when Redis is used). */
  maxConnections?: number | null;
  /** Largest websocket frame / event payload in bytes (default 10,000). */
  maxMessageSize?: number;
  /** Client events per second per connection (default 10). */
  clientEventsPerSecond?: number;
  /** Any websocket messages per second per connection before 4301 (default 100). */
  messagesPerSecond?: number;
  /** Members per presence channel (default 100). */
  maxPresenceMembers?: number;
  /** Whether `client-*` events are accepted at all (default true). */
  clientEvents?: boolean;
}

export interface RealtimeServerConfig {
  port?: number;
  host?: string;
  apps: AppConfig[];
  /** Redis connection string; when set, publishes and presence are shared across processes. */
  redisUrl?: string;
  /** Prefix of every Redis key and pub/sub channel, so several deployments can share one Redis. */
  redisPrefix?: string;
  /** Seconds of silence before the server pings a client (default 120, sent in the handshake). */
  activityTimeout?: number;
  /** Seconds to wait for a reply to a ping (default 30). */
  pongTimeout?: number;
  /** Largest HTTP API request body in bytes (default 100,000: a batch of 10 events of 10 KB). */
  maxRequestSize?: number;
  /** Sockets this process holds at once, all apps together (default 5,000); null: no cap. */
  maxConnectionsTotal?: number | null;
  /** Sockets from one client address at once (default 100); null: no cap. */
  maxConnectionsPerIp?: number | null;
  /** Proxies (addresses or CIDR ranges) whose X-Forwarded-For names the client (default none). */
  trustedProxies?: string[];
  /** Called for unexpected internal errors (default: console.error). */
  onError?: (error: unknown) => void;
}

/** Safe defaults for the connection caps: each socket costs this process about 47 KB. */
export const DEFAULT_MAX_CONNECTIONS_TOTAL = 5000;
export const DEFAULT_MAX_CONNECTIONS_PER_IP = 100;

export interface ResolvedApp extends Required<Omit<AppConfig, 'maxConnections'>> {
  maxConnections: number | null;
}

export interface ResolvedConfig {
  port: number;
  host: string;
  apps: ResolvedApp[];
  redisUrl: string | undefined;
  redisPrefix: string;
  activityTimeout: number;
  pongTimeout: number;
  maxRequestSize: number;
  maxConnectionsTotal: number | null;
  maxConnectionsPerIp: number | null;
  trustedProxies: string[];
  onError: (error: unknown) => void;
}

export class ConfigError extends Error {
  readonly code = 'realtime_config_invalid';
}

export function resolveConfig(config: RealtimeServerConfig): ResolvedConfig {
  if (!Array.isArray(config.apps) || config.apps.length === 0)
    throw new ConfigError('realtime: at least one app is required');
  const apps = config.apps.map((app): ResolvedApp => {
    if (!app.id || !app.key || !app.secret)
      throw new ConfigError('realtime: every app needs id, key and secret');
    return {
      id: String(app.id),
      key: app.key,
      secret: app.secret,
      allowedOrigins: app.allowedOrigins ?? ['*'],
      pageServerPorts: app.pageServerPorts ?? [],
      maxConnections: app.maxConnections ?? null,
      maxMessageSize: app.maxMessageSize ?? MAX_MESSAGE_SIZE_BYTES,
      clientEventsPerSecond: app.clientEventsPerSecond ?? CLIENT_EVENTS_PER_SECOND,
      messagesPerSecond: app.messagesPerSecond ?? 100,
      maxPresenceMembers: app.maxPresenceMembers ?? MAX_PRESENCE_MEMBERS,
      clientEvents: app.clientEvents ?? true,
    };
  });
  const activityTimeout = config.activityTimeout ?? ACTIVITY_TIMEOUT_SECONDS;
  const pongTimeout = config.pongTimeout ?? PONG_TIMEOUT_SECONDS;
  if (!(activityTimeout > 0) || !(pongTimeout > 0))
    throw new ConfigError('realtime: timeouts must be positive');
  const cap = (value: number | null | undefined, fallback: number, name: string) => {
    if (value === null) return null;
    if (value === undefined) return fallback;
    if (!Number.isInteger(value) || value < 1)
      throw new ConfigError(`realtime: ${name} must be a positive whole number, got ${value}`);
    return value;
  };
  return {
    port: config.port ?? DEFAULT_PORT,
    host: config.host ?? '127.0.0.1',
    apps,
    redisUrl: config.redisUrl || undefined,
    redisPrefix: config.redisPrefix ?? 'renderfarm:realtime',
    activityTimeout,
    pongTimeout,
    maxRequestSize: config.maxRequestSize ?? 100_000,
    maxConnectionsTotal: cap(
      config.maxConnectionsTotal,
      DEFAULT_MAX_CONNECTIONS_TOTAL,
      'maxConnectionsTotal',
    ),
    maxConnectionsPerIp: cap(
      config.maxConnectionsPerIp,
      DEFAULT_MAX_CONNECTIONS_PER_IP,
      'maxConnectionsPerIp',
    ),
    trustedProxies: config.trustedProxies ?? [],
    onError: config.onError ?? ((error) => console.error('[realtime]', error)),
  };
}

function numberEnv(env: Record<string, string | undefined>, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new ConfigError(`realtime: ${name} must be a non-negative number, got ${raw}`);
  return value;
}

/**
 * Builds the config from REVERB_PORT, REVERB_HOST, REVERB_APP_ID/KEY/SECRET and REDIS_URL, plus
 * the optional REVERB_APP_ACTIVITY_TIMEOUT, REVERB_APP_PONG_TIMEOUT, REVERB_APP_MAX_CONNECTIONS,
 * REVERB_APP_MAX_MESSAGE_SIZE, REVERB_ALLOWED_ORIGINS (comma list), REVERB_REDIS_PREFIX,
 * REVERB_MAX_CONNECTIONS, REVERB_MAX_CONNECTIONS_PER_IP and TRUSTED_PROXIES (comma list).
 */
export function configFromEnv(env: Record<string, string | undefined> = process.env): RealtimeServerConfig {
  const id = env.REVERB_APP_ID;
  const key = env.REVERB_APP_KEY;
  const secret = env.REVERB_APP_SECRET;
  if (!id || !key || !secret)
    throw new ConfigError('realtime: REVERB_APP_ID, REVERB_APP_KEY and REVERB_APP_SECRET are required');
  const port = numberEnv(env, 'REVERB_PORT') ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port > 65535)
    throw new ConfigError(`realtime: REVERB_PORT is not a port: ${env.REVERB_PORT}`);
  const app: AppConfig = { id, key, secret };
  const maxConnections = numberEnv(env, 'REVERB_APP_MAX_CONNECTIONS');
  if (maxConnections !== undefined) app.maxConnections = maxConnections;
  const maxMessageSize = numberEnv(env, 'REVERB_APP_MAX_MESSAGE_SIZE');
  if (maxMessageSize !== undefined) app.maxMessageSize = maxMessageSize;
  if (env.REVERB_ALLOWED_ORIGINS)
    app.allowedOrigins = env.REVERB_ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  const config: RealtimeServerConfig = { port, host: env.REVERB_HOST || '127.0.0.1', apps: [app] };
  if (env.REDIS_URL) config.redisUrl = env.REDIS_URL;
  if (env.REVERB_REDIS_PREFIX) config.redisPrefix = env.REVERB_REDIS_PREFIX;
  const activityTimeout = numberEnv(env, 'REVERB_APP_ACTIVITY_TIMEOUT');
  if (activityTimeout !== undefined) config.activityTimeout = activityTimeout;
  const pongTimeout = numberEnv(env, 'REVERB_APP_PONG_TIMEOUT');
  if (pongTimeout !== undefined) config.pongTimeout = pongTimeout;
  const total = numberEnv(env, 'REVERB_MAX_CONNECTIONS');
  if (total !== undefined) config.maxConnectionsTotal = total;
  const perIp = numberEnv(env, 'REVERB_MAX_CONNECTIONS_PER_IP');
  if (perIp !== undefined) config.maxConnectionsPerIp = perIp;
  if (env.TRUSTED_PROXIES)
    config.trustedProxies = env.TRUSTED_PROXIES.split(',')
      .map((p) => p.trim())
      .filter(Boolean);
  return config;
}
