import { configure } from '@testing-library/react';

// The machine is shared (two cores, the whole suite and often a browser beside it): findBy and
// waitFor get room before a slow render counts as a failure. A page that never shows it still fails.
configure({ asyncUtilTimeout: 10_000 });
