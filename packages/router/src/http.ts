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
  /** Lower-case header names. */
  headers: Record<string, string>;
  body: string;
}

/** Raised for an aborted request, as fetch does. */
export const aborted = () => new DOMException('Visit aborted', 'AbortError');

/**
 * XMLHttpRequest rather than fetch: it is the only browser API that reports upload progress.
 * No timeout is set (docs/protocol.md: no request timeout). Browsers follow redirects inside XHR and never
 * show a 3xx; one that does reach us (a service worker, a test double) is followed the same way:
 * 307/308 repeat the request, the others become a GET.
 */
export function send(request: HttpRequest): Promise<HttpResponse> {
  const { method, url, data, signal, onUploadProgress } = request;
  return new Promise<HttpResponse>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    // The cookie Laravel and our server set for double-submit CSRF protection.
    const token = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1];
    const headers: Record<string, string> = {
      ...(token && { 'X-XSRF-TOKEN': decodeURIComponent(token) }),
      ...request.headers,
    };
    const body = method === 'get' ? null : data instanceof FormData ? data : JSON.stringify(data);
    if (typeof body === 'string') headers['Content-Type'] = 'application/json';
    // Settle at once rather than on the XHR's own abort event, which some environments never fire.
    const abort = () => {
      xhr.abort();
      reject(aborted());
    };
    if (signal.aborted) return abort();
    xhr.open(method.toUpperCase(), url.href);
    for (const name in headers) xhr.setRequestHeader(name, headers[name]!);
    if (onUploadProgress && body instanceof FormData) {
      xhr.upload.onprogress = ({ loaded, total, lengthComputable }) =>
        onUploadProgress({
          loaded,
          total: lengthComputable ? total : undefined,
          percentage: lengthComputable ? Math.round((loaded / total) * 100) : 0,
        });
    }
    // One signal per visit: the listener goes away with it.
    signal.addEventListener('abort', abort);
    xhr.onerror = () => reject(new NetworkError(url.href));
    xhr.onload = () => {
      const headers: Record<string, string> = {};
      for (const [, name, value] of xhr.getAllResponseHeaders().matchAll(/^(.+?): (.*?)\r?$/gm))
        headers[name!.toLowerCase()] = value!;
      const { status } = xhr;
      if (headers.location && status > 300 && status < 309) {
        const repeat = status > 306;
        resolve(
          send({
            ...request,
            url: new URL(headers.location, url),
            ...(!repeat && { method: 'get', data: {} }),
          }),
        );
      } else resolve({ status, headers, body: xhr.responseText });
    };
    xhr.send(body);
  });
}
