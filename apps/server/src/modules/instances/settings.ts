import type { Database } from '../../db/client';
import { faNumber } from '../../lib/persian';
import { readConfig } from '../catalog';

/** docs/domain.md: a machine is ordered or started only with this many hours of its price in the wallet. */
export const DEFAULT_MIN_BALANCE_HOURS = 1;

/**
 * Config `min_balance_hours` (Admin/Configs, 0–168), read on every Make and start so an admin's
 * change applies to the next request on every server; the default when it is missing or not a number.
 */
export async function minBalanceHours(db: Database): Promise<number> {
  const value = await readConfig(db, 'min_balance_hours');
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? value
    : DEFAULT_MIN_BALANCE_HOURS;
}

/** Rial a plan at `pricePerHour` needs in the wallet for `hours` (whole Rial, rounded up). */
export const minimumFor = (pricePerHour: number, hours: number) => Math.ceil(pricePerHour * hours);

/** «یک ساعت» or «۳ ساعت» / «۱٫۵ ساعت», for the refusal messages. */
export const hoursText = (hours: number) => (hours === 1 ? 'یک ساعت' : `${faNumber(hours)} ساعت`);

/** Config `idle_auto_stop_minutes`: what Edit suggests as the idle limit (never applied by itself). */
export async function suggestedIdleStopMinutes(db: Database): Promise<number | null> {
  const value = await readConfig(db, 'idle_auto_stop_minutes');
  return typeof value === 'number' && Number.isInteger(value) && value >= 10 && value <= 1440 ? value : null;
}
