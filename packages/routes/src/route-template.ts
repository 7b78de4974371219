import { fail } from './errors';
import { parseQuery } from './query-string';
import type { RoutesConfig } from './types';

/** `{name}` and `{name?}` placeholders in a route template (domain and path, sub-segments too). */
const PLACEHOLDER = /\{([^}?]+)(\??)\}/g;

export interface UrlMatch {
  params: Record<string, string | undefined>;
  query: Record<string, unknown>;
}

/** One named route bound to a config (closures rather than a class: smaller in the browser bundle). */
export interface RouteTemplate {
  /** Parameter names in template order (domain first). */
  names: string[];
  bindings: Record<string, string>;
  /** The URL for these parameters (Ziggy's errors when one is missing or malformed). */
  compile(params: Record<string, unknown>): string;
  /** This route's parameters if it matches the URL (`host/path?query` absolute, `/path?query` relative). */
  match(url: string): UrlMatch | false;
}

export function bindRoute(name: string, config: RoutesConfig, absolute: boolean): RouteTemplate {
  const { url: appUrl, port, routes } = config;
  const {
    domain,
    uri,
    methods,
    bindings = {},
    wheres = {},
  } = routes[name] as NonNullable<(typeof routes)[string]>;
  // Scheme + host of the app, or of the route's own domain; empty for relative URLs.
  const origin = !absolute
    ? ''
    : domain
      ? `${appUrl.match(/^\w+:\/\//)?.[0]}${domain}${port ? `:${port}` : ''}`
      : appUrl;
  const template = `${origin}/${uri}`.replace(/\/+$/, '') || '/';

  const fill = (text: string, params: Record<string, unknown>) =>
    text.replace(PLACEHOLDER, (_, segment: string, optional: string) => {
      const value = params[segment];
      const where = wheres[segment];
      const raw = String(value ?? '');
      if (!optional && value == null)
        fail('PARAMETER_REQUIRED', `'${segment}' parameter is required for route '${name}'`);
      if (where && !new RegExp(`^${optional ? `(${where})?` : where}$`).test(raw)) {
        fail(
          'PARAMETER_FORMAT',
          `'${segment}' parameter '${value}' does not match required format '${where}' for route '${name}'`,
        );
      }
      // Laravel leaves / @ : ; , = + ! * | ? & # % unencoded in path parameters but encodes $.
      return encodeURI(raw).replace(/%7C/g, '|').replace(/%25/g, '%').replace(/\$/g, '%24');
    });

  return {
    names: [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string),
    bindings,
    compile(params) {
      // The filled template starts with the filled origin; a value starting with `/` right after it
      // would double the slash, which Laravel collapses.
      const host = fill(origin, params);
      return (
        (host + fill(template, params).slice(host.length).replace(/^\/\//, '/')).replace(/\/+$/, '') || '/'
      );
    },
    match(url) {
      if (!methods.includes('GET')) return false;
      const pattern = template
        .replace(/[.*+$()[\]]/g, '\\$&')
        .replace(/(\/?)\{([^}?]*)(\??)\}/g, (_, slash: string, segment: string, optional: string) => {
          const group = `(?<${segment}>${wheres[segment]?.replace(/(^\^)|(\$$)/g, '') || '[^/?]+'})`;
          return optional ? `(${slash}${group})?` : slash + group;
        })
        .replace(/^\w+:\/\//, '');
      const [location = '', query] = url.replace(/^\w+:\/\//, '').split('?');
      const regex = new RegExp(`^${pattern}/?$`);
      const found = regex.exec(location) ?? regex.exec(decodeURI(location));
      if (!found) return false;
      const params: Record<string, string | undefined> = Object.create(null);
      for (const [key, value] of Object.entries(found.groups ?? {}))
        params[key] = value && decodeURIComponent(value);
      return { params, query: parseQuery(query ?? '') };
    },
  };
}
