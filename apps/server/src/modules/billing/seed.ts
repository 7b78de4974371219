import type { Database } from '../../db/client';
import { DEMO_CUSTOMER_BONUS, DEMO_CUSTOMER_TOPUP } from '../../db/demo-data';
import type { DemoSeedContext } from '../app-module';
import { lockUser } from '../users';
import { demoTopUpAt, seedDemoInvoices } from './invoice-seed';
import { chargeDueMinutes } from './usage-charge';
import { postLedgerEntry } from './wallet';

/**
 * The demo customer's wallet: a top-up and a welcome bonus early last month, last month's usage
 * (with the invoices), then the minutes its running machine has used so far, charged as the usage
 * tick charges them (the machine's session was opened by the instances' seed).
 */
export async function seedDemoWallet(db: Database, demo: DemoSeedContext): Promise<void> {
  const userId = demo.userIds.get('customer')!;
  const at = demoTopUpAt(demo.now);
  await postLedgerEntry(db, {
    userId,
    type: 'topup',
    amount: DEMO_CUSTOMER_TOPUP,
    description: 'شارژ کیف پول (دادهٔ نمایشی)',
    idempotencyKey: 'seed:customer:topup',
    at,
  });
  await postLedgerEntry(db, {
    userId,
    type: 'bonus',
    amount: DEMO_CUSTOMER_BONUS,
    description: 'هدیهٔ خوش‌آمد',
    idempotencyKey: 'seed:customer:bonus',
    at,
  });
  // Last month's usage before this month's minutes: the ledger's order is its date order.
  await seedDemoInvoices(db, demo);
  await db.transaction(async (tx) => {
    const owner = await lockUser(tx, userId);
    await chargeDueMinutes(tx, owner!, demo.now);
  });
}
