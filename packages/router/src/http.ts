import { NetworkError } from './errors';
import type { Method, Progress, RequestPayload } from './types';

export interface HttpRequest {
  method: Method;
  url: URL;
  data: RequestPayload;
  headers: Record<string, string>;
  signal: AbortSignal;
  onUploadProgress?: (progress: Progress) => void;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export class AbortedError extends Error {
  constructor() {
    super('Visit aborted');
    this.name = 'AbortError';
  }
}

const REDIRECTS = [301, 302, 303, 307, 308];

/** The cookie Laravel and our server set for double-submit CSRF protection. */
export function xsrfToken(): string | undefined {
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/**
 * XMLHttpRequest rather than fetch: it is the only browser API that reports upload progress.
 * No timeout is set (PROTOCOL.md: no request timeout). Browsers follow redirects inside XHR and never
 * show a 3xx; a 3xx that does reach us (a service worker, a test double) is followed here the same way.
 */
export async function send(request: HttpRequest, hops = 0): Promise<HttpResponse> {
  const response = await sendOnce(request);
  const location = response.headers.location;
  if (REDIRECTS.includes(response.status) && location && hops < 20) {
    const keepMethod = response.status === 307 || response.status === 308;
    return send(
      {
        ...request,
        url: new URL(location, request.url),
        method: keepMethod ? request.method : 'get',
        data: keepMethod ? request.data : {},
      },
      hops + 1,
    );
  }
  return response;
}

function sendOnce({
  method,
  url,
  data,
  headers,
  signal,
  onUploadProgress,
}: HttpRequest): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new AbortedError());
    const xhr = new XMLHttpRequest();
    xhr.open(method.toUpperCase(), url.href, true);
    const token = xsrfToken();
    const all: Record<string, string> = { ...(token ? { 'X-XSRF-TOKEN': token } : {}), ...headers };
    let body: XMLHttpRequestBodyInit | null = null;
    if (method !== 'get') {
      if (data instanceof FormData) body = data;
      else {
        body = JSON.stringify(data);
        all['Content-Type'] = 'application/json';
      }
    }
    for (const [name, value] of Object.entries(all)) xhr.setRequestHeader(name, value);
    if (onUploadProgress && body instanceof FormData) {
      xhr.upload.onprogress = (event) => {
        const total = event.lengthComputable ? event.total : undefined;
        onUploadProgress({
          loaded: event.loaded,
          total,
          percentage: total ? Math.round((event.loaded / total) * 100) : 0,
        });
      };
    }
    // Settle at once rather than waiting for the XHR's own abort event, which some environments never fire.
    const abort = () => {
      xhr.abort();
      reject(new AbortedError());
    };
    signal.addEventListener('abort', abort, { once: true });
    xhr.onload = () => {
      signal.removeEventListener('abort', abort);
      resolve({
        status: xhr.status,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
        body: xhr.responseText,
      });
    };
    xhr.onerror = () => {
      signal.removeEventListener('abort', abort);
      reject(new NetworkError(url.href));
    };
    xhr.onabort = () => reject(new AbortedError());
    xhr.send(body);
  });
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const index = line.indexOf(':');
    if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = line.slice(index + 1).trim();
  }
  return headers;
}
