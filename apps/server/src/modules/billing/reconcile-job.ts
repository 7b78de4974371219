import type { Database } from '../../db/client';
import type { JobHandler } from '../../platform/jobs';
import { everyMinute } from '../../platform/jobs';
import type { Payments } from './payments';

/**
 * `billing.payments.reconcile`: once a minute, asks the gateway again about payments whose verify
 * got no answer (with backoff), verifies those the gateway holds unverified (the buyer paid but
 * never came back), and expires what passed the gateway's refund deadline.
 */
export const RECONCILE_JOB = 'billing.payments.reconcile';

const recurring = (payments?: Payments) =>
  everyMinute(RECONCILE_JOB, async () => {
    await payments?.reconcileDue();
  });

export const ensurePaymentReconciler = (db: Database) => recurring().ensure(db);

export const createReconcileJobHandler = (db: Database, payments: Payments): JobHandler =>
  recurring(payments).handler(db);
