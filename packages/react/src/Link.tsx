import { type Method, router, type VisitOptions } from '@renderfarm/router';
import {
  type AnchorHTMLAttributes,
  createElement,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useRef,
} from 'react';

export type LinkPrefetch = boolean | 'hover' | 'click' | 'mount' | ('hover' | 'click' | 'mount')[];

export interface LinkProps
  extends Omit<VisitOptions, 'method' | 'prefetch'>,
    Omit<AnchorHTMLAttributes<HTMLElement>, 'href' | 'onProgress' | 'onError' | 'prefix'> {
  href: string | { url: string; method: Method };
  method?: Method | Uppercase<Method>;
  /** Element to render; a non-GET link is always a `<button type="button">`. */
  as?: string;
  /** Prefetch the page on hover (true / 'hover'), on mousedown ('click') or at once ('mount'). */
  prefetch?: LinkPrefetch;
  /** How long a prefetched page stays fresh, in ms (default 30 000). */
  cacheFor?: number;
  children?: ReactNode;
}

/** Plain clicks only: modified clicks, middle clicks and new-tab targets are left to the browser. */
function shouldIntercept(event: MouseEvent<HTMLElement>): boolean {
  const target = event.currentTarget;
  const isLink = target.tagName.toLowerCase() === 'a';
  return !(
    event.defaultPrevented ||
    (isLink && (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) ||
    (isLink && event.button !== 0) ||
    (isLink && target.getAttribute('target') && target.getAttribute('target') !== '_self') ||
    (isLink && target.hasAttribute('download'))
  );
}

/** A link that visits with the router; follows @inertiajs/react's <Link>. */
export function Link({
  href: target,
  method: methodProp,
  as = 'a',
  data,
  replace,
  preserveScroll,
  preserveState,
  only,
  except,
  reset,
  headers,
  errorBag,
  forceFormData,
  queryStringArrayFormat,
  async,
  showProgress,
  prefetch = false,
  cacheFor,
  onCancelToken,
  onBefore,
  onStart,
  onProgress,
  onSuccess,
  onError,
  onCancel,
  onFinish,
  onPrefetched,
  onClick,
  onMouseEnter,
  onMouseLeave,
  onMouseDown,
  children,
  ...attributes
}: LinkProps) {
  const href = typeof target === 'string' ? target : target.url;
  const method = (methodProp ?? (typeof target === 'string' ? 'get' : target.method)).toLowerCase() as Method;
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const modes =
    prefetch === true ? ['hover'] : prefetch === false ? [] : Array.isArray(prefetch) ? prefetch : [prefetch];

  const options: VisitOptions = {
    method,
    ...(data !== undefined && { data }),
    ...(replace !== undefined && { replace }),
    ...(preserveScroll !== undefined && { preserveScroll }),
    preserveState: preserveState ?? method !== 'get',
    ...(only && { only }),
    ...(except && { except }),
    ...(reset && { reset }),
    ...(headers && { headers }),
    ...(errorBag !== undefined && { errorBag }),
    ...(forceFormData !== undefined && { forceFormData }),
    ...(queryStringArrayFormat && { queryStringArrayFormat }),
    ...(async !== undefined && { async }),
    ...(showProgress !== undefined && { showProgress }),
    ...(onCancelToken && { onCancelToken }),
    ...(onBefore && { onBefore }),
    ...(onStart && { onStart }),
    ...(onProgress && { onProgress }),
    ...(onSuccess && { onSuccess }),
    ...(onError && { onError }),
    ...(onCancel && { onCancel }),
    ...(onFinish && { onFinish }),
    ...(onPrefetched && { onPrefetched }),
  };

  const doPrefetch = () => {
    if (method === 'get') router.prefetch(href, options, cacheFor === undefined ? {} : { cacheFor });
  };

  const mountPrefetch = modes.includes('mount');
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefetch once per target URL, not per render
  useEffect(() => {
    if (mountPrefetch) doPrefetch();
    return () => clearTimeout(hoverTimer.current);
  }, [mountPrefetch, href]);

  const element = method === 'get' ? as : 'button';
  const props: Record<string, unknown> = {
    ...attributes,
    onClick: (event: MouseEvent<HTMLElement>) => {
      onClick?.(event as MouseEvent<HTMLAnchorElement>);
      if (!shouldIntercept(event)) return;
      event.preventDefault();
      void router.visit(href, options);
    },
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      onMouseEnter?.(event as MouseEvent<HTMLAnchorElement>);
      if (modes.includes('hover')) hoverTimer.current = setTimeout(doPrefetch, PREFETCH_HOVER_DELAY);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      onMouseLeave?.(event as MouseEvent<HTMLAnchorElement>);
      clearTimeout(hoverTimer.current);
    },
    onMouseDown: (event: MouseEvent<HTMLElement>) => {
      onMouseDown?.(event as MouseEvent<HTMLAnchorElement>);
      if (modes.includes('click')) doPrefetch();
    },
  };
  if (element === 'a')
    props.href =
      method === 'get' && data && !(data instanceof FormData) ? router.resolveUrl(href, data) : href;
  if (element === 'button') props.type = 'button';
  return createElement(element, props, children);
}

/** Hover must last this long before a prefetch starts (as Inertia: 75 ms). */
export const PREFETCH_HOVER_DELAY = 75;
