import { router } from '@renderfarm/router';
import type { ErrorInfo, ReactNode } from 'react';
import { Component, h } from './react';

/** The page area when there is no page to show: a message instead of a blank screen. */
function ErrorScreen(title: string, detail: ReactNode, retry?: boolean) {
  return h(
    'main',
    { role: 'alert', style: { maxWidth: '36rem', margin: '15vh auto' } },
    h('h1', null, title),
    h('p', null, detail),
    retry &&
      h('button', { type: 'button', onClick: () => router.reload({ preserveState: false }) }, 'تلاش دوباره'),
  );
}

/** Shown instead of a page whose component the resolver does not know. */
export const pageNotFound = (component: string) => ErrorScreen('Page not found', component);

interface BoundaryProps {
  /** Changes with each page: a new page gets a fresh chance to render. */
  resetKey: unknown;
  children?: ReactNode;
}
interface BoundaryState {
  error?: Error | undefined;
  key: unknown;
}

/**
 * Catches a render error of one page, so the React tree does not unmount into a blank screen
 * (inertiajs/inertia#710): the page area shows the error; router, history and links keep working.
 */
export class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { key: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.key ? null : { key: props.resetKey, error: undefined };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    return error
      ? ErrorScreen('خطا در نمایش صفحه', String(error.message ?? error), true)
      : this.props.children;
  }
}
