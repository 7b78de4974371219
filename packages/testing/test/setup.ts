import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { cleanupApp } from '../src';
// The router's jsdom shim: scrollTo and scrollIntoView move scrollX/scrollY.
import '../../router/test/setup';

// Visits re-render outside act(), as in a browser: tests wait with findBy/waitFor.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
// The machine is shared: give findBy/waitFor room before calling a slow render a failure.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanupApp());
