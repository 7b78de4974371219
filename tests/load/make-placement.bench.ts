import { placementRush } from '../../apps/server/src/testing/placement-rush';

/*
 * Placement under a rush (issue 11): 100 customers press «اجاره» at the same moment for a plan
 * that 60 one-machine hosts with 80 public ports serve (apps/server/src/testing/placement-rush.ts).
 * Expected: 60 machines placed, 40 customers told there is no capacity, no host and no port given
 * twice. The time of a Make is reported as a ratio to a plain page visit in the same run.
 *
 * Runs on PostgreSQL when DATABASE_URL names one (row locks matter there: many connections),
 * else on PGlite (one connection: the Makes queue up).
 * `npx tsx tests/load/make-placement.bench.ts` prints the section; `pnpm bench` collects it.
 */
const CUSTOMERS = 100;
const HOSTS = 60;
const PORTS = 80;

export async function run(): Promise<string> {
  const rush = await placementRush({ customers: CUSTOMERS, hosts: HOSTS, ports: PORTS });
  const ok =
    rush.placed === HOSTS &&
    rush.machines === HOSTS &&
    rush.toldNoCapacity === CUSTOMERS - HOSTS &&
    rush.hostsGivenTwice === 0 &&
    rush.portsGivenTwice === 0;
  if (!ok) throw new Error(`placement broke: ${JSON.stringify(rush)}`);
  const engine = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  return [
    '## Placement under a rush (apps/server, `panel.instances.store`)',
    '',
    `${CUSTOMERS} customers submit Make at once for one plan served by ${HOSTS} one-machine hosts with ${PORTS} public ports (${engine}; real requests through \`inject\`: session, CSRF, validation, one transaction with row locks and SKIP LOCKED).`,
    '',
    '| outcome | count |',
    '|---|---|',
    `| machines placed | ${rush.placed} |`,
    `| told there is no capacity (Persian field error, nothing reserved) | ${rush.toldNoCapacity} |`,
    `| hosts given twice | ${rush.hostsGivenTwice} |`,
    `| ports given twice | ${rush.portsGivenTwice} |`,
    '',
    `Time per Make: **${(rush.makeMs / rush.visitMs).toFixed(1)}×** a plain page visit (\`panel.instances.list\`) measured the same way in the same run (${rush.makeMs.toFixed(1)} ms vs ${rush.visitMs.toFixed(1)} ms per request, ${CUSTOMERS} at once).`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await run());
