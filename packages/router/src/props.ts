import type { Page } from './types';

type Bag = Record<string, unknown>;

const isObject = (value: unknown): value is Bag =>
  !!value && typeof value === 'object' && !Array.isArray(value);

function getPath(source: Bag, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), source);
}

function setPath(target: Bag, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node = target;
  for (const key of keys) {
    node[key] = isObject(node[key]) ? { ...(node[key] as Bag) } : {};
    node = node[key] as Bag;
  }
  node[last] = value;
}

/** Appends (or prepends) `incoming` to `current`; items with an equal `matchKey` replace the old one in place. */
function mergeArrays(
  current: unknown[],
  incoming: unknown[],
  matchKey: string | undefined,
  prepend: boolean,
): unknown[] {
  if (!matchKey) return prepend ? [...incoming, ...current] : [...current, ...incoming];
  const keyOf = (item: unknown) => (isObject(item) ? item[matchKey] : undefined);
  const byKey = new Map(
    incoming.filter((item) => keyOf(item) !== undefined).map((item) => [keyOf(item), item]),
  );
  const kept = current.map((item) => {
    const key = keyOf(item);
    if (key !== undefined && byKey.has(key)) {
      const replacement = byKey.get(key);
      byKey.delete(key);
      return replacement;
    }
    return item;
  });
  const added = incoming.filter((item) => keyOf(item) === undefined || byKey.has(keyOf(item)));
  return prepend ? [...added, ...kept] : [...kept, ...added];
}

function deepMerge(current: unknown, incoming: unknown, path: string, matchOn: Map<string, string>): unknown {
  if (Array.isArray(current) && Array.isArray(incoming))
    return mergeArrays(current, incoming, matchOn.get(path), false);
  if (isObject(current) && isObject(incoming)) {
    const merged: Bag = { ...current };
    for (const [key, value] of Object.entries(incoming))
      merged[key] = deepMerge(current[key], value, `${path}.${key}`, matchOn);
    return merged;
  }
  return incoming;
}

/**
 * Props after a partial reload of the same component: the answer's props over the current ones, and
 * for the keys the server lists in `mergeProps` / `prependProps` / `deepMergeProps` the old and new
 * values combined (arrays joined, objects merged). Keys named in `reset` are replaced instead.
 */
export function mergePartialProps(current: Page, incoming: Page, reset: string[]): Page['props'] {
  const props: Bag = { ...current.props, ...incoming.props };
  const matchOn = new Map(
    (incoming.matchPropsOn ?? []).map((entry) => {
      const index = entry.lastIndexOf('.');
      return [entry.slice(0, index), entry.slice(index + 1)] as const;
    }),
  );
  const apply = (
    paths: string[] | undefined,
    combine: (old: unknown, value: unknown, path: string) => unknown,
  ) => {
    for (const path of paths ?? []) {
      if (reset.includes(path.split('.')[0]!)) continue;
      const value = getPath(incoming.props, path);
      if (value === undefined) continue;
      setPath(props, path, combine(getPath(current.props, path), value, path));
    }
  };
  const shallow = (prepend: boolean) => (old: unknown, value: unknown, path: string) => {
    if (Array.isArray(old) && Array.isArray(value))
      return mergeArrays(old, value, matchOn.get(path), prepend);
    if (isObject(old) && isObject(value)) return prepend ? { ...value, ...old } : { ...old, ...value };
    return value;
  };
  apply(incoming.mergeProps, shallow(false));
  apply(incoming.prependProps, shallow(true));
  apply(incoming.deepMergeProps, (old, value, path) => deepMerge(old, value, path, matchOn));
  return props as Page['props'];
}
