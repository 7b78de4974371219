import type { Database } from '../../db/client';
import { DEMO_CUSTOMER_BONUS, DEMO_CUSTOMER_TOPUP } from '../../db/demo-data';
import type { DemoSeedContext } from '../app-module';
import { postLedgerEntry } from './wallet';

/** The demo customer's wallet: a top-up and a welcome bonus, through the ledger like any money. */
export async function seedDemoWallet(db: Database, demo: DemoSeedContext): Promise<void> {
  const userId = demo.userIds.get('customer')!;
  await postLedgerEntry(db, {
    userId,
    type: 'topup',
    amount: DEMO_CUSTOMER_TOPUP,
    description: 'شارژ کیف پول (دادهٔ نمایشی)',
    idempotencyKey: 'seed:customer:topup',
  });
  await postLedgerEntry(db, {
    userId,
    type: 'bonus',
    amount: DEMO_CUSTOMER_BONUS,
    description: 'هدیهٔ خوش‌آمد',
    idempotencyKey: 'seed:customer:bonus',
  });
}
