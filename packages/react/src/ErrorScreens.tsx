import { router } from '@renderfarm/router';
import { Component, type ErrorInfo, type ReactNode } from 'react';

const box = {
  maxWidth: '36rem',
  margin: '15vh auto',
  padding: '1.5rem',
  fontFamily: 'system-ui, sans-serif',
  lineHeight: 1.6,
} as const;

/** Shown instead of a page whose component the resolver does not know. */
export function PageNotFound({ component }: { component: string }) {
  return (
    <main role="alert" style={box}>
      <h1>Page not found</h1>
      <p lang="fa" dir="rtl">
        صفحه پیدا نشد.
      </p>
      <p dir="ltr">
        No page component named <code>{component}</code>.
      </p>
    </main>
  );
}

/** Shown when a page throws while rendering; the router, history and links keep working. */
export function PageCrashed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <main role="alert" style={box}>
      <h1 lang="fa" dir="rtl">
        خطایی در نمایش این صفحه رخ داد
      </h1>
      <p dir="ltr">This page failed to render: {error.message}</p>
      <p>
        <button type="button" onClick={onRetry}>
          تلاش دوباره
        </button>{' '}
        <button type="button" onClick={() => window.history.back()}>
          بازگشت
        </button>
      </p>
    </main>
  );
}

interface BoundaryProps {
  /** Changes with each page: a new page gets a fresh chance to render. */
  resetKey: unknown;
  children?: ReactNode;
}

/**
 * Catches a render error of one page so the whole React tree does not unmount (a blank screen,
 * inertiajs/inertia#710) and shows PageCrashed instead.
 */
export class PageErrorBoundary extends Component<BoundaryProps, { error: Error | null; key: unknown }> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: Error | null; key: unknown }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[router] a page failed to render', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <PageCrashed
        error={error}
        onRetry={() => {
          this.setState({ error: null });
          void router.reload({ preserveState: false });
        }}
      />
    );
  }
}
