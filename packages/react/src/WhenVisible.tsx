import { type ReloadOptions, router } from '@renderfarm/router';
import { createElement, type ReactNode, useEffect, useRef, useState } from 'react';
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
  const loading = useRef(false);
  const keys = data === undefined ? [] : Array.isArray(data) ? data : [data];
  const only = keys.join(',');

  useEffect(() => {
    const element = ref.current;
    if (!element || (loaded && !always)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting) || loading.current) return;
        loading.current = true;
        if (!always) observer.disconnect();
        void router.reload({
          ...params,
          ...(only ? { only: only.split(',') } : {}),
          onFinish: (visit) => {
            loading.current = false;
            setLoaded(true);
            params?.onFinish?.(visit);
          },
        });
      },
      { rootMargin: `${buffer}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded, always, buffer, only, params]);

  const present = keys.length ? keys.every((key) => props[key] !== undefined) : loaded;
  const content = present ? (typeof children === 'function' ? children() : children) : fallback;
  return (
    <>
      {content}
      {(always || !present) && createElement(as, { ref, style: { height: 1 }, 'data-when-visible': '' })}
    </>
  );
}
