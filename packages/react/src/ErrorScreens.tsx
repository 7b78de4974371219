import { router } from '@renderfarm/router';
import { Component, type ErrorInfo, type ReactNode } from 'react';

const style = { maxWidth: '36rem', margin: '15vh auto', fontFamily: 'system-ui' };

/** Shown instead of a page whose component the resolver does not know. */
export function PageNotFound({ component }: { component: string }) {
  return (
    <main role="alert" style={style}>
      <h1>Page not found</h1>
      <p>
        صفحه پیدا نشد: <code dir="ltr">{component}</code>
      </p>
    </main>
  );
}

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

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    return props.resetKey === state.key ? null : { key: props.resetKey, error: undefined };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main role="alert" style={style}>
        <h1>خطا در نمایش صفحه</h1>
        <p dir="ltr">{error.message}</p>
        <button type="button" onClick={() => router.reload({ preserveState: false })}>
          تلاش دوباره
        </button>
      </main>
    );
  }
}
