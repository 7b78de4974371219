import { stringifyQuery } from './routes';
import type { Method, QueryStringArrayFormat, RequestPayload } from './types';

export function hrefToUrl(href: string | URL): URL {
  return new URL(href, window.location.href);
}

/** Path + query + hash: the form page objects use for `url`. */
export function urlWithoutOrigin(url: URL | string): string {
  const u = typeof url === 'string' ? hrefToUrl(url) : url;
  return u.pathname + u.search + u.hash;
}

export function urlWithoutHash(url: URL | string): string {
  const u = hrefToUrl(url);
  u.hash = '';
  return u.href;
}

export function isSameUrlWithoutHash(a: URL | string, b: URL | string): boolean {
  return urlWithoutHash(a) === urlWithoutHash(b);
}

/**
 * GET data goes to the query string (merged over what the URL already holds, qs brackets format);
 * any other method keeps the URL as is and sends the data as the body.
 */
export function transformUrlAndData(
  href: string | URL,
  data: RequestPayload,
  method: Method = 'get',
  forceFormData?: boolean,
  /** `brackets` unless told otherwise (the codec's default). */
  arrayFormat?: QueryStringArrayFormat,
): [URL, RequestPayload] {
  const url = hrefToUrl(href);
  if (method !== 'get') {
    const body =
      (forceFormData || hasFiles(data)) && !(data instanceof FormData) ? objectToFormData(data) : data;
    return [url, body];
  }
  const entries = data instanceof FormData ? Object.fromEntries(data.entries()) : data;
  const keys = Object.keys(entries);
  if (keys.length) {
    // Top-level keys of `data` replace the URL's parameters of the same name (`tags`, `tags[]`,
    // `tags[0]`…); the others stay as they are. This is qs's `{...parse(url), ...data}` without
    // shipping a parser to the browser.
    const kept = url.search
      .slice(1)
      .split('&')
      .filter((pair) => pair && !keys.includes(decodeURIComponent(pair.split('=')[0]!).split('[')[0]!));
    const query = stringifyQuery(entries, { arrayFormat, encodeValuesOnly: true });
    url.search = [...kept, ...(query ? [query] : [])].join('&');
  }
  return [url, {}];
}

export function hasFiles(value: unknown): boolean {
  if (value instanceof Blob) return true;
  if (!value || typeof value !== 'object') return false;
  const items =
    value instanceof FormData
      ? [...value.values()]
      : value instanceof FileList
        ? [...value]
        : Object.values(value);
  return items.some(hasFiles);
}

/** Nested data as multipart fields: `a[b]`, `list[0]`, booleans as `1`/`0` (what PHP/qs servers expect). */
export function objectToFormData(data: unknown, form = new FormData(), key = ''): FormData {
  if (data instanceof Blob) form.append(key, data);
  else if (data instanceof Date) form.append(key, data.toISOString());
  else if (data && typeof data === 'object') {
    const entries = Object.entries(data instanceof FileList ? Array.from(data) : data);
    for (const [name, value] of entries) objectToFormData(value, form, key ? `${key}[${name}]` : name);
  } else if (key) form.append(key, typeof data === 'boolean' ? String(+data) : String(data ?? ''));
  return form;
}
