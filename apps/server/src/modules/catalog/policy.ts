import type { Database } from '../../db/client';
import { faNumber, faToman } from '../../lib/persian';
import type { User } from '../users';
import { resolveLimit } from './limitations';
import type { LimitationKey } from './tables';

/** Each limit as people call it, and how its value reads (docs/domain.md, Limitation). */
export const LIMIT_LABELS: Record<LimitationKey, { name: string; value: (n: number) => string }> = {
  max_instances: { name: 'حداکثر تعداد سرور', value: (n) => `${faNumber(n)} سرور` },
  max_running: { name: 'حداکثر سرور روشن هم‌زمان', value: (n) => `${faNumber(n)} سرور` },
  max_hours_per_day: { name: 'حداکثر ساعت کار در روز', value: (n) => `${faNumber(n)} ساعت` },
  max_drive_gb: { name: 'حداکثر فضای ذخیره‌سازی', value: (n) => `${faNumber(n)} گیگابایت` },
  max_open_tickets: { name: 'حداکثر تیکت باز', value: (n) => `${faNumber(n)} تیکت` },
  max_topup_unverified: { name: 'سقف شارژ بدون احراز هویت', value: (n) => faToman(n) },
};

export type PolicyAnswer =
  | { allowed: true; key: LimitationKey; limit: number | null }
  | { allowed: false; key: LimitationKey; limit: number; used: number; scope: string; message: string };

/**
 * The one answer to "may this user do X now" (docs/domain.md): the limit that applies to them
 * (most specific active rule: user > plan > role > global), what they already use (the caller
 * counts it, in its own module), and, when the answer is no, a Persian sentence that names the
 * limit and its value. `adding` is how much the action would add (one machine, 50 GB of drive…).
 */
export async function mayUser(
  db: Database,
  user: Pick<User, 'id' | 'role'>,
  key: LimitationKey,
  usage: {
    /** What the user already uses: a number, or counted for the rule's scope (a plan's rule counts that plan). */
    used: number | ((scope: 'user' | 'hardware' | 'role' | 'global') => Promise<number>);
    adding?: number;
    hardwareId?: number;
  },
): Promise<PolicyAnswer> {
  const limit = await resolveLimit(
    db,
    user,
    key,
    usage.hardwareId === undefined ? {} : { hardwareId: usage.hardwareId },
  );
  if (limit.allowed === null) return { allowed: true, key, limit: null };
  const adding = usage.adding ?? 1;
  const used = typeof usage.used === 'number' ? usage.used : await usage.used(limit.scope ?? 'global');
  if (used + adding <= limit.allowed) return { allowed: true, key, limit: limit.allowed };
  const label = LIMIT_LABELS[key];
  return {
    allowed: false,
    key,
    limit: limit.allowed,
    used,
    scope: limit.scope ?? 'global',
    message:
      limit.allowed === 0
        ? `این کار برای حساب شما مجاز نیست (محدودیت «${label.name}»: ۰)؛ برای پیگیری با پشتیبانی تماس بگیرید.`
        : `به سقف «${label.name}» رسیده‌اید: ${label.value(limit.allowed)} مجاز است و اکنون ${label.value(used)} دارید.`,
  };
}
