import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockUser } from '../users';
import { type Instance, instances } from './tables';

/**
 * A machine locked for a change of its power, its owner's row locked first: the order every
 * power change takes (requestPower locks the owner, then the machine). Locking the machine alone
 * would deadlock against a request of the same owner: the power trigger's usage session refers to
 * the owner (a KEY SHARE lock, which the request's FOR UPDATE on the owner blocks) while the
 * request waits for this machine (found by tests/cluster: 200 power requests over two servers).
 */
export async function lockMachineAndOwner(tx: Database, instanceId: number): Promise<Instance | undefined> {
  const [owner] = await tx
    .select({ userId: instances.userId })
    .from(instances)
    .where(eq(instances.id, instanceId));
  if (!owner) return undefined;
  await lockUser(tx, owner.userId);
  const [row] = await tx.select().from(instances).where(eq(instances.id, instanceId)).for('update');
  return row;
}
