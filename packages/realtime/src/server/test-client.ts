/** Raw `ws` test client for the package's own server tests (not exported). */
import WebSocket from 'ws';

export type Frame = { event: string; channel?: string; data?: any; user_id?: string };

export class TestClient {
  readonly frames: Frame[] = [];
  socketId = '';
  readonly closed: Promise<number>;
  private waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString()) as Frame;
      if (typeof f.data === 'string') {
        try {
          f.data = JSON.parse(f.data);
        } catch {}
      }
      this.frames.push(f);
      for (const w of this.waiters) w();
    });
  }

  static async open(
    port: number,
    key = 'key',
    query = 'protocol=7',
    headers: Record<string, string> = {},
  ): Promise<TestClient> {
    const client = new TestClient(new WebSocket(`ws://127.0.0.1:${port}/app/${key}?${query}`, { headers }));
    const first = await client.next(() => true);
    if (first.event === 'pusher:connection_established') client.socketId = first.data.socket_id;
    return client;
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  next(match: (f: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const i = this.frames.findIndex(match);
        if (i < 0) return false;
        const [found] = this.frames.splice(i, 1);
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(found as Frame);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timeout; frames: ${JSON.stringify(this.frames).slice(0, 400)}`));
      }, timeoutMs);
      if (!check()) this.waiters.add(check);
    });
  }

  event(name: string, channel?: string, timeoutMs?: number): Promise<Frame> {
    return this.next((f) => f.event === name && (channel === undefined || f.channel === channel), timeoutMs);
  }

  close(): void {
    this.ws.close();
  }
}
