import type { Database } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/demo-data';
import { hashPassword } from '../../lib/password';
import { recordStaffAction } from '../activity';
import type { DemoSeedContext } from '../app-module';
import { postLedgerEntry } from '../billing';
import { insertUser, updateUser } from '../users';

/** More customers for Admin/Users/List: different roles of life (new, verified, suspended, rich). */
const DEMO_CUSTOMERS = [
  {
    name: 'مریم احمدی',
    email: 'maryam.ahmadi@example.com',
    mobile: '09121110001',
    kyc: 'approved',
    credit: 12_500_000,
  },
  { name: 'رضا کریمی', email: null, mobile: '09351110002', kyc: 'pending', credit: 0 },
  {
    name: 'استودیو نقش‌آفرین',
    email: 'studio@naghsh.example',
    mobile: '09191110003',
    kyc: 'approved',
    credit: 85_000_000,
  },
  {
    name: 'نگار موسوی',
    email: 'negar.mousavi@example.com',
    mobile: '09901110004',
    kyc: 'none',
    credit: 3_000_000,
  },
] as const;

const HOUR = 3_600_000;

/**
 * Demo records of the admin console: a few more customers (one suspended, with the reason she
 * reads at sign-in), and staff actions in the activity log for Admin/Audit: a balance adjustment
 * (a real ledger line), a suspension, an impersonation with its IP.
 */
export async function seedDemoAudit(db: Database, demo: DemoSeedContext): Promise<void> {
  const adminId = demo.userIds.get('admin');
  if (!adminId) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: number[] = [];
  for (const [index, customer] of DEMO_CUSTOMERS.entries()) {
    const user = await insertUser(db, {
      name: customer.name,
      email: customer.email,
      mobile: customer.mobile,
      role: 'customer',
      passwordHash,
      emailVerifiedAt: customer.email ? demo.now : null,
      mobileVerifiedAt: demo.now,
      kycStatus: customer.kyc,
      createdAt: new Date(demo.now.getTime() - (index + 2) * 26 * HOUR),
    });
    ids.push(user.id);
    if (customer.credit > 0) {
      await postLedgerEntry(db, {
        userId: user.id,
        type: 'topup',
        amount: customer.credit,
        description: 'شارژ کیف پول (دادهٔ نمایشی)',
        idempotencyKey: `seed:admin-demo:${index}:topup`,
        at: new Date(demo.now.getTime() - (index + 1) * 20 * HOUR),
      });
    }
  }
  const context = { ip: '185.143.232.10', userAgent: 'Mozilla/5.0 (دادهٔ نمایشی)' };
  const at = (hoursAgo: number) => new Date(demo.now.getTime() - hoursAgo * HOUR);

  // A goodwill credit after an outage: one real adjustment line, and its audit entry.
  const [maryam, reza, , negar] = ids;
  const line = await postLedgerEntry(db, {
    userId: maryam!,
    type: 'adjustment',
    amount: 1_500_000,
    description: 'جبران قطعی دیتاسنتر تهران ۱',
    idempotencyKey: 'seed:admin-demo:adjustment',
    reference: `admin:${adminId}`,
    at: at(30),
  });
  await recordStaffAction(db, {
    event: 'admin:balance.adjusted',
    actor: { actorId: adminId, ...context },
    subject: { type: 'user', id: maryam! },
    summary: 'موجودی کیف پول «مریم احمدی» ۱۵۰٬۰۰۰ تومان افزایش یافت؛ دلیل: جبران قطعی دیتاسنتر تهران ۱',
    before: { balance: line.entry.balanceAfter - 1_500_000 },
    after: { balance: line.entry.balanceAfter },
    properties: {
      amount: 1_500_000,
      reason: 'جبران قطعی دیتاسنتر تهران ۱',
      balance_after: line.entry.balanceAfter,
      ledger_id: line.entry.id,
    },
    at: at(30),
  });

  const reason = 'پرداخت با کارت دیگران؛ تا روشن شدن موضوع با پشتیبانی تماس بگیرید.';
  await updateUser(db, negar!, { status: 'suspended', suspendedReason: reason, suspendedAt: at(8) });
  await recordStaffAction(db, {
    event: 'admin:user.suspended',
    actor: { actorId: adminId, ...context },
    subject: { type: 'user', id: negar! },
    summary: `حساب «نگار موسوی» معلق شد؛ دلیل: ${reason}`,
    before: { status: 'active', suspendedReason: null },
    after: { status: 'suspended', suspendedReason: reason },
    properties: { reason },
    at: at(8),
  });

  await recordStaffAction(db, {
    event: 'admin:impersonation.started',
    actor: { actorId: adminId, ...context },
    subject: { type: 'user', id: reza! },
    summary: 'ورود به پنل به‌جای «رضا کریمی»',
    before: { impersonating: false },
    after: { impersonating: true },
    properties: { user_name: 'رضا کریمی' },
    at: at(5),
  });
  await recordStaffAction(db, {
    event: 'admin:impersonation.ended',
    actor: { actorId: adminId, ...context },
    subject: { type: 'user', id: reza! },
    summary: 'پایان ورود به‌جای «رضا کریمی» پس از ۴ دقیقه',
    before: { impersonating: true },
    after: { impersonating: false },
    properties: { user_name: 'رضا کریمی', seconds: 240 },
    at: new Date(at(5).getTime() + 240_000),
  });
  await recordStaffAction(db, {
    event: 'config:changed',
    actor: { actorId: adminId, ...context },
    subject: { type: 'config', id: 'low_balance_warning_minutes', name: 'هشدار موجودی کم (دقیقه کار مانده)' },
    summary: 'تنظیم «هشدار موجودی کم (دقیقه کار مانده)» تغییر کرد.',
    before: { value: 60 },
    after: { value: 90 },
    formats: { value: 'number' },
    properties: { key: 'low_balance_warning_minutes', old: 60, new: 90 },
    at: at(50),
  });
}
