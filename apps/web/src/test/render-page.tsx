import { render } from '@testing-library/react';
import { PageProvider } from '../app/protocol';
import { resolvePage } from '../app/resolve-page';
import type { SharedProps } from '../types/shared-props';
import { pageObject } from './sample-page';

/**
 * Renders a page the way the app does: resolved by its component name, inside its area layout,
 * with shared props around it.
 */
export async function renderPage<TProps extends object>(
  component: string,
  props: TProps,
  shared?: Partial<SharedProps>,
) {
  const page = pageObject(component, props, shared);
  const Page = await resolvePage(component);
  const Layout = typeof Page.layout === 'function' ? Page.layout : null;
  const content = <Page {...page.props} />;
  return render(<PageProvider page={page}>{Layout ? <Layout>{content}</Layout> : content}</PageProvider>);
}
