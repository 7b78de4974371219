import type { Page } from './types';

type Bag = Record<string, unknown>;

const isObject = (value: unknown): value is Bag =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const getPath = (source: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), source);

function setPath(target: Bag, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node = target;
  for (const key of keys) node = node[key] = { ...(node[key] as Bag) };
  node[last] = value;
}

/**
 * Props after a partial reload of the same component: the answer's props over the current ones, and
 * for the paths the server lists in `mergeProps` (append), `prependProps` or `deepMergeProps` the
 * old and new values combined: arrays joined, objects merged. With `matchPropsOn` (`users.data.id`)
 * an incoming item replaces the current item with the same key where it stands. Paths named in
 * `reset` are replaced instead.
 */
export function mergePartialProps(current: Page, incoming: Page, reset: string[]): Page['props'] {
  const props: Bag = { ...current.props, ...incoming.props };
  const matchOn: Record<string, string> = {};
  for (const entry of incoming.matchPropsOn ?? []) {
    const dot = entry.lastIndexOf('.');
    matchOn[entry.slice(0, dot)] = entry.slice(dot + 1);
  }
  /** mode 0: append, 1: prepend, 2: deep merge. */
  const merge = (old: unknown, value: unknown, path: string, mode: number): unknown => {
    if (Array.isArray(old) && Array.isArray(value)) {
      const key = matchOn[path];
      const keyOf = (item: unknown) => (key && isObject(item) ? item[key] : undefined);
      const incomingByKey = new Map(
        value.filter((item) => keyOf(item) !== undefined).map((item) => [keyOf(item), item]),
      );
      const kept = old.map((item) => {
        const replacement = incomingByKey.get(keyOf(item));
        if (replacement) incomingByKey.delete(keyOf(item));
        return replacement ?? item;
      });
      const added = value.filter((item) => keyOf(item) === undefined || incomingByKey.has(keyOf(item)));
      return mode === 1 ? [...added, ...kept] : [...kept, ...added];
    }
    if (!isObject(old) || !isObject(value)) return value;
    if (mode < 2) return mode ? { ...value, ...old } : { ...old, ...value };
    const merged: Bag = { ...old };
    for (const key in value) merged[key] = merge(old[key], value[key], `${path}.${key}`, 2);
    return merged;
  };
  [incoming.mergeProps, incoming.prependProps, incoming.deepMergeProps].forEach((paths, mode) => {
    for (const path of paths ?? []) {
      const value = getPath(incoming.props, path);
      if (value !== undefined && !reset.includes(path.split('.')[0]!))
        setPath(props, path, merge(getPath(current.props, path), value, path, mode));
    }
  });
  return props as Page['props'];
}
