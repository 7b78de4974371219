import type { Database } from '../../db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '../../db/demo-data';
import { hashPassword } from '../../lib/password';
import type { DemoSeedContext } from '../app-module';
import { users } from './tables';

/** The three demo accounts, verified and ready to sign in (README "Demo sign-ins"). */
export async function seedDemoUsers(db: Database, demo: DemoSeedContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const user of DEMO_USERS) {
    const [row] = await db
      .insert(users)
      .values({
        name: user.name,
        email: user.email,
        mobile: user.mobile,
        role: user.role,
        passwordHash,
        emailVerifiedAt: demo.now,
        mobileVerifiedAt: demo.now,
        kycStatus: user.role === 'customer' ? 'approved' : 'none',
      })
      .returning({ id: users.id });
    demo.userIds.set(user.key, row!.id);
  }
}
