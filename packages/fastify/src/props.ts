/**
 * Page props are plain values or functions. Functions run only when the prop is sent, so a
 * partial reload runs only the functions it asked for. Wrappers change when a prop is sent.
 */
export type PropValue = unknown;
export type Resolver<T = unknown> = () => T | Promise<T>;

const KIND = Symbol('renderfarm.prop');

type Kind = 'optional' | 'always' | 'defer' | 'merge';

export interface PropWrapper<T = unknown> {
  readonly [KIND]: Kind;
  readonly value: T | Resolver<T>;
  /** `defer()`: the group fetched together after the first render. */
  readonly group?: string;
  /** `merge()`/`defer().merge()`: how the client merges the new value into the old one. */
  readonly merge?: { deep: boolean; matchOn: string[] };
}

const wrap = <T>(
  kind: Kind,
  value: T | Resolver<T>,
  extra: Partial<PropWrapper<T>> = {},
): PropWrapper<T> => ({
  [KIND]: kind,
  value,
  ...extra,
});

/** Sent only when a partial reload asks for it by name (never on a full visit). */
export const optional = <T>(resolver: Resolver<T>): PropWrapper<T> => wrap('optional', resolver);

/** Sent on every response, even partial reloads that did not ask for it. */
export const always = <T>(value: T | Resolver<T>): PropWrapper<T> => wrap('always', value);

/**
 * Left out of the first response and listed in `deferredProps[group]`; the client fetches each
 * group with a partial reload right after rendering.
 */
export const defer = <T>(
  resolver: Resolver<T>,
  group = 'default',
  mergeOptions?: MergeOptions,
): PropWrapper<T> =>
  wrap('defer', resolver, { group, ...(mergeOptions ? { merge: toMerge(mergeOptions) } : {}) });

export interface MergeOptions {
  /** Merge nested objects and arrays too (sent as `deepMergeProps`). */
  deep?: boolean;
  /** Keys identifying array items to replace instead of append (sent as `matchPropsOn`). */
  matchOn?: string | string[];
}

const toMerge = (o: MergeOptions) => ({
  deep: !!o.deep,
  matchOn: o.matchOn === undefined ? [] : Array.isArray(o.matchOn) ? o.matchOn : [o.matchOn],
});

/** On partial reloads the client merges this prop into the one it has (listed in `mergeProps`). */
export const merge = <T>(value: T | Resolver<T>, options: MergeOptions = {}): PropWrapper<T> =>
  wrap('merge', value, { merge: toMerge(options) });

export const isPropWrapper = (v: unknown): v is PropWrapper =>
  typeof v === 'object' && v !== null && KIND in (v as object);

const kindOf = (v: unknown): Kind | undefined => (isPropWrapper(v) ? v[KIND] : undefined);

export interface PartialRequest {
  /** `X-Inertia-Partial-Data`, already split. */
  only: string[];
  /** `X-Inertia-Partial-Except`, already split. */
  except: string[];
  /** `X-Inertia-Reset`: merge props the client wants replaced, not merged. */
  reset: string[];
}

export interface ResolvedProps {
  props: Record<string, unknown>;
  deferredProps?: Record<string, string[]>;
  mergeProps?: string[];
  deepMergeProps?: string[];
  matchPropsOn?: string[];
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** Whether a value holds anything to run or await (functions, promises, wrappers) at any depth. */
function isLazy(v: unknown, depth = 0): boolean {
  if (typeof v === 'function' || isPropWrapper(v) || v instanceof Promise) return true;
  if (depth > 64) return false;
  if (Array.isArray(v)) return v.some((x) => isLazy(x, depth + 1));
  if (isPlainObject(v)) {
    for (const key in v) if (isLazy(v[key], depth + 1)) return true;
  }
  return false;
}

/**
 * Run a prop's functions (the prop itself, then nested ones in plain objects and arrays). Plain
 * data is returned as it is, without copying: most props are rows, not functions.
 */
export async function resolveValue(value: unknown): Promise<unknown> {
  let v = isPropWrapper(value) ? value.value : value;
  if (typeof v === 'function') v = await (v as Resolver)();
  else if (v instanceof Promise) v = await v;
  if (!isLazy(v)) return v;
  if (Array.isArray(v)) return Promise.all(v.map(resolveValue));
  if (isPlainObject(v)) {
    const entries = await Promise.all(
      Object.entries(v).map(async ([k, x]) => [k, await resolveValue(x)] as const),
    );
    return Object.fromEntries(entries);
  }
  return v;
}

const pick = (value: unknown, path: string[]): unknown => {
  let v = value;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
};

/**
 * Decide which props this response carries and resolve only those.
 * - Full visit: everything except `optional()` and `defer()` props; deferred ones are listed.
 * - Partial reload of the same component: the keys in `only` (dot paths reach into a prop) minus
 *   `except`, plus `always()` props. `errors` is always sent.
 */
export async function resolveProps(
  all: Record<string, unknown>,
  partial: PartialRequest | null,
): Promise<ResolvedProps> {
  const out: ResolvedProps = { props: {} };
  const selected: [string, unknown, string[] | null][] = [];
  const deferred: Record<string, string[]> = {};
  const onlyTop = new Map<string, string[][]>();
  for (const path of partial?.only ?? []) {
    const [top, ...rest] = path.split('.');
    if (!top) continue;
    const paths = onlyTop.get(top) ?? [];
    paths.push(rest);
    onlyTop.set(top, paths);
  }
  const except = new Set(partial?.except ?? []);

  for (const [key, value] of Object.entries(all)) {
    const kind = kindOf(value);
    if (!partial) {
      if (kind === 'optional') continue;
      if (kind === 'defer') {
        const group = (value as PropWrapper).group ?? 'default';
        deferred[group] = [...(deferred[group] ?? []), key];
        continue;
      }
      selected.push([key, value, null]);
      continue;
    }
    const always = kind === 'always' || key === 'errors';
    const asked = partial.only.length === 0 || onlyTop.has(key);
    if (always || (asked && !except.has(key))) {
      const paths = onlyTop.get(key);
      // A dot path asks for part of a prop; a bare key (empty rest) asks for all of it.
      const subPaths =
        !always && paths && !paths.some((p) => p.length === 0) ? paths.map((p) => p.join('.')) : null;
      selected.push([key, value, subPaths]);
    }
  }

  const resolved = await Promise.all(
    selected.map(async ([key, value, subPaths]) => {
      const full = await resolveValue(value);
      if (!subPaths) return [key, full] as const;
      // Keep only the asked-for nested paths, in their nested shape.
      const partialValue: Record<string, unknown> = {};
      for (const sub of subPaths) {
        const segments = sub.split('.');
        let target = partialValue;
        segments.forEach((segment, i) => {
          if (i === segments.length - 1) target[segment] = pick(full, segments);
          else {
            target[segment] ??= {};
            target = target[segment] as Record<string, unknown>;
          }
        });
      }
      return [key, partialValue] as const;
    }),
  );
  for (const [key, value] of resolved) out.props[key] = value;

  const reset = new Set(partial?.reset ?? []);
  const mergeProps: string[] = [];
  const deepMergeProps: string[] = [];
  const matchPropsOn: string[] = [];
  for (const [key, value] of Object.entries(all)) {
    if (!isPropWrapper(value) || !value.merge || reset.has(key)) continue;
    const sent = key in out.props;
    const willBeDeferred = !partial && value[KIND] === 'defer';
    if (!sent && !willBeDeferred) continue;
    (value.merge.deep ? deepMergeProps : mergeProps).push(key);
    for (const m of value.merge.matchOn) matchPropsOn.push(`${key}.${m}`);
  }
  if (Object.keys(deferred).length) out.deferredProps = deferred;
  if (mergeProps.length) out.mergeProps = mergeProps;
  if (deepMergeProps.length) out.deepMergeProps = deepMergeProps;
  if (matchPropsOn.length) out.matchPropsOn = matchPropsOn;
  return out;
}
