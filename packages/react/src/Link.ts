import { type Method, router, type VisitOptions } from '@renderfarm/router';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { h, useEffect, useRef } from './react';

/** `true` or `'hover'`: prefetch after hovering 75 ms; `'mount'`: as soon as the link renders. */
export type LinkPrefetch = boolean | 'hover' | 'mount';

export interface LinkProps
  extends Omit<VisitOptions, 'method' | 'prefetch'>,
    Omit<AnchorHTMLAttributes<HTMLElement>, 'href' | 'onProgress' | 'onError' | 'prefix'> {
  href: string | { url: string; method: Method };
  method?: Method | Uppercase<Method>;
  /** Element to render; a non-GET link is always a `<button type="button">`. */
  as?: string;
  /** Prefetch the page on hover (true / 'hover') or at once ('mount'). */
  prefetch?: LinkPrefetch;
  /** How long a prefetched page stays fresh, in ms (default 30 000). */
  cacheFor?: number;
  children?: ReactNode;
}

/** Hover must last this long before a prefetch starts (as Inertia: 75 ms). */
export const PREFETCH_HOVER_DELAY = 75;

/** Props that are visit options; every other prop goes to the element. */
const VISIT_KEYS = new Set(
  'data replace preserveScroll preserveState only except reset headers errorBag forceFormData queryStringArrayFormat async showProgress onCancelToken onBefore onStart onProgress onSuccess onError onCancel onFinish onPrefetched'.split(
    ' ',
  ),
);

/** Plain left clicks only: modified and middle clicks, new-tab targets and downloads stay with the browser. */
function shouldIntercept(event: MouseEvent<HTMLElement>): boolean {
  const link = event.currentTarget;
  const isLink = link.tagName === 'A';
  const elsewhere =
    isLink && ((link.getAttribute('target') ?? '_self') !== '_self' || link.hasAttribute('download'));
  const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
  return !event.defaultPrevented && !elsewhere && !(isLink && modified);
}

type Handler = (event: MouseEvent<HTMLElement>) => void;

/** A link that visits with the router; follows @inertiajs/react's <Link>. */
export function Link({
  href: target,
  method: methodProp,
  as = 'a',
  prefetch = false,
  cacheFor,
  children,
  ...rest
}: LinkProps) {
  const { url: href, method: targetMethod } =
    typeof target === 'string' ? { url: target, method: 'get' } : target;
  const method = (methodProp ?? targetMethod).toLowerCase() as Method;
  const isGet = method === 'get';
  const options: VisitOptions & Record<string, unknown> = { method, preserveState: !isGet };
  const attributes: Record<string, unknown> & {
    onClick?: Handler;
    onMouseEnter?: Handler;
    onMouseLeave?: Handler;
  } = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (VISIT_KEYS.has(key) ? options : attributes)[key] = value;
  }
  const { onClick, onMouseEnter, onMouseLeave } = attributes;
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const doPrefetch = () => {
    if (isGet) router.prefetch(href, options, { cacheFor });
  };
  const onMount = prefetch === 'mount';
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefetch once per target URL, not per render
  useEffect(() => {
    if (onMount) doPrefetch();
    return () => clearTimeout(hoverTimer.current);
  }, [onMount, href]);

  const data = options.data;
  return h(
    isGet ? as : 'button',
    {
      ...attributes,
      ...(isGet
        ? as === 'a' && { href: data && !(data instanceof FormData) ? router.resolveUrl(href, data) : href }
        : { type: 'button' }),
      onClick: (event: MouseEvent<HTMLElement>) => {
        onClick?.(event);
        if (shouldIntercept(event)) {
          event.preventDefault();
          void router.visit(href, options);
        }
      },
      onMouseEnter: (event: MouseEvent<HTMLElement>) => {
        onMouseEnter?.(event);
        // true or 'hover' (the other truthy value, 'mount', has prefetched already)
        if (prefetch && !onMount) hoverTimer.current = setTimeout(doPrefetch, PREFETCH_HOVER_DELAY);
      },
      onMouseLeave: (event: MouseEvent<HTMLElement>) => {
        onMouseLeave?.(event);
        clearTimeout(hoverTimer.current);
      },
    },
    children,
  );
}
