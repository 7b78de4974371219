import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSession } from '../support/http-session';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/*
 * A drive upload survives the server's death (issue 14): a file (1 GB unless DRIVE_CRASH_MB says
 * otherwise) sent with Node's tus client, the server killed with SIGKILL at about 40 %, started
 * again on the same storage; HEAD gives the offset the disk kept, the same client resumes from it,
 * and the finished file's SHA-256 (computed by the server) equals the source's.
 */
const MB = Number(process.env.DRIVE_CRASH_MB ?? 1024);
const SIZE = MB * 1024 * 1024;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('a tus drive upload across a kill -9 of the server', () => {
  let storageDir: string;
  let dir: string;
  let source: string;
  let sha256: string;
  let server: ServerProcess | undefined;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    storageDir = mkdtempSync(join(tmpdir(), 'rf-drive-crash-'));
    dir = mkdtempSync(join(tmpdir(), 'rf-drive-crash-src-'));
    source = join(dir, 'scene.bin');
    // A source of random bytes, hashed as it is written (never all in memory).
    const hash = createHash('sha256');
    const out = createWriteStream(source);
    for (let written = 0; written < SIZE; ) {
      const chunk = randomBytes(Math.min(8 * 1024 * 1024, SIZE - written));
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      written += chunk.length;
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    sha256 = hash.digest('hex');
    // The same storage and APP_KEY (sessions) on both starts; the port is new each time.
    env = { STORAGE_DIR: storageDir, APP_KEY: `base64:${randomBytes(32).toString('base64')}` };
    server = await startServerProcess(env, { compiled: true });
  });
  afterAll(async () => {
    // A killed server has no exit code (its signal is SIGKILL): nothing to stop then.
    if (server && server.child.signalCode === null) await server.stop();
    rmSync(storageDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it(`${MB} MB: killed at ~40 %, restarted, HEAD gives the offset, resumed, SHA-256 equal`, async () => {
    const url = server!.url;
    let session = new HttpSession(url);
    await session.signIn('customer@renderfarm.test', 'password');
    const list = await session.page('/panel/drives');
    const location = list!.props.locations[0].id as number;
    const made = await session.request('POST', '/panel/drives', {
      name: 'فضای آزمون خرابی',
      size_gb: Math.max(1, Math.ceil((SIZE * 1.1) / 1024 ** 3)),
      location_id: location,
    });
    expect(made.status).toBe(303);
    const drive = (
      (await session.page('/panel/drives'))!.props.drives as { uuid: string; name: string }[]
    ).find((d) => d.name === 'فضای آزمون خرابی')!;
    const headers = () => {
      // The session cookie and the CSRF header, as the browser sends them.
      const probe = session as unknown as { jar: Map<string, string> };
      return {
        cookie: [...probe.jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-xsrf-token': decodeURIComponent(probe.jar.get('XSRF-TOKEN') ?? ''),
      };
    };
    const endpoint = `${url}/panel/drives/${drive.uuid}/files`;
    const metadata = { filename: 'صحنهٔ بزرگ.bin', path: '' };

    // First run: killed at about 40 %.
    let uploadUrl: string | null = null;
    const killedAt = await new Promise<number>((resolve, reject) => {
      const first = new Upload(createReadStream(source), {
        endpoint,
        uploadSize: SIZE,
        chunkSize: SIZE,
        metadata,
        headers: headers(),
        retryDelays: null,
        onUploadUrlAvailable: () => {
          uploadUrl = first.url;
        },
        onProgress: (sent) => {
          if (sent >= SIZE * 0.4 && server!.child.exitCode === null) {
            server!.child.kill('SIGKILL');
            resolve(sent);
          }
        },
        onError: () => {},
        onSuccess: () => reject(new Error('the upload finished before the kill')),
      });
      first.start();
    });
    await new Promise((resolve) => server!.child.once('exit', resolve));
    expect(uploadUrl ?? '').toMatch(/\/files\/[0-9a-f]{32}$/);
    expect(killedAt / SIZE).toBeGreaterThanOrEqual(0.4);

    // The server again, on the same storage (a new port: the upload's path is what matters).
    server = await startServerProcess(env, { compiled: true });
    uploadUrl = `${server.url}${new URL(uploadUrl!).pathname}`;
    // A fresh sign-in: the upload is the user's, whichever session carries on with it.
    session = new HttpSession(server.url);
    await session.signIn('customer@renderfarm.test', 'password');
    const head = await fetch(uploadUrl!, {
      method: 'HEAD',
      headers: { ...headers(), 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(head.headers.get('upload-length')).toBe(String(SIZE));
    // What reached the disk before the kill: some of it, not all of it.
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(SIZE);

    // The same client resumes from the server's offset (it asks HEAD itself; a file source seeks).
    const checksum = await new Promise<string>((resolve, reject) => {
      const second = new Upload(createReadStream(source), {
        uploadUrl,
        uploadSize: SIZE,
        chunkSize: SIZE,
        metadata,
        headers: headers(),
        retryDelays: [500, 1000, 2000],
        onError: reject,
        onSuccess: (payload) => resolve(payload.lastResponse.getHeader('x-checksum-sha256') ?? ''),
      });
      second.start();
    });
    expect(checksum).toBe(sha256);
    const show = await session.page(`/panel/drives/${drive.uuid}`);
    expect(show!.props.files).toEqual([
      expect.objectContaining({ name: 'صحنهٔ بزرگ.bin', size: SIZE, sha256 }),
    ]);
    expect(show!.props.drive.reserved_bytes).toBe(0);
  });
});
