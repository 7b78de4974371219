import { loadavg } from 'node:os';
import { seedDemo } from '../../apps/server/src/demo-seed';
import { createUsageTick } from '../../apps/server/src/modules/billing/usage-tick';
import { postLedgerEntry } from '../../apps/server/src/modules/billing/wallet';
import { createTestDatabase } from '../../apps/server/src/testing/database';
import { addRunningMachines, usageCensus } from '../../apps/server/src/testing/usage-census';

/*
 * The usage tick at farm scale: 10,000 running machines of 100 customers, charged each minute.
 * Reported as the fraction of the tick's 60 s period one steady-state tick takes (the goal: under
 * 5 % on PostgreSQL), and against a baseline in the same run: the same 10,000 lines posted one
 * postLedgerEntry each, as the tick posted them before its lines were batched per wallet.
 * PostgreSQL when DATABASE_URL names one, else PGlite.
 * `npx tsx tests/load/usage-tick.bench.ts` prints the section; `pnpm bench` collects it.
 */
const MACHINES = Number(process.env.USAGE_BENCH_MACHINES ?? 10_000);
const CUSTOMERS = 100;
const TICKS = 5;
const MINUTE = 60_000;

export async function run(): Promise<string> {
  const database = await createTestDatabase();
  try {
    await seedDemo(database.db);
    const since = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const { userIds, machineIds } = await addRunningMachines(database.db, {
      customers: CUSTOMERS,
      machines: MACHINES,
      since,
      balance: 100_000_000_000,
    });
    const tick = createUsageTick({
      db: database.db,
      broadcaster: { publish: async () => {} },
      requestPower: async () => {
        throw new Error('no wallet reaches zero here');
      },
    });
    // The first tick charges each machine's first minute; the measured ones are the steady state.
    await tick.run(since);
    const times: number[] = [];
    for (let i = 1; i <= TICKS; i++) {
      const started = performance.now();
      const result = await tick.run(new Date(since.getTime() + i * MINUTE));
      times.push(performance.now() - started);
      if (result.minutes !== MACHINES) throw new Error(`tick ${i} charged ${result.minutes} minutes`);
    }
    const census = await usageCensus(database.db, machineIds, userIds);
    if (census.distinctKeys !== MACHINES * (TICKS + 1) || census.usageLines !== census.distinctKeys) {
      throw new Error(`charges are off: ${JSON.stringify({ ...census, books: undefined })}`);
    }

    // Baseline: the same number of ledger posts, one wallet after another, without the tick around them.
    const baselineStarted = performance.now();
    for (let i = 0; i < MACHINES; i++) {
      await postLedgerEntry(database.db, {
        userId: userIds[i % CUSTOMERS]!,
        type: 'adjustment',
        amount: -1,
        description: 'bench',
        idempotencyKey: `bench:${i}`,
      });
    }
    const baselineMs = performance.now() - baselineStarted;

    const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
    const engine = database.url ? 'PostgreSQL' : 'PGlite';
    return [
      '## Usage tick (apps/server, `billing.usage-tick`)',
      '',
      `${MACHINES} running machines of ${CUSTOMERS} customers, one minute charged to each per tick (${engine}, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' / ',
        )}): per wallet one transaction: its row and its unsettled sessions locked, one ledger line per machine-minute (key \`usage:{instance}:{minute}\`) appended in one INSERT (\`appendLedgerLines\`), the sessions' progress in one UPDATE, the low-balance check. Baseline: the same number of lines posted one \`postLedgerEntry\` each (savepoint, lock, key lookup, insert, balance), which is how the tick posted them until 2026-11-27.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| one tick (median of ${TICKS}) | ${(median / 1000).toFixed(2)} s |`,
      `| **fraction of the 60 s period** | **${((median / 60_000) * 100).toFixed(1)} %** |`,
      `| against ${MACHINES} lines posted one by one in the same run | ${(median / baselineMs).toFixed(2)}× (${(baselineMs / 1000).toFixed(2)} s) |`,
      '',
      'Each tick charged exactly one line per machine (checked after the run: lines = distinct keys = machines × ticks).',
    ].join('\n');
  } finally {
    await database.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
