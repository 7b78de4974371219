/**
 * A small query-string codec that produces and reads exactly what `qs` does with the options the
 * page protocol uses, so the browser bundle needs no `qs` at run time (the 3 KB budget).
 *
 * - `stringifyQuery(value, opts)` === `qs.stringify(value, opts)` for plain data (objects, arrays,
 *   strings, numbers, booleans, bigints, null, undefined, Dates).
 * - `parseQuery(str)` === `qs.parse(str, { ignoreQueryPrefix: true, depth: 5, arrayLimit: 20,
 *   parameterLimit: 1000 })` (qs's own defaults, and docs/protocol.md's constants), including qs's
 *   limit behaviour: indices ≥ 20 and arrays growing past 20 items become objects, segments past
 *   depth 5 stay one literal key, parameters after the 1000th are dropped, keys that shadow
 *   Object.prototype are ignored.
 */

import { own as has, isArray, isObject as isObj } from './util';

export interface StringifyQueryOptions {
  /** `brackets` (`a[]=1`, the default here as in Inertia) or `indices` (`a[0]=1`, as Ziggy). */
  arrayFormat?: 'brackets' | 'indices';
  /** Leave keys unencoded (`a[b]=1` instead of `a%5Bb%5D=1`), as Inertia and Ziggy do. */
  encodeValuesOnly?: boolean;
  /** Leave out `null` values instead of writing `key=`. */
  skipNulls?: boolean;
  /** Start a non-empty result with `?`. */
  addQueryPrefix?: boolean;
  /** Write booleans as `1`/`0`, as Ziggy does for route() query strings (not a qs option). */
  booleansAsNumbers?: boolean;
}

export type QueryValue = unknown;
type Obj = Record<string, unknown>;

const DEPTH = 5;
const ARRAY_LIMIT = 20;
const PARAMETER_LIMIT = 1000;

/** RFC 3986 percent-encoding of UTF-8 bytes, keeping only `A-Z a-z 0-9 - . _ ~` (qs's encoder). */
export function encodeQueryComponent(input: unknown): string {
  // Lone surrogates have no UTF-8 form: qs (like TextEncoder) writes U+FFFD for them, which is what
  // toWellFormed() does (engines without it throw URIError on such strings instead).
  const s = String(input) as string & { toWellFormed?: () => string };
  // encodeURIComponent leaves !'()* alone; qs encodes them (escape() does all but *).
  return encodeURIComponent(s.toWellFormed?.() ?? s).replace(/[!'()*]/g, (c) =>
    c === '*' ? '%2A' : escape(c),
  );
}

export function stringifyQuery(value: QueryValue, options: StringifyQueryOptions = {}): string {
  const { arrayFormat, encodeValuesOnly, skipNulls, addQueryPrefix, booleansAsNumbers } = options;
  const parts: string[] = [];
  // `prefix` is undefined only at the top level, where keys stand bare and scalars are ignored.
  const walk = (v: unknown, prefix?: string): void => {
    let val = v instanceof Date ? v.toISOString() : v === null ? '' : v;
    if (booleansAsNumbers && typeof val === 'boolean') val = +val;
    if (prefix !== undefined && val !== undefined && Object(val) !== val) {
      parts.push(`${encodeValuesOnly ? prefix : encodeQueryComponent(prefix)}=${encodeQueryComponent(val)}`);
    } else if (isObj(val)) {
      for (const key of Object.keys(val)) {
        const item = val[key];
        if (skipNulls && item === null) continue;
        walk(
          item,
          prefix === undefined
            ? key
            : isArray(val) && arrayFormat !== 'indices'
              ? `${prefix}[]`
              : `${prefix}[${key}]`,
        );
      }
    }
  };
  walk(value);
  const joined = parts.join('&');
  return joined && addQueryPrefix ? `?${joined}` : joined;
}

// --- parsing ---------------------------------------------------------------------------------

/**
 * qs turns an array that would pass the array limit into an object with numeric keys and keeps
 * appending to it after its largest index; it does the same for the array it makes when a key is
 * both a value and an object (`a[b]=1&a=2`). One map remembers that index for both kinds: a
 * value/object conflict only ever exists in the result tree, where both kinds behave alike.
 */
const overflow = new WeakMap<object, number>();

const mark = (o: Obj | unknown[], i: number) => {
  overflow.set(o, i);
  return o;
};

// Parsed arrays never hold `undefined` (only holes), so copying own keys is qs's arrayToObject.
const toObject = (arr: unknown[]): Obj => ({ ...arr });

/** Set an object's remembered next-index base to the largest numeric key it has (or `base`). */
const raise = (o: Obj, base: number) => {
  for (const k of Object.keys(o)) {
    const n = Number.parseInt(k);
    if (String(n) === k && n > base) base = n;
  }
  overflow.set(o, base);
};

const count = (arr: unknown[]) => Object.keys(arr).length;

/** Append `b` (spread one level) to `a`, turning the result into an overflow object past the limit. */
const combine = (a: unknown, b: unknown): unknown => {
  if (isObj(a) && overflow.has(a)) {
    let i = overflow.get(a) as number;
    for (const v of isArray(b) ? b : [b]) a[++i] = v;
    overflow.set(a, i);
    return a;
  }
  const r = ([] as unknown[]).concat(a, b);
  return r.length > ARRAY_LIMIT ? mark(toObject(r), r.length - 1) : r;
};

const decode = (s: string): string => {
  const t = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(t);
  } catch {
    return t;
  }
};

const shadowsPrototype = (k: string) => has(Object.prototype, k);

/** Split `a[b][c]` into `['a', '[b]', '[c]']`, at most DEPTH groups; null when a key is unsafe. */
const segments = (key: string): string[] | null => {
  let open = key.indexOf('[');
  const parent = open < 0 ? key : key.slice(0, open);
  const out: string[] = [];
  if (parent) {
    if (shadowsPrototype(parent)) return null;
    out.push(parent);
  }
  let groups = 0;
  while (open >= 0 && groups++ < DEPTH) {
    let level = 0;
    let close = -1;
    for (let i = open; i < key.length && close < 0; i++) {
      if (key[i] === '[') level++;
      else if (key[i] === ']' && !--level) close = i;
    }
    if (close < 0) {
      out.push(`[${key.slice(open)}]`);
      return out;
    }
    if (shadowsPrototype(key.slice(open + 1, close))) return null;
    out.push(key.slice(open, close + 1));
    open = key.indexOf('[', close + 1);
  }
  if (open >= 0) out.push(`[${key.slice(open)}]`);
  return out;
};

/** Build the nested value for one key chain, innermost first. */
const build = (chain: string[], value: unknown): unknown => {
  let leaf = value;
  for (let i = chain.length - 1; i >= 0; i--) {
    const root = chain[i] as string;
    let node: Obj | unknown[];
    if (root === '[]') {
      node = (isObj(leaf) && overflow.has(leaf) ? leaf : combine([], leaf)) as Obj | unknown[];
    } else {
      const clean = root[0] === '[' && root.endsWith(']') ? root.slice(1, -1) : root;
      // No radix needed: only canonical decimal strings pass the String(index) === clean check.
      const index = Number.parseInt(clean);
      const isIndex = root !== clean && String(index) === clean && index >= 0;
      if (isIndex && index < ARRAY_LIMIT) {
        node = [];
        node[index] = leaf;
      } else {
        node = { [clean]: leaf };
        if (isIndex) overflow.set(node, index);
      }
    }
    leaf = node;
  }
  return leaf;
};

const merge = (target: unknown, source: unknown): unknown => {
  if (!source) return target;
  if (!isObj(source)) {
    if (isArray(target)) {
      if (count(target) >= ARRAY_LIMIT) return mark(toObject(target.concat(source)), target.length);
      target.push(source);
    } else if (isObj(target)) {
      if (!overflow.has(target)) return mark([target, source], 1);
      const i = (overflow.get(target) as number) + 1;
      target[i] = source;
      overflow.set(target, i);
    } else return [target, source];
    return target;
  }
  if (!isObj(target)) {
    if (overflow.has(source)) {
      const r: Obj = { 0: target };
      for (const k of Object.keys(source)) r[Number.parseInt(k, 10) + 1] = source[k];
      return mark(r, (overflow.get(source) as number) + 1);
    }
    return combine(target, source);
  }
  if (isArray(target) && isArray(source)) {
    source.forEach((item, i) => {
      if (!has(target, i)) target[i] = item;
      else if (isObj(target[i]) && isObj(item)) target[i] = merge(target[i], item);
      else target.push(item);
    });
    return count(target) > ARRAY_LIMIT ? mark(toObject(target), target.length - 1) : target;
  }
  let acc = target as Obj;
  if (isArray(target)) {
    acc = toObject(target);
    if (overflow.has(target)) overflow.set(acc, target.length - 1);
  }
  for (const key of Object.keys(source))
    acc[key] = has(acc, key) ? merge(acc[key], source[key]) : source[key];
  const base = overflow.get(acc) ?? overflow.get(source);
  if (base !== undefined) raise(acc, base);
  return acc;
};

/** Drop the holes that explicit indices (`a[3]=x`) leave in arrays. */
const compact = (value: unknown): unknown => {
  if (!isObj(value)) return value;
  if (isArray(value)) return Object.values(value).map(compact);
  for (const k of Object.keys(value)) value[k] = compact(value[k]);
  return value;
};

export function parseQuery(input: string): Record<string, unknown> {
  const str = input.replace(/^\?/, '').replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  if (!str) return {};
  // Flat pass first (as qs): identical raw keys combine into arrays before any nesting.
  const flat: Obj = Object.create(null);
  for (const part of str.split('&', PARAMETER_LIMIT)) {
    const bracketEq = part.indexOf(']=');
    const pos = bracketEq < 0 ? part.indexOf('=') : bracketEq + 1;
    const key = decode(pos < 0 ? part : part.slice(0, pos));
    const val = pos < 0 ? '' : decode(part.slice(pos + 1));
    flat[key] = has(flat, key) ? combine(flat[key], val) : val;
  }
  let result: unknown = {};
  for (const key of Object.keys(flat)) {
    const chain = key ? segments(key) : null;
    if (chain) result = merge(result, build(chain, flat[key]));
  }
  return compact(result) as Record<string, unknown>;
}
