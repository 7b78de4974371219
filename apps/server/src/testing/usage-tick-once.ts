import { openDatabase } from '../db/client';
import { createUsageTick } from '../modules/billing/usage-tick';

/*
 * One usage tick at a given minute, as its own process, for the crash test (tests/crash): the
 * test kills it with SIGKILL mid-charge and runs it again, as the job queue would retry the tick.
 *   node --import tsx apps/server/src/testing/usage-tick-once.ts <DATABASE_URL> <ISO time>
 * It prints `charging` when the tick begins (the code loaded, the database open), so the test's
 * kill lands in the charging rather than in the start-up, and the result as JSON when done.
 */
const [url, at] = process.argv.slice(2);
if (!url || !at) {
  console.error('usage: usage-tick-once.ts <DATABASE_URL> <ISO time>');
  process.exit(2);
}
const handle = await openDatabase({ url });
const tick = createUsageTick({
  db: handle.db,
  broadcaster: { publish: async () => {} },
  requestPower: async () => {
    throw new Error('the crash test keeps every wallet far from zero');
  },
});
console.log('charging');
const result = await tick.run(new Date(at));
console.log(JSON.stringify(result));
await handle.close();
