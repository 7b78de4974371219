import { describe, expect, it } from 'vitest';
import { placementRush } from '../../testing/placement-rush';

/**
 * Many customers press «اجاره» at once (docs/domain.md, Make): each host and each port goes to one
 * machine only, and the customers left over are told there is no capacity with nothing reserved.
 * `pnpm bench` runs the same with 100 customers.
 */
describe(`placement under a rush (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('places one machine per free host and refuses the rest, never sharing a host or a port', async () => {
    const rush = await placementRush({ customers: 16, hosts: 10, ports: 13 });
    expect(rush).toMatchObject({
      placed: 10,
      machines: 10,
      refused: 6,
      toldNoCapacity: 6,
      hostsGivenTwice: 0,
      portsGivenTwice: 0,
    });
  }, 120_000);
});
