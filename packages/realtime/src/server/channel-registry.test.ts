import { describe, expect, it } from 'vitest';
import {
  createBroadcastAuth,
  encryptedSharedSecret,
  signChannelAuth,
  signUserAuth,
} from './broadcast-auth.js';
import { createChannelRegistry } from './channel-registry.js';
import { ChannelForbiddenError, ValidationError } from './errors.js';
import { channelAuthPayload, verifyAuth } from './signing.js';

type User = { id: number; admin?: boolean };

describe('channel registry', () => {
  const registry = createChannelRegistry<User>()
    .define('instances.{id}', (user, id) => user.id === Number(id))
    .define('App.Models.User.{userId}', (user, userId) => String(user.id) === userId)
    .define('teams.{team}.render.{job}', (user, team, job) => (user.admin ? { team, job } : false));

  it('matches patterns after stripping private-/presence-/private-encrypted- and passes the params', async () => {
    expect(registry.match('private-instances.12')).toEqual({
      pattern: 'instances.{id}',
      params: { id: '12' },
    });
    expect(registry.match('presence-teams.a.render.9')?.params).toEqual({ team: 'a', job: '9' });
    expect(registry.match('private-instances.12.extra')).toBeUndefined();
    expect(await registry.authorize({ id: 12 }, 'private-instances.12')).toBe(true);
    expect(await registry.authorize({ id: 13 }, 'private-encrypted-instances.12')).toBe(false);
    expect(await registry.authorize({ id: 5 }, 'private-App.Models.User.5')).toBe(true);
    expect(await registry.authorize({ id: 1, admin: true }, 'presence-teams.x.render.3')).toEqual({
      team: 'x',
      job: '3',
    });
    expect(await registry.authorize({ id: 1 }, 'private-unknown.1')).toBe(false);
  });

  it('escapes regex characters in patterns: dots are literal', () => {
    expect(registry.match('private-instancesX12')).toBeUndefined();
  });

  it('signs the /broadcasting/auth answer for private, presence and encrypted channels', async () => {
    const masterKey = Buffer.alloc(32, 7).toString('base64');
    const auth = createBroadcastAuth<User>({
      key: 'k',
      secret: 's',
      channels: registry,
      userId: (u) => u.id,
      encryptionMasterKey: masterKey,
    });
    const priv = await auth.authorizeChannel({ id: 12 }, '1.2', 'private-instances.12');
    expect(verifyAuth(priv.auth, 's', channelAuthPayload('1.2', 'private-instances.12'))).toBe(true);
    const presence = await auth.authorizeChannel({ id: 1, admin: true }, '1.2', 'presence-teams.x.render.3');
    expect(JSON.parse(presence.channel_data ?? '')).toEqual({
      user_id: 1,
      user_info: { team: 'x', job: '3' },
    });
    expect(
      verifyAuth(
        presence.auth,
        's',
        channelAuthPayload('1.2', 'presence-teams.x.render.3', presence.channel_data),
      ),
    ).toBe(true);
    const enc = await auth.authorizeChannel({ id: 12 }, '1.2', 'private-encrypted-instances.12');
    expect(enc.shared_secret).toBe(encryptedSharedSecret('private-encrypted-instances.12', masterKey));
    await expect(auth.authorizeChannel({ id: 13 }, '1.2', 'private-instances.12')).rejects.toBeInstanceOf(
      ChannelForbiddenError,
    );
    await expect(auth.authorizeChannel({ id: 12 }, 'nope', 'private-instances.12')).rejects.toBeInstanceOf(
      ValidationError,
    );
    const user = auth.authenticateUser({ id: 9 }, '1.2', { name: 'Ali' });
    expect(JSON.parse(user.user_data)).toEqual({ name: 'Ali', id: '9' });
  });

  it('standalone signers validate their input', () => {
    expect(() => signChannelAuth({ key: 'k', secret: 's' }, '1.2', 'presence-x')).toThrow(ValidationError);
    expect(() => signChannelAuth({ key: 'k', secret: 's' }, '1.2', 'bad name')).toThrow(ValidationError);
    expect(signUserAuth({ key: 'k', secret: 's' }, '1.2', { id: 3 }).user_data).toBe('{"id":"3"}');
    expect(new ChannelForbiddenError('x').status).toBe(403);
  });
});
