import { TriangleAlert, Wallet } from 'lucide-react';
import { ButtonLink } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Price } from '../../../components/ui/Price';
import { formatNumber } from '../../../lib/digits';
import { useRoute } from '../../../lib/route';
import { LOW_HOURS } from './balance-thresholds';

/** «حدود ۷۲ ساعت (۳ روز)»: hours as the server counts them, with days once they are many. */
function hoursText(hours: number): string {
  if (hours < 1) return 'کمتر از یک ساعت';
  const text = `حدود ${formatNumber(hours)} ساعت`;
  return hours >= 48 ? `${text} (${formatNumber(Math.floor(hours / 24))} روز)` : text;
}

/**
 * The wallet at a glance: the balance, what the running machines cost an hour, and how long the
 * balance lasts at that rate, with a visible warning when it is about to run out.
 */
export function BalanceCard({
  balance,
  burnRate,
  hoursLeft,
}: {
  balance: number;
  burnRate: number;
  hoursLeft: number | null;
}) {
  const route = useRoute();
  const low = hoursLeft !== null && hoursLeft < LOW_HOURS;
  const topUp = route.has('panel.payments.make') ? route('panel.payments.make') : null;

  return (
    <Card as="section" aria-labelledby="wallet-title" className="p-4 sm:p-5">
      <h2 id="wallet-title" className="sr-only">
        کیف پول
      </h2>
      <div className="grid gap-4 sm:grid-cols-3 sm:gap-0 sm:divide-x sm:divide-gray-100">
        <div className="flex items-start gap-3 sm:pe-5">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <Wallet aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="text-sm text-gray-600">موجودی کیف پول</p>
            <div className="mt-0.5">
              <Price rial={balance} size="lg" />
            </div>
          </div>
        </div>
        <div className="sm:px-5">
          <p className="text-sm text-gray-600">هزینه سرورهای روشن</p>
          <div className="mt-1">
            <Price rial={burnRate} per="hour" />
          </div>
        </div>
        <div className="sm:ps-5">
          <p className="text-sm text-gray-600">موجودی تا کی کافی است</p>
          <div className="mt-1">
            {hoursLeft === null ? (
              <>
                <span className="text-base font-bold text-gray-900">بدون مصرف</span>
                <span className="mt-0.5 block text-xs text-gray-500">
                  تا سروری روشن نشود، از موجودی کم نمی‌شود.
                </span>
              </>
            ) : (
              <span className={`text-base font-bold ${low ? 'text-red-700' : 'text-gray-900'}`}>
                {hoursText(hoursLeft)}
              </span>
            )}
          </div>
        </div>
      </div>
      {low && (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
          <p className="min-w-0 flex-1 leading-7">
            موجودی کمتر از {formatNumber(LOW_HOURS)} ساعت دیگر تمام می‌شود؛ با رسیدن به صفر، سرورهای روشن خاموش
            می‌شوند.
          </p>
          {topUp && (
            <ButtonLink href={topUp} variant="danger" size="sm">
              افزایش اعتبار
            </ButtonLink>
          )}
        </div>
      )}
      {!low && topUp && (
        <div className="mt-4 flex justify-end border-t border-gray-100 pt-3">
          <ButtonLink href={topUp} variant="secondary" size="sm">
            افزایش اعتبار
          </ButtonLink>
        </div>
      )}
    </Card>
  );
}
