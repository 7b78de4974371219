import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * The download client is curl when installed (what a download manager does: large reads straight
 * into a file), else node:http piped into a file; undici's `fetch` is itself slower than the server
 * and measured the client. A second baseline runs in the same run: a bare node:http server with no
 * app code (a minimal tus POST/PATCH that hashes while writing, and a 1 MiB read stream for GET), with
 * the same clients, so the rows show what the app costs over Node itself on this machine.
 * The server's CPU seconds of each transfer (from /proc) are given too: they move far less with the
 * machine's load than the wall times do. BENCH_DRIVE_CHUNK_MB splits the upload into PATCHes.
 *
 * `npx tsx tests/load/drive-transfer.bench.ts` prints the section; `pnpm bench` collects it.
 */
const MB = Number(process.env.BENCH_DRIVE_MB ?? 1024);
const SIZE = MB * 1024 * 1024;
const CHUNK = Number(process.env.BENCH_DRIVE_CHUNK_MB ?? 0) * 1024 * 1024 || SIZE;
const run$ = promisify(execFile);

interface Transfer {
  up: number;
  down: number;
  upCpu: number | null;
  downCpu: number | null;
}

async function seconds<T>(work: () => Promise<T>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** CPU seconds (user + system) a process has used so far; null off Linux. */
function cpuSeconds(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Wall seconds of `work`, and the CPU seconds process `pid` spent meanwhile. */
async function measured(pid: number | undefined, work: () => Promise<unknown>) {
  const before = cpuSeconds(pid);
  const time = await seconds(work);
  const after = cpuSeconds(pid);
  return { time, cpu: before === null || after === null ? null : after - before };
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

const hasCurl = await run$('curl', ['--version']).then(
  () => true,
  () => false,
);

/** GET `url` into `target` with the download client (curl, or node:http with 4 MiB file writes). */
async function download(url: string, target: string) {
  if (hasCurl) {
    await run$('curl', ['-sS', '--fail', '-o', target, url]);
  } else {
    await new Promise<void>((resolve, reject) => {
      httpRequest(url, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`download answered ${response.statusCode}`));
        pipeline(response, createWriteStream(target, { highWaterMark: 4 * 1024 * 1024 })).then(
          resolve,
          reject,
        );
      })
        .on('error', reject)
        .end();
    });
  }
  if (statSync(target).size !== SIZE) throw new Error(`downloaded ${statSync(target).size} bytes of ${SIZE}`);
  rmSync(target, { force: true });
}

/** Node's tus client, one PATCH (or BENCH_DRIVE_CHUNK_MB each). */
function tusUpload(endpoint: string, source: string, headers: Record<string, string>) {
  return new Promise<void>((resolve, reject) => {
    new Upload(createReadStream(source), {
      endpoint,
      chunkSize: CHUNK,
      metadata: { filename: 'سنجش.bin', path: '' },
      headers,
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

async function transfer(env: NodeJS.ProcessEnv, source: string, scratch: string): Promise<Transfer> {
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
    const up = await measured(server.child.pid, () =>
      tusUpload(`${server.url}/panel/drives/${drive.uuid}/files`, source, headers),
    );
    const down = await session.page(
      `/panel/drives/${drive.uuid}/download?path=${encodeURIComponent('سنجش.bin')}`,
    );
    const got = await measured(server.child.pid, () =>
      download(`${server.url}${down!.props.download_url}`, join(scratch, 'downloaded.bin')),
    );
    say('downloaded');
    return { up: up.time, upCpu: up.cpu, down: got.time, downCpu: got.cpu };
  } finally {
    await server.stop();
  }
}

/**
 * The second baseline: node:http with no app code. POST makes the file (tus creation), PATCH
 * writes the body at its offset through a SHA-256 (as the app's staging store does), GET streams
 * the file with 1 MiB reads (as the app's local storage does).
 */
const BARE_SERVER = `
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, statSync, writeFileSync } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
const file = process.argv[1];
let size = 0;
let hash = null;
const server = createServer(async (req, res) => {
  if (req.method === 'POST') {
    size = Number(req.headers['upload-length']);
    hash = createHash('sha256');
    writeFileSync(file, '');
    return res.writeHead(201, { location: '/upload', 'tus-resumable': '1.0.0' }).end();
  }
  if (req.method === 'PATCH') {
    const offset = Number(req.headers['upload-offset']);
    let received = 0;
    const hashing = new Transform({ transform(chunk, _e, done) { hash.update(chunk); received += chunk.length; done(null, chunk); } });
    await pipeline(req, hashing, createWriteStream(file, { flags: 'r+', start: offset }));
    if (offset + received === size) hash.digest('hex');
    return res.writeHead(204, { 'upload-offset': String(offset + received), 'tus-resumable': '1.0.0' }).end();
  }
  res.writeHead(200, { 'content-length': String(statSync(file).size), 'content-type': 'application/octet-stream' });
  createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(res);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function bare(source: string, scratch: string): Promise<Transfer> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', BARE_SERVER, join(scratch, 'bare.bin')],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.once('data', (line) => resolve(Number(String(line).trim())));
      child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const up = await measured(child.pid, () => tusUpload(`${url}/upload`, source, {}));
    const got = await measured(child.pid, () => download(`${url}/file`, join(scratch, 'downloaded.bin')));
    return { up: up.time, upCpu: up.cpu, down: got.time, downCpu: got.cpu };
  } finally {
    child.kill();
    rmSync(join(scratch, 'bare.bin'), { force: true });
  }
}

export async function run(): Promise<string> {
  const scratch = mkdtempSync(join(tmpdir(), 'rf-bench-drive-'));
  const loadAtStart = loadavg()[0]!;
  try {
    const source = join(scratch, 'source.bin');
    await makeSource(source);
    // cp swings the most with the machine's load: timed before each server, the median is used.
    const cpTimes: number[] = [];
    const cp = async () => {
      cpTimes.push(await seconds(() => run$('cp', [source, join(scratch, 'copy.bin')])));
      rmSync(join(scratch, 'copy.bin'), { force: true });
    };

    await cp();
    const local = await transfer({}, source, scratch);
    await cp();
    const s3 = await startLocalS3('bench');
    let remote: Transfer;
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
    await cp();
    const baseline = await bare(source, scratch);
    const cpTime = [...cpTimes].sort((a, b) => a - b)[1]!;

    const rate = (s: number) => `${(MB / s).toFixed(0)} MB/s`;
    const ratio = (s: number) => (cpTime / s).toFixed(2);
    const cpu = (s: number | null) => (s === null ? '–' : `${s.toFixed(2)} s`);
    const row = (name: string, t: Transfer) =>
      `| ${name} | ${t.up.toFixed(2)} s (${rate(t.up)}) | ${ratio(t.up)} | ${cpu(t.upCpu)} | ${t.down.toFixed(2)} s (${rate(t.down)}) | ${ratio(t.down)} | ${cpu(t.downCpu)} |`;
    const chunks = CHUNK >= SIZE ? 'one PATCH' : `PATCHes of ${CHUNK / 1024 / 1024} MB`;
    return [
      '## Drive transfers (apps/server, tus upload and signed download)',
      '',
      `${MB} MB of random bytes on loopback, Node's tus client (${chunks}) up, ${hasCurl ? 'curl' : 'node:http'} of \`/dl/{token}\` into a file down,`,
      `against \`cp\` of the same file on the same disk: ${cpTime.toFixed(2)} s (${rate(cpTime)}; median of ${cpTimes.map((s) => s.toFixed(2)).join(', ')} s). The upload's time includes`,
      "the server's SHA-256 of the file (taken while the bytes are written) and its move into storage (a rename on local disk;",
      'a multipart upload to s3rver, an S3 server in Node on the same machine). «bare node:http» is the second baseline: no app',
      'code, a minimal tus server hashing while it writes and a 1 MiB read stream, with the same clients. Ratio = throughput /',
      `cp throughput; goal ≥ 0.3 up, ≥ 0.5 down. Server CPU = the server process's user + system seconds for that transfer.`,
      `1-minute load: ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end.`,
      '',
      '| server | up | up ratio | server CPU up | down | down ratio | server CPU down |',
      '|---|---|---|---|---|---|---|',
      row('app, local disk', local),
      row('app, s3rver', remote),
      row('bare node:http', baseline),
    ].join('\n');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
