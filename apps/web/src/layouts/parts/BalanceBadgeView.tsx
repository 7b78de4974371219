import { Wallet } from 'lucide-react';
import { Link } from '../../app/protocol';
import { formatToman } from '../../lib/money';

/**
 * The wallet balance as it was when the page loaded, linking to the top-up page. SiteHeader shows
 * it while the live BalanceBadge (with the realtime client) loads, so nothing moves when it arrives.
 */
export function BalanceBadgeView({ balance, className = '' }: { balance: number; className?: string }) {
  const low = balance <= 0;
  return (
    <Link
      href="/panel/payments/create"
      title="افزایش اعتبار"
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap ring-1 ring-inset ${
        low
          ? 'bg-red-50 text-red-700 ring-red-200'
          : 'bg-gray-50 text-gray-800 ring-gray-200 hover:bg-gray-100'
      } ${className}`}
    >
      {/* Phones: the amount alone, so the area name beside it keeps its one line. */}
      <Wallet aria-hidden="true" className="size-4 text-gray-500 max-sm:hidden" />
      <span className="sr-only">موجودی کیف پول:</span>
      {formatToman(balance)}
    </Link>
  );
}
