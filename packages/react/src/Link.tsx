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
  const target = event.currentTarget;
  if (event.defaultPrevented) return false;
  if (target.tagName !== 'A') return true;
  const opensElsewhere =
    (target.getAttribute('target') ?? '_self') !== '_self' || target.hasAttribute('download');
  return !(
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    event.button !== 0 ||
    opensElsewhere
  );
}

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
  const href = typeof target === 'string' ? target : target.url;
  const method = (methodProp ?? (typeof target === 'string' ? 'get' : target.method)).toLowerCase() as Method;
  const options: VisitOptions & Record<string, unknown> = { method, preserveState: method !== 'get' };
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (value !== undefined) (VISIT_KEYS.has(key) ? options : attributes)[key] = value;
  }
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const modes = prefetch === true ? ['hover'] : prefetch === false ? [] : ([] as string[]).concat(prefetch);
  const doPrefetch = () => {
    if (method === 'get') router.prefetch(href, options, cacheFor === undefined ? {} : { cacheFor });
  };

  const onMount = modes.includes('mount');
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefetch once per target URL, not per render
  useEffect(() => {
    if (onMount) doPrefetch();
    return () => clearTimeout(hoverTimer.current);
  }, [onMount, href]);

  /** Runs the element's own handler first, as a plain element would. */
  const chain =
    (name: string, own: (event: MouseEvent<HTMLElement>) => void) => (event: MouseEvent<HTMLElement>) => {
      (attributes[name] as ((event: MouseEvent<HTMLElement>) => void) | undefined)?.(event);
      own(event);
    };
  const isGet = method === 'get';
  const element = isGet ? as : 'button';
  const data = options.data;
  return createElement(
    element,
    {
      ...attributes,
      ...(element === 'a' && {
        href: isGet && data && !(data instanceof FormData) ? router.resolveUrl(href, data) : href,
      }),
      ...(element === 'button' && { type: 'button' }),
      onClick: chain('onClick', (event) => {
        if (!shouldIntercept(event)) return;
        event.preventDefault();
        void router.visit(href, options);
      }),
      onMouseEnter: chain('onMouseEnter', () => {
        if (modes.includes('hover')) hoverTimer.current = setTimeout(doPrefetch, PREFETCH_HOVER_DELAY);
      }),
      onMouseLeave: chain('onMouseLeave', () => clearTimeout(hoverTimer.current)),
      onMouseDown: chain('onMouseDown', () => {
        if (modes.includes('click')) doPrefetch();
      }),
    },
    children,
  );
}
