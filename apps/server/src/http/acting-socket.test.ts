import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { toOthers } from '../platform/broadcasting/broadcaster';
import { requestContext } from './route-helpers';

const requestWith = (headers: Record<string, string>) =>
  ({ headers, ip: '10.0.0.1' }) as unknown as FastifyRequest;

describe('the acting tab (X-Socket-ID)', () => {
  it('reaches the request context and the event, which then skips that socket', () => {
    const context = requestContext(requestWith({ 'x-socket-id': '1234.5678', 'user-agent': 'Firefox' }));
    expect(context).toEqual({ ip: '10.0.0.1', userAgent: 'Firefox', socketId: '1234.5678' });
    expect({ event: 'InstanceUpdated', channels: 'private-users.1', data: {}, ...toOthers(context) }).toEqual(
      {
        event: 'InstanceUpdated',
        channels: 'private-users.1',
        data: {},
        socketId: '1234.5678',
      },
    );
  });

  it('is nobody without the header, or with anything but a socket id', () => {
    expect(requestContext(requestWith({})).socketId).toBeUndefined();
    expect(requestContext(requestWith({ 'x-socket-id': 'all' })).socketId).toBeUndefined();
    expect(requestContext(requestWith({ 'x-socket-id': '1.2; drop' })).socketId).toBeUndefined();
    expect(toOthers({ socketId: null })).toEqual({});
  });
});
