import { type ReloadOptions, router } from '@renderfarm/router';
import type { ReactNode } from 'react';
import { Fragment, h, useEffect, useRef, useState } from './react';
import { usePage } from './usePage';

export interface WhenVisibleProps {
  /** Prop key(s) to load when the element scrolls into view. */
  data?: string | string[];
  /** Reload options (for instance `only`) when `data` is not enough. */
  params?: ReloadOptions;
  /** Start loading this many pixels before the element is visible (default 0). */
  buffer?: number;
  as?: string;
  /** Load again every time it becomes visible (default: once). */
  always?: boolean;
  fallback?: ReactNode;
  children?: ReactNode | (() => ReactNode);
}

/** Loads props with a partial reload when its element enters the viewport. */
export function WhenVisible({
  data,
  params,
  buffer = 0,
  as = 'div',
  always = false,
  fallback = null,
  children,
}: WhenVisibleProps) {
  const { props } = usePage();
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const keys = ([] as string[]).concat(data ?? []);
  const only = keys.join();
  const present = keys.length ? keys.every((key) => props[key] !== undefined) : loaded;
  const watching = always || !present;

  // `watching` is a dependency on purpose: the observed element comes and goes with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let loading = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (loading || !entries.some((entry) => entry.isIntersecting)) return;
        loading = true;
        void router.reload({
          ...params,
          ...(only && { only: only.split(',') }),
          onFinish: (visit) => {
            loading = false;
            setLoaded(true);
            params?.onFinish?.(visit);
          },
        });
      },
      { rootMargin: `${buffer}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [watching, buffer, only, params]);

  return h(
    Fragment,
    null,
    present ? (typeof children === 'function' ? children() : children) : fallback,
    watching && h(as, { ref, style: { height: 1 } }),
  );
}
