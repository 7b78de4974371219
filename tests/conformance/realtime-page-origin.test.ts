import { createRealtimeClient } from '@renderfarm/realtime/client';
import { type RealtimeServer, startRealtimeServer } from '@renderfarm/realtime/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../apps/server/src/config';
import { realtimeConfig } from '../../apps/server/src/platform/broadcasting/realtime-config';

/**
 * A newcomer's `PORT=8101` with no APP_URL: the page comes from localhost:8101 (or 127.0.0.1:8101)
 * and its socket must be taken. The real realtime server, as the app configures it, and the real
 * browser client (over `ws`, which lets the test say which page's Origin it carries).
 */
describe('the page server’s own origin, with PORT alone', () => {
  let server: RealtimeServer;
  beforeAll(async () => {
    server = await startRealtimeServer({ ...realtimeConfig(loadConfig({ PORT: '8101' })), port: 0 });
  });
  afterAll(() => server.close());

  const stateFrom = async (origin: string, wsHost = '127.0.0.1'): Promise<string> => {
    class PageSocket extends WebSocket {
      constructor(url: string) {
        super(url, { origin });
      }
    }
    const client = createRealtimeClient({
      key: 'renderfarm-key',
      wsHost,
      wsPort: server.port,
      WebSocket: PageSocket as never,
    });
    try {
      return await new Promise<string>((resolve) => {
        client.connection.onState((state) => {
          if (state === 'connected' || state === 'failed') resolve(state);
        });
      });
    } finally {
      client.disconnect();
    }
  };

  it('takes the socket of a page served at localhost or 127.0.0.1 on PORT', async () => {
    expect(await stateFrom('http://localhost:8101', 'localhost')).toBe('connected');
    expect(await stateFrom('http://127.0.0.1:8101')).toBe('connected');
  });

  it('still refuses another site, and another port of the same host', async () => {
    expect(await stateFrom('http://evil.example:8101')).toBe('failed');
    expect(await stateFrom('http://127.0.0.1:9999')).toBe('failed');
  });
});
