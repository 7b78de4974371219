/**
 * The app side of realtime: the real laravel-echo + pusher-js (and our client) authorise through the
 * reference server's /broadcasting/auth with the session cookie and CSRF token, and receive what
 * the app broadcasts on the user's private channel.
 */
import { createRealtimeClient } from '@renderfarm/realtime/client';
import { type RealtimeServer, startRealtimeServer } from '@renderfarm/realtime/server';
import Echo from 'laravel-echo';
import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { hardwares, images, resources } from '../../apps/server/src/modules/catalog/tables';
import { instances } from '../../apps/server/src/modules/instances/tables';
import { createTestApp, signedInBrowser, type TestApp } from '../../apps/server/src/testing/app';
import { type EchoLike, subscribed, waitFor } from './realtime/harness';

const APP = { id: 'renderfarm', key: 'renderfarm-key', secret: 'renderfarm-secret' };

interface ClientOptions {
  port: number;
  appUrl: string;
  cookie: string;
  csrf: string;
}

const drivers: { name: string; connect(options: ClientOptions): EchoLike }[] = [
  {
    name: 'laravel-echo + pusher-js',
    connect: ({ port, appUrl, cookie, csrf }) =>
      new Echo({
        broadcaster: 'reverb',
        key: APP.key,
        wsHost: '127.0.0.1',
        wsPort: port,
        wssPort: port,
        forceTLS: false,
        enabledTransports: ['ws', 'wss'],
        Pusher,
        // pusher-js's Node transport drops Cookie headers (a browser sends them by itself), so the
        // request is made through Echo's documented `authorizer` hook, as the browser would make it.
        authorizer: (channel: { name: string }) => ({
          authorize: (socketId: string, callback: (error: unknown, data: unknown) => void) => {
            fetch(`${appUrl}/broadcasting/auth`, {
              method: 'POST',
              headers: {
                Cookie: cookie,
                'X-CSRF-TOKEN': csrf,
                'Content-Type': 'application/x-www-form-urlencoded',
              },
              body: new URLSearchParams({ socket_id: socketId, channel_name: channel.name }).toString(),
            }).then(
              async (res) =>
                res.ok ? callback(null, await res.json()) : callback({ status: res.status }, null),
              (error) => callback(error, null),
            );
          },
        }),
      } as any) as unknown as EchoLike,
  },
  {
    name: '@renderfarm/realtime/client',
    connect: ({ port, appUrl, cookie, csrf }) =>
      createRealtimeClient({
        key: APP.key,
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        csrfToken: csrf,
        authEndpoint: `${appUrl}/broadcasting/auth`,
        userAuthEndpoint: `${appUrl}/broadcasting/user-auth`,
        headers: { Cookie: cookie },
        WebSocket: WebSocket as any,
      }),
  },
];

describe.each(drivers)('app broadcasting with $name', (driver) => {
  let realtime: RealtimeServer;
  let t: TestApp;
  let appUrl: string;
  beforeAll(async () => {
    realtime = await startRealtimeServer({ port: 0, host: '127.0.0.1', apps: [APP], onError: () => {} });
    t = await createTestApp({ realtime });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await t.close();
    await realtime.close();
  });

  const connectAs = async (email: string) => {
    const browser = await signedInBrowser(t, email);
    const client = driver.connect({
      port: realtime.port,
      appUrl,
      cookie: browser.cookie,
      csrf: browser.xsrf,
    });
    return { browser, client };
  };

  it('delivers an app broadcast on the signed-in user’s private channel', async () => {
    const { browser, client } = await connectAs('customer@renderfarm.test');
    const received: unknown[] = [];
    const channel = client.private(`users.${browser.userId}`);
    channel.listen('.balance.changed', (event: unknown) => received.push(event));
    await subscribed(channel);
    await t.app.broadcaster.publish({
      channels: `private-users.${browser.userId}`,
      event: 'balance.changed',
      data: { balance: 52_000_000 },
    });
    await waitFor(() => received.length > 0, 10_000, 'the broadcast');
    expect(received).toEqual([{ balance: 52_000_000 }]);
    client.disconnect();
  });

  it('leaves out the tab whose action caused the event (X-Socket-ID, as Laravel’s toOthers)', async () => {
    const browser = await signedInBrowser(t, 'customer@renderfarm.test');
    const db = t.database.db;
    // A machine of its own per driver, running, so each can stop one.
    const [resource] = await db.select().from(resources).limit(1);
    const [hardware] = await db.select().from(hardwares).limit(1);
    const [image] = await db.select().from(images).limit(1);
    const [machine] = await db
      .insert(instances)
      .values({
        userId: browser.userId,
        name: `دو زبانه ${driver.name}`,
        status: 'ready',
        power: 'running',
        runningSince: new Date(),
        pricePerHour: 1_000_000,
        hardwareId: hardware!.id,
        imageId: image!.id,
        resourceId: resource!.id,
        locationId: resource!.locationId,
      })
      .returning();
    const tabs = [0, 1].map(() =>
      driver.connect({ port: realtime.port, appUrl, cookie: browser.cookie, csrf: browser.xsrf }),
    );
    const heard: string[][] = [[], []];
    for (const [i, tab] of tabs.entries()) {
      const channel = tab.private(`users.${browser.userId}`);
      channel.listen('.InstanceUpdated', (event: { power: string }) => heard[i]!.push(event.power));
      channel.listen('.Nudge', () => heard[i]!.push('nudge'));
      await subscribed(channel);
    }
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/panel/instances/${machine!.uuid}/power`,
        headers: browser.headers({ 'x-inertia': 'true', 'x-socket-id': tabs[0]!.socketId()! }),
        payload: { action: 'stop' },
      });
      expect(res.statusCode).toBe(303);
      // Events on one channel arrive in order: once the acting tab hears this, it would have heard
      // its echo before it.
      await t.app.broadcaster.publish({
        channels: `private-users.${browser.userId}`,
        event: 'Nudge',
        data: {},
      });
      await waitFor(() => heard.every((tab) => tab.includes('nudge')), 10_000, 'the nudge');
      expect(heard[1]).toEqual(['stopping', 'nudge']);
      expect(heard[0]).toEqual(['nudge']);
    } finally {
      for (const tab of tabs) tab.disconnect();
    }
  });

  it('refuses another user’s private channel', async () => {
    const { browser, client } = await connectAs('customer@renderfarm.test');
    const errors: unknown[] = [];
    client.private(`users.${browser.userId + 1}`).error((e: unknown) => errors.push(e));
    await waitFor(() => errors.length > 0, 10_000, 'the refusal');
    // pusher-js reports an AuthError (its status stays inside the authorizer); ours carries the 403.
    expect(JSON.stringify(errors[0])).toMatch(/403|AuthError/);
    client.disconnect();
  });
});
