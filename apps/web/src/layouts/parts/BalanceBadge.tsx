import { useLiveBalance } from '../../lib/realtime/use-live-balance';
import { BalanceBadgeView } from './BalanceBadgeView';

/**
 * The wallet balance, linking to the top-up page: machines stop when it runs out. It follows
 * `BalanceChanged` live, so a top-up or a charged minute shows without a reload.
 */
export function BalanceBadge({ balance: given, className = '' }: { balance: number; className?: string }) {
  return <BalanceBadgeView balance={useLiveBalance(given)} className={className} />;
}
