import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { Upload } from 'tus-js-client';
import { startLocalS3 } from '../../apps/server/src/testing/s3rver';
import { HttpSession } from '../support/http-session';
import { startServerProcess } from '../support/server-process';

/*
 * Drive transfer speed (issue 14): a file (1 GB; BENCH_DRIVE_MB to change) uploaded with Node's
 * tus client into a drive and downloaded through its signed link, on loopback, against `cp` of the
 * same file on the same disk in the same run. The upload's time includes the server's SHA-256 of
 * the file and its move into storage (local disk, or s3rver by multipart upload). Goal: ≥ 0.3 of
 * cp's throughput up, ≥ 0.5 down.
 *
 * `npx tsx tests/load/drive-transfer.bench.ts` prints the section; `pnpm bench` collects it.
 */
const MB = Number(process.env.BENCH_DRIVE_MB ?? 1024);
const SIZE = MB * 1024 * 1024;
const run$ = promisify(execFile);

async function seconds<T>(work: () => Promise<T>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

async function makeSource(path: string) {
  const out = createWriteStream(path);
  for (let written = 0; written < SIZE; ) {
    const chunk = randomBytes(Math.min(8 * 1024 * 1024, SIZE - written));
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    written += chunk.length;
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

async function transfer(env: NodeJS.ProcessEnv, source: string, scratch: string) {
  const say = (what: string) => process.env.BENCH_DEBUG && console.error(new Date().toISOString(), what);
  const server = await startServerProcess(env);
  try {
    say('server up');
    const session = new HttpSession(server.url);
    await session.signIn('customer@renderfarm.test', 'password');
    const list = await session.page('/panel/drives');
    await session.request('POST', '/panel/drives', {
      name: 'فضای سنجش',
      size_gb: Math.ceil((SIZE * 1.1) / 1024 ** 3),
      location_id: list!.props.locations[0].id,
    });
    const drive = (
      (await session.page('/panel/drives'))!.props.drives as { uuid: string; name: string }[]
    ).find((d) => d.name === 'فضای سنجش')!;
    const jar = (session as unknown as { jar: Map<string, string> }).jar;
    const headers = {
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    };
    say('drive made');
    const up = await seconds(
      () =>
        new Promise<void>((resolve, reject) => {
          new Upload(createReadStream(source), {
            endpoint: `${server.url}/panel/drives/${drive.uuid}/files`,
            chunkSize: SIZE,
            metadata: { filename: 'سنجش.bin', path: '' },
            headers,
            onError: reject,
            onSuccess: () => resolve(),
          }).start();
        }),
    );
    const down = await session.page(
      `/panel/drives/${drive.uuid}/download?path=${encodeURIComponent('سنجش.bin')}`,
    );
    const target = join(scratch, 'downloaded.bin');
    const downTime = await seconds(async () => {
      const response = await fetch(`${server.url}${down!.props.download_url}`);
      if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
      await pipeline(
        Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
        createWriteStream(target),
      );
    });
    say('downloaded');
    rmSync(target, { force: true });
    return { up, down: downTime };
  } finally {
    await server.stop();
  }
}

export async function run(): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'rf-bench-drive-'));
  try {
    const source = join(scratch, 'source.bin');
    await makeSource(source);
    const cp = await seconds(() => run$('cp', [source, join(scratch, 'copy.bin')]));
    rmSync(join(scratch, 'copy.bin'), { force: true });

    const local = await transfer({}, source, scratch);
    const s3 = await startLocalS3('bench');
    let remote: { up: number; down: number };
    try {
      remote = await transfer(
        {
          S3_ENDPOINT: s3.endpoint,
          S3_BUCKET: s3.bucket,
          S3_REGION: s3.region,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        },
        source,
        scratch,
      );
    } finally {
      await s3.close();
    }
    const rate = (s: number) => `${(MB / s).toFixed(0)} MB/s`;
    const ratio = (s: number) => (cp / s).toFixed(2);
    const row = (name: string, t: { up: number; down: number }) =>
      `| ${name} | ${t.up.toFixed(2)} s (${rate(t.up)}) | ${ratio(t.up)} | ${t.down.toFixed(2)} s (${rate(t.down)}) | ${ratio(t.down)} |`;
    return [
      '## Drive transfers (apps/server, tus upload and signed download)',
      '',
      `${MB} MB of random bytes on loopback, Node's tus client (one PATCH) up, \`fetch\` of \`/dl/{token}\` to a file down,`,
      `against \`cp\` of the same file on the same disk: ${cp.toFixed(2)} s (${rate(cp)}). The upload's time includes the`,
      "server's SHA-256 of the file and its move into storage (a rename on local disk; a multipart upload to s3rver,",
      'an S3 server in Node on the same machine). Ratio = throughput / cp throughput; goal ≥ 0.3 up, ≥ 0.5 down.',
      '',
      '| storage | up | up ratio | down | down ratio |',
      '|---|---|---|---|---|',
      row('local disk', local),
      row('s3rver', remote),
    ].join('\n');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
