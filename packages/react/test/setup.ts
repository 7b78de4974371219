import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Router-driven renders happen outside act(); tests wait for the DOM with findBy/waitFor instead.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

// The machine is shared: give findBy/waitFor room before calling a slow render a failure.
configure({ asyncUtilTimeout: 10_000 });

// Server-render tests run without a DOM (`@vitest-environment node`).
afterEach(() => {
  if (typeof document === 'undefined') return;
  cleanup();
  document.body.innerHTML = '';
});
