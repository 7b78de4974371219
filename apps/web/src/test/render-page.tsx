import { App } from '@renderfarm/react';
import { render } from '@testing-library/react';
import { resolvePage } from '../app/resolve-page';
import { formatTitle } from '../app/title';
import type { SharedProps } from '../types/shared-props';
import { pageObject } from './sample-page';

/**
 * Renders a page the way the browser does: through the page client's App, resolved by its
 * component name, inside its area layout, with shared props around it.
 */
export async function renderPage<TProps extends object>(
  component: string,
  props: TProps,
  shared?: Partial<SharedProps>,
) {
  const page = pageObject(component, props, shared);
  const Page = await resolvePage(component);
  // The same title template as main.tsx.
  return render(
    <App
      initialPage={page}
      initialComponent={Page}
      resolveComponent={resolvePage}
      titleCallback={formatTitle}
    />,
  );
}
