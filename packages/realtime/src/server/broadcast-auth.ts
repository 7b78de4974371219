/**
 * What the app's /broadcasting/auth and /broadcasting/user-auth endpoints return, signed with the
 * app secret (realtime-routes.md §1.4 and §3). The endpoints themselves stay in the app: they only
 * resolve the user from the session and call these functions.
 */
import { createHash } from 'node:crypto';
import { channelInfo, isValidChannelName } from './channel-name.js';
import type { ChannelRegistry } from './channel-registry.js';
import { ChannelForbiddenError, ValidationError } from './errors.js';
import { signChannel, signUser } from './signing.js';
import { SOCKET_ID_RE } from './socket-id.js';

export interface ChannelAuthResponse {
  auth: string;
  channel_data?: string;
  shared_secret?: string;
}

export interface UserAuthResponse {
  auth: string;
  user_data: string;
}

export interface Credentials {
  key: string;
  secret: string;
}

function checkSocketId(socketId: string): void {
  if (!SOCKET_ID_RE.test(socketId)) throw new ValidationError('Invalid socket_id.', 400);
}

/**
 * Signs a private or presence subscription. For presence channels pass `channelData`
 * (`{user_id, user_info}`); it is serialised once and that exact string is both signed and returned.
 */
export function signChannelAuth(
  credentials: Credentials,
  socketId: string,
  channel: string,
  channelData?: { user_id: string | number; user_info?: unknown },
): ChannelAuthResponse {
  checkSocketId(socketId);
  if (!isValidChannelName(channel))
    throw new ValidationError(`Invalid channel name: ${String(channel).slice(0, 200)}`, 400);
  if (channelInfo(channel).kind === 'presence') {
    if (!channelData) throw new ValidationError('Presence channels need channel_data with a user_id.', 400);
    const data = JSON.stringify(channelData);
    return {
      auth: signChannel(credentials.key, credentials.secret, socketId, channel, data),
      channel_data: data,
    };
  }
  return { auth: signChannel(credentials.key, credentials.secret, socketId, channel) };
}

/** Signs pusher:signin user data; `user.id` must be a non-empty string for pusher-js. */
export function signUserAuth(
  credentials: Credentials,
  socketId: string,
  user: { id: string | number; [k: string]: unknown },
): UserAuthResponse {
  checkSocketId(socketId);
  const userData = JSON.stringify({ ...user, id: String(user.id) });
  return { auth: signUser(credentials.key, credentials.secret, socketId, userData), user_data: userData };
}

/** Per-channel key of private-encrypted channels: base64(SHA256(channel || masterKey)). */
export function encryptedSharedSecret(channel: string, masterKeyBase64: string): string {
  const masterKey = Buffer.from(masterKeyBase64, 'base64');
  if (masterKey.length !== 32)
    throw new ValidationError('The encryption master key must be 32 bytes (base64).', 500);
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from(channel, 'utf8'), masterKey]))
    .digest('base64');
}

export interface BroadcastAuthOptions<User> extends Credentials {
  channels: ChannelRegistry<User>;
  /** The presence `user_id` of a user (Laravel: the auth identifier). */
  userId: (user: User) => string | number;
  /** Base64 32-byte key for private-encrypted channels. */
  encryptionMasterKey?: string;
}

export interface BroadcastAuth<User> {
  /** /broadcasting/auth: throws ChannelForbiddenError (403) when the registry refuses. */
  authorizeChannel(user: User, socketId: string, channel: string): Promise<ChannelAuthResponse>;
  /** /broadcasting/user-auth. */
  authenticateUser(user: User, socketId: string, extra?: Record<string, unknown>): UserAuthResponse;
}

export function createBroadcastAuth<User>(options: BroadcastAuthOptions<User>): BroadcastAuth<User> {
  return {
    async authorizeChannel(user, socketId, channel) {
      checkSocketId(socketId);
      const decision = await options.channels.authorize(user, channel);
      if (!decision) throw new ChannelForbiddenError(channel);
      const kind = channelInfo(channel).kind;
      if (kind === 'presence') {
        const info = typeof decision === 'object' ? decision : {};
        return signChannelAuth(options, socketId, channel, {
          user_id: options.userId(user),
          user_info: info,
        });
      }
      if (kind === 'public') throw new ValidationError('Public channels need no authorisation.', 400);
      const response = signChannelAuth(options, socketId, channel);
      if (kind === 'encrypted') {
        // Asked of a server that offers none: the request's fault as far as the client can tell.
        if (!options.encryptionMasterKey)
          throw new ValidationError('Encrypted channels are not enabled on this server.', 400);
        response.shared_secret = encryptedSharedSecret(channel, options.encryptionMasterKey);
      }
      return response;
    },
    authenticateUser(user, socketId, extra = {}) {
      return signUserAuth(options, socketId, { ...extra, id: options.userId(user) });
    },
  };
}
