import type { Database } from '../../db/client';
import type { DemoSeedContext } from '../app-module';
import { verificationRequests } from './tables';

/** The demo customer's approved identity check, reviewed by the demo care user. */
export async function seedDemoVerification(db: Database, demo: DemoSeedContext): Promise<void> {
  await db.insert(verificationRequests).values({
    userId: demo.userIds.get('customer')!,
    firstName: 'علی',
    lastName: 'رضایی',
    nationalCode: '0499370899',
    birthDate: '1990-03-21',
    mobile: '09120000000',
    status: 'approved',
    reviewerId: demo.userIds.get('care'),
    submittedAt: demo.now,
    reviewedAt: demo.now,
  });
}
