import { router } from '@renderfarm/router';
import { Component, type ErrorInfo, type ReactNode } from 'react';

function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      role="alert"
      style={{ maxWidth: '36rem', margin: '15vh auto', padding: '1.5rem', fontFamily: 'system-ui' }}
    >
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** Shown instead of a page whose component the resolver does not know. */
export function PageNotFound({ component }: { component: string }) {
  return (
    <Screen title="Page not found">
      <p>
        صفحه پیدا نشد: <code dir="ltr">{component}</code>
      </p>
    </Screen>
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
      <Screen title="خطا در نمایش صفحه">
        <p dir="ltr">{error.message}</p>
        <button type="button" onClick={() => router.reload({ preserveState: false })}>
          تلاش دوباره
        </button>
      </Screen>
    );
  }
}
