/** A bare `ws` client that records every frame, for protocol-level tests. */
import WebSocket from 'ws';

export interface Frame {
  event: string;
  channel?: string;
  data?: any;
}

export interface RawClient {
  ws: WebSocket;
  frames: Frame[];
  socketId: string;
  closed: Promise<{ code: number; reason: string }>;
  send(frame: unknown): void;
  /** Waits for the first frame (recorded from now on, or already recorded after `from`) matching `match`. */
  next(match: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  close(): void;
}

function parse(raw: WebSocket.RawData): Frame {
  const frame = JSON.parse(raw.toString()) as Frame;
  if (typeof frame.data === 'string') {
    try {
      frame.data = JSON.parse(frame.data);
    } catch {
      // keep strings that are not JSON
    }
  }
  return frame;
}

/** Opens a socket; resolves after the first frame (connection_established or pusher:error). */
export function rawConnect(
  port: number,
  path = '/app/test-key?protocol=7',
  headers: Record<string, string> = {},
): Promise<RawClient> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers });
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('message', (raw) => {
    frames.push(parse(raw));
    for (const w of waiters) w();
  });
  const client: RawClient = {
    ws,
    frames,
    socketId: '',
    closed,
    send: (frame) =>
      ws.send(
        typeof frame === 'string' || Buffer.isBuffer(frame) ? (frame as string) : JSON.stringify(frame),
      ),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame; got ${JSON.stringify(frames).slice(0, 500)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('message', () => {
      const first = frames[0];
      if (first?.event === 'pusher:connection_established') client.socketId = first.data.socket_id;
      resolve(client);
    });
  });
}

/** Error frames with the given code. */
export const isError = (code: number) => (f: Frame) => f.event === 'pusher:error' && f.data?.code === code;
