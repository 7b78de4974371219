/**
 * Prop markers: how a value of `page(component, props)` takes part in partial reloads, deferred
 * loading and merging, as an Inertia server adapter treats `Inertia::defer()`, `optional()`,
 * `always()` and `merge()`. A plain value (or a function, called when the prop is sent) is an
 * ordinary prop: sent on every full visit, and on a partial reload when it is asked for.
 */
export type PropValue<T = unknown> = T | (() => T | Promise<T>);

export type MergeMode = 'append' | 'prepend' | 'deep';

export interface PropMarker<T = unknown> {
  readonly kind: 'defer' | 'optional' | 'always' | 'merge';
  readonly value: PropValue<T>;
  /** `deferredProps` group the client fetches together (defer only). */
  readonly group?: string;
  /** How the client combines it with the value it already shows (merge, or a merging defer). */
  readonly merge?: MergeMode;
}

const MARKER = Symbol.for('renderfarm.testing.prop');
type Marked<T> = PropMarker<T> & { [MARKER]: true };

function mark<T>(marker: PropMarker<T>): PropMarker<T> {
  return Object.assign(marker, { [MARKER]: true as const }) as Marked<T>;
}

export function isPropMarker(value: unknown): value is PropMarker {
  return typeof value === 'object' && value !== null && MARKER in value;
}

/** Left out of the first answer and listed in `deferredProps[group]`; the client asks for it next. */
export function defer<T>(value: PropValue<T>, group = 'default', merge?: MergeMode): PropMarker<T> {
  return mark({ kind: 'defer', value, group, ...(merge ? { merge } : {}) });
}

/** Sent only on a partial reload that names it (`only: ['x']`). */
export function optional<T>(value: PropValue<T>): PropMarker<T> {
  return mark({ kind: 'optional', value });
}

/** Sent on every answer, partial reloads included, whatever `only`/`except` say. */
export function always<T>(value: PropValue<T>): PropMarker<T> {
  return mark({ kind: 'always', value });
}

/** Listed in `mergeProps` (append), `prependProps` or `deepMergeProps` so the client combines it. */
export function merge<T>(value: PropValue<T>, mode: MergeMode = 'append'): PropMarker<T> {
  return mark({ kind: 'merge', value, merge: mode });
}

/** What the request asks of the page: the partial-reload headers, read once. */
export interface PartialRequest {
  /** Partial-Data keys, or undefined when the request names none. */
  only?: string[];
  except: string[];
  /** X-Inertia-Reset: merge props the client replaces instead of combining. */
  reset: string[];
}

export interface ResolvedProps {
  props: Record<string, unknown>;
  deferredProps?: Record<string, string[]>;
  mergeProps?: string[];
  prependProps?: string[];
  deepMergeProps?: string[];
}

const MERGE_LIST = { append: 'mergeProps', prepend: 'prependProps', deep: 'deepMergeProps' } as const;

/**
 * The props one answer carries. A full visit (`partial` undefined) gets every ordinary, `always`
 * and `merge` prop, and the names of the deferred ones grouped in `deferredProps`; a partial reload
 * gets the props it names in Partial-Data (all but Partial-Except when it names none), deferred and
 * optional ones included, plus every `always` prop.
 */
export async function resolveProps(
  declared: Record<string, unknown>,
  partial: PartialRequest | undefined,
): Promise<ResolvedProps> {
  const result: ResolvedProps = { props: {} };
  for (const [key, declaredValue] of Object.entries(declared)) {
    const marker = isPropMarker(declaredValue) ? declaredValue : undefined;
    if (!included(key, marker, partial)) {
      if (!partial && marker?.kind === 'defer') {
        const group = marker.group ?? 'default';
        result.deferredProps = {
          ...result.deferredProps,
          [group]: [...(result.deferredProps?.[group] ?? []), key],
        };
      }
      continue;
    }
    const value = marker ? marker.value : declaredValue;
    result.props[key] = typeof value === 'function' ? await (value as () => unknown)() : value;
    if (marker?.merge && !partial?.reset.includes(key)) {
      const list = MERGE_LIST[marker.merge];
      result[list] = [...(result[list] ?? []), key];
    }
  }
  return result;
}

function included(key: string, marker: PropMarker | undefined, partial: PartialRequest | undefined): boolean {
  if (key === 'errors' || marker?.kind === 'always') return true;
  if (!partial) return marker?.kind !== 'defer' && marker?.kind !== 'optional';
  if (partial.only && !partial.only.includes(key)) return false;
  return !partial.except.includes(key);
}
