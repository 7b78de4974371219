/**
 * A small query-string codec that produces and reads exactly what `qs` does with the options the
 * page protocol uses, so the browser bundle needs no `qs` at run time (the 3 KB budget).
 *
 * - `stringifyQuery(value, opts)` === `qs.stringify(value, opts)` for plain data (objects, arrays,
 *   strings, numbers, booleans, bigints, null, undefined, Dates).
 * - `parseQuery(str)` === `qs.parse(str, { ignoreQueryPrefix: true, depth: 5, arrayLimit: 20,
 *   parameterLimit: 1000 })` (qs's own defaults, and PROTOCOL.md's constants), including qs's
 *   limit behaviour: indices ≥ 20 and arrays growing past 20 items become objects, segments past
 *   depth 5 stay one literal key, parameters after the 1000th are dropped, keys that shadow
 *   Object.prototype are ignored.
 */

export interface StringifyQueryOptions {
  /** `brackets` (`a[]=1`, the default here as in Inertia) or `indices` (`a[0]=1`, as Ziggy). */
  arrayFormat?: 'brackets' | 'indices';
  /** Leave keys unencoded (`a[b]=1` instead of `a%5Bb%5D=1`), as Inertia and Ziggy do. */
  encodeValuesOnly?: boolean;
  /** Leave out `null` values instead of writing `key=`. */
  skipNulls?: boolean;
  /** Start a non-empty result with `?`. */
  addQueryPrefix?: boolean;
}

export type QueryValue = unknown;
type Obj = Record<string, unknown>;

const DEPTH = 5;
const ARRAY_LIMIT = 20;
const PARAMETER_LIMIT = 1000;

const isArray = Array.isArray;
const has = (o: object, k: PropertyKey) => Object.hasOwn(o, k);
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object';

const hex = (c: number) => `%${c < 16 ? '0' : ''}${c.toString(16).toUpperCase()}`;

/** RFC 3986 percent-encoding of UTF-8 bytes, keeping only `A-Z a-z 0-9 - . _ ~` (qs's encoder). */
export function encodeQueryComponent(input: unknown): string {
  const s = typeof input === 'symbol' ? input.toString() : String(input);
  let out = '';
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (/[\w.~-]/.test(s[i] as string)) out += s[i];
    else if (c < 0x80) out += hex(c);
    else if (c < 0x800) out += hex(0xc0 | (c >> 6)) + hex(0x80 | (c & 63));
    else if (c < 0xd800 || c >= 0xe000)
      out += hex(0xe0 | (c >> 12)) + hex(0x80 | ((c >> 6) & 63)) + hex(0x80 | (c & 63));
    else {
      const next = s.charCodeAt(i + 1);
      if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) {
        // A lone surrogate has no UTF-8 form: qs (like TextEncoder) writes U+FFFD.
        out += '%EF%BF%BD';
        continue;
      }
      i++;
      c = 0x10000 + (((c & 0x3ff) << 10) | (next & 0x3ff));
      out +=
        hex(0xf0 | (c >> 18)) +
        hex(0x80 | ((c >> 12) & 63)) +
        hex(0x80 | ((c >> 6) & 63)) +
        hex(0x80 | (c & 63));
    }
  }
  return out;
}

export function stringifyQuery(value: QueryValue, options: StringifyQueryOptions = {}): string {
  const { arrayFormat = 'brackets', encodeValuesOnly, skipNulls, addQueryPrefix } = options;
  const parts: string[] = [];
  const walk = (v: unknown, prefix: string): void => {
    let val = v instanceof Date ? v.toISOString() : v;
    if (val === null) val = '';
    const t = typeof val;
    if (t === 'string' || t === 'number' || t === 'boolean' || t === 'bigint' || t === 'symbol') {
      const s = typeof val === 'symbol' ? val.toString() : String(val);
      parts.push(`${encodeValuesOnly ? prefix : encodeQueryComponent(prefix)}=${encodeQueryComponent(s)}`);
      return;
    }
    if (!isObj(val)) return;
    for (const key of Object.keys(val)) {
      const item = (val as Obj)[key];
      if (skipNulls && item === null) continue;
      walk(
        item,
        isArray(val)
          ? arrayFormat === 'indices'
            ? `${prefix}[${key}]`
            : `${prefix}[]`
          : `${prefix}[${key}]`,
      );
    }
  };
  if (isObj(value)) {
    for (const key of Object.keys(value)) {
      if (skipNulls && value[key] === null) continue;
      walk(value[key], key);
    }
  }
  const joined = parts.join('&');
  return joined && addQueryPrefix ? `?${joined}` : joined;
}

// --- parsing ---------------------------------------------------------------------------------

/**
 * qs turns an array that would pass the array limit into an object with numeric keys and keeps
 * appending to it at the next index; it remembers which objects are such "overflow" arrays (and
 * which arrays were made by a value/object conflict) so later duplicates keep appending.
 */
const overflow = new WeakMap<object, number>();
const conflict = new WeakMap<object, number>();

const mark = (map: WeakMap<object, number>, o: Obj | unknown[], i: number) => (map.set(o, i), o);

const toObject = (arr: unknown[]): Obj => {
  const o: Obj = {};
  arr.forEach((v, i) => {
    if (v !== undefined) o[i] = v;
  });
  return o;
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
  return r.length > ARRAY_LIMIT ? mark(overflow, toObject(r), r.length - 1) : r;
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
  while (open >= 0 && out.length - (parent ? 1 : 0) < DEPTH) {
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
      const index = Number.parseInt(clean, 10);
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
      if (count(target) >= ARRAY_LIMIT) return mark(overflow, toObject(target.concat(source)), target.length);
      target.push(source);
    } else if (isObj(target)) {
      const map = overflow.has(target) ? overflow : conflict.has(target) ? conflict : null;
      if (!map) return mark(conflict, [target, source], 1);
      const i = (map.get(target) as number) + 1;
      target[i] = source;
      map.set(target, i);
    } else return [target, source];
    return target;
  }
  if (!isObj(target)) {
    if (overflow.has(source)) {
      const r: Obj = { 0: target };
      for (const k of Object.keys(source)) r[Number.parseInt(k, 10) + 1] = source[k];
      return mark(overflow, r, (overflow.get(source) as number) + 1);
    }
    return combine(target, source);
  }
  if (isArray(target) && isArray(source)) {
    source.forEach((item, i) => {
      if (!has(target, i)) target[i] = item;
      else if (isObj(target[i]) && isObj(item)) target[i] = merge(target[i], item);
      else target.push(item);
    });
    return count(target) > ARRAY_LIMIT ? mark(overflow, toObject(target), target.length - 1) : target;
  }
  let acc = target as Obj;
  if (isArray(target)) {
    acc = toObject(target);
    if (conflict.has(target)) conflict.set(acc, target.length - 1);
  }
  for (const key of Object.keys(source)) {
    acc[key] = has(acc, key) ? merge(acc[key], source[key]) : source[key];
    const n = Number.parseInt(key, 10);
    const numeric = String(n) === key;
    if (overflow.has(source) && !overflow.has(acc)) {
      let max = overflow.get(source) as number;
      for (const k of Object.keys(acc)) {
        const m = Number.parseInt(k, 10);
        if (String(m) === k && m > max) max = m;
      }
      overflow.set(acc, max);
    }
    if (overflow.has(acc) && numeric && n >= 0 && n > (overflow.get(acc) as number)) overflow.set(acc, n);
    if (conflict.has(acc) && numeric && n > (conflict.get(acc) as number)) conflict.set(acc, n);
  }
  return acc;
};

/** Drop the holes that explicit indices (`a[3]=x`) leave in arrays. */
const compact = (value: unknown): unknown => {
  if (!isObj(value)) return value;
  if (isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  for (const k of Object.keys(value)) value[k] = compact(value[k]);
  return value;
};

export function parseQuery(input: string): Record<string, unknown> {
  const str = (input || '').replace(/^\?/, '').replace(/%5B/gi, '[').replace(/%5D/gi, ']');
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
