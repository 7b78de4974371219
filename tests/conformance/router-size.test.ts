import { describe, expect, it } from 'vitest';
import { BUDGET_BYTES, ENTRIES, measure } from '../load/size.bench';

// Issue 3's size budget, checked on every test run (pnpm bench prints the full comparison).
describe('@renderfarm/router + @renderfarm/react bundle size', () => {
  it('everything both packages export, minified and gzipped, React excluded, is at most 10 KB', async () => {
    const size = await measure(ENTRIES.ours.all, ['@renderfarm/routes']);
    console.info(
      `router + react: ${size.minified} B minified, ${size.gzip} B gzipped (budget ${BUDGET_BYTES} B)`,
    );
    expect(size.gzip).toBeLessThanOrEqual(BUDGET_BYTES);
  });

  it('is several times smaller than @inertiajs/react + @inertiajs/core built the same way', async () => {
    const [ours, inertia] = await Promise.all([measure(ENTRIES.ours.all), measure(ENTRIES.inertia.all)]);
    expect(inertia.gzip / ours.gzip).toBeGreaterThan(2.5);
  });
});
