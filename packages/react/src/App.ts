import { type Page, type PageResolution, type ProgressOptions, router } from '@renderfarm/router';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { PageContext } from './context';
import { PageErrorBoundary, pageNotFound } from './ErrorScreens';
import { identity, setTitleTemplate } from './Head';
import { h, useEffect, useLayoutEffect, useRef, useState } from './react';

/** A page component; `layout` wraps it in a layout that survives navigation between pages. */
export type PageComponent = ComponentType<any> & {
  layout?: ((page: ReactElement) => ReactNode) | ComponentType<any>[];
};

export interface AppProps {
  initialPage: Page;
  initialComponent?: unknown;
  resolveComponent: (name: string, page?: Page) => unknown | Promise<unknown>;
  titleCallback?: (title: string) => string;
  progress?: ProgressOptions | false;
}

interface Current {
  page: Page;
  component: PageComponent | undefined;
  key: number;
}

/** The root component: renders the current page and lets the router swap it. */
export function App({
  initialPage,
  initialComponent,
  resolveComponent,
  titleCallback = identity,
  progress,
}: AppProps) {
  const [current, setCurrent] = useState<Current>({
    page: initialPage,
    component: initialComponent as PageComponent | undefined,
    key: 0,
  });
  const rendered = useRef<(() => void)[]>([]);

  useLayoutEffect(() => {
    for (const resolve of rendered.current.splice(0)) resolve();
  });

  useEffect(() => {
    let first = true;
    void router.init({
      initialPage,
      resolveComponent,
      progress,
      swapComponent: ({ page, component, preserveState }: PageResolution) =>
        new Promise<void>((resolve) => {
          // The first swap re-shows the page already on screen: keep its state.
          const initial = first;
          const keep = preserveState || initial;
          first = false;
          rendered.current.push(resolve);
          const swap = () =>
            setCurrent((previous) => ({
              page,
              component: component as PageComponent | undefined,
              key: keep ? previous.key : previous.key + 1,
            }));
          // A visit's page is rendered now, inside the task that has it: a plain update would wait
          // for React's scheduler to run it in a later task, after whatever else is queued. The
          // first one arrives while the app is still mounting, when React cannot flush: queued.
          if (initial) swap();
          else flushSync(swap);
        }),
    });
    return () => router.dispose();
  }, [initialPage, resolveComponent, progress]);

  const { page, component, key } = current;
  const child = component
    ? applyLayout(component, h(component, { key, ...page.props }), page)
    : pageNotFound(page.component);
  setTitleTemplate(titleCallback);
  return h(PageContext.Provider, { value: page }, h(PageErrorBoundary, { resetKey: page }, child));
}

function applyLayout(component: PageComponent, element: ReactElement, page: Page): ReactNode {
  const { layout } = component;
  if (Array.isArray(layout)) {
    return layout.reduceRight<ReactNode>(
      (children, Layout) => h(Layout, { ...page.props, children }),
      element,
    );
  }
  if (typeof layout === 'function') return (layout as (page: ReactElement) => ReactNode)(element);
  return element;
}
