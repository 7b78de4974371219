import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';

/** A file-sized answer: node:http streams it (fetch would hold a scene in memory to hash it). */
export function request(
  url: URL,
  options: { method: string; headers: Record<string, string | number>; signal?: AbortSignal | undefined },
  body?: NodeJS.ReadableStream,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: options.method,
      headers: options.headers,
      signal: options.signal,
    });
    req.on('response', resolve);
    req.on('error', reject);
    // No answer and no byte for this long: the connection is dead, not slow.
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer from ${url.host} in 60 s`)));
    if (body) {
      body.on('error', (error) => req.destroy(error));
      body.pipe(req);
    } else {
      req.end();
    }
  });
}

/** Reads an answer's body as text (for an error's message), at most 4 kB of it. */
export async function readSmall(response: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of response) {
    if (text.length < 4096) text += String(chunk);
  }
  return text.slice(0, 4096);
}

export class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
  /** A refusal (quota, a bad name, a signature) will be the same next time; a 5xx may not. */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** PUT one file's raw bytes with its Content-Length (the manager checks the quota on it first). */
export async function uploadFile(
  url: URL,
  path: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<void> {
  const { size } = await stat(path);
  const response = await request(
    url,
    {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream', 'content-length': size },
      signal,
    },
    createReadStream(path),
  );
  const text = await readSmall(response);
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    throw new UploadError(status, `upload answered ${status}: ${text.slice(0, 300)}`);
  }
}
