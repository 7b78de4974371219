import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Router-driven renders happen outside act(); tests wait for the DOM with findBy/waitFor instead.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});
