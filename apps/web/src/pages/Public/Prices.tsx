import { router } from '@renderfarm/react';
import type { PublicPricesProps } from '@server/modules/catalog/contracts';
import { Calculator } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Head, Link } from '../../app/protocol';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Container } from '../../components/ui/Container';
import { Price } from '../../components/ui/Price';
import { SelectField } from '../../components/ui/SelectField';
import { TextField } from '../../components/ui/TextField';
import { formatNumber, normalizeDigits } from '../../lib/digits';
import { formatToman } from '../../lib/money';

/**
 * `prices` «تعرفه‌ها»: every active plan's hourly price and where it has room, the drive price and
 * VAT, and a calculator whose estimate the server computes on a partial reload (`estimate`).
 */
export default function Prices({
  plans,
  locations,
  drive_price_per_gb_month,
  render_prices,
  vat_rate,
  estimate,
}: PublicPricesProps) {
  const [hardware, setHardware] = useState(estimate?.hardware ?? plans[0]?.slug ?? '');
  const [hours, setHours] = useState(String(estimate?.hours ?? 10));
  const calculate = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams({ hardware, hours: normalizeDigits(hours) });
    router.visit(`/prices?${query}`, {
      only: ['estimate'],
      preserveState: true,
      preserveScroll: true,
      replace: true,
    });
  };
  return (
    <>
      <Head title="تعرفه‌ها" />
      <Container className="space-y-10 py-12">
        <header>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">تعرفه‌ها</h1>
          <p className="mt-2 leading-8 text-gray-600">
            هزینهٔ هر سرور ساعتی است و فقط وقتی روشن است، دقیقه‌ای از کیف پول کم می‌شود. {formatNumber(vat_rate)}
            ٪ مالیات بر ارزش افزوده به قیمت‌ها اضافه می‌شود.
          </p>
        </header>

        <Card className="overflow-hidden p-2 sm:p-4">
          <table className="hidden w-full text-sm sm:table">
            <caption className="sr-only">قیمت ساعتی پلن‌ها و ظرفیت آزاد هر دیتاسنتر</caption>
            <thead>
              <tr className="border-b border-gray-200 text-xs text-gray-500">
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  پلن
                </th>
                <th scope="col" className="px-3 py-2 text-start font-medium">
                  ساعتی
                </th>
                {locations.map((l) => (
                  <th key={l.code} scope="col" className="px-3 py-2 text-start font-medium">
                    {l.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {plans.map((plan) => (
                <tr key={plan.slug}>
                  <th scope="row" className="px-3 py-3 text-start font-medium">
                    <Link
                      href={`/plans/${encodeURIComponent(plan.slug)}`}
                      className="text-brand-700 hover:underline"
                    >
                      {plan.title}
                    </Link>
                  </th>
                  <td className="px-3 py-3">
                    <Price rial={plan.price_per_hour} />
                  </td>
                  {locations.map((l) => (
                    <td key={l.code} className="px-3 py-3 text-gray-700">
                      {(plan.free[l.code] ?? 0) > 0
                        ? `${formatNumber(plan.free[l.code]!)} سرور آزاد`
                        : 'تکمیل'}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="grid gap-3 sm:hidden" aria-label="قیمت ساعتی پلن‌ها">
            {plans.map((plan) => (
              <li key={plan.slug} className="rounded-xl border border-gray-200 p-3">
                <Link href={`/plans/${encodeURIComponent(plan.slug)}`} className="font-medium text-brand-700">
                  {plan.title}
                </Link>
                <div className="mt-1">
                  <Price rial={plan.price_per_hour} per="hour" />
                </div>
                <p className="mt-1 text-xs text-gray-600">
                  {locations
                    .map(
                      (l) =>
                        `${l.name}: ${(plan.free[l.code] ?? 0) > 0 ? `${formatNumber(plan.free[l.code]!)} آزاد` : 'تکمیل'}`,
                    )
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        </Card>

        <p className="text-sm text-gray-700">
          فضای ذخیره‌سازی فایل‌های صحنه: هر گیگابایت در ماه {formatToman(drive_price_per_gb_month)}.
        </p>

        {render_prices && (
          <Card as="section" className="grid gap-3 p-4 sm:p-6" aria-labelledby="render-prices">
            <h2 id="render-prices" className="text-lg font-bold text-gray-900">
              رندر صحنهٔ Blender روی نودهای ما
            </h2>
            <p className="text-sm leading-7 text-gray-700">
              فایل ‎.blend را از فضای ذخیره‌سازی خود بفرستید؛ هزینه از زمان واقعی کار نودها حساب می‌شود و پیش از
              ثبت، برآوردش را می‌بینید.
            </p>
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div className="flex justify-between gap-3 rounded-xl bg-gray-50 p-3">
                <dt className="text-gray-700">هر دقیقهٔ نود، اولویت عادی</dt>
                <dd className="font-bold text-gray-900">{formatToman(render_prices.standard)}</dd>
              </div>
              <div className="flex justify-between gap-3 rounded-xl bg-gray-50 p-3">
                <dt className="text-gray-700">هر دقیقهٔ نود، اولویت فوری</dt>
                <dd className="font-bold text-gray-900">{formatToman(render_prices.express)}</dd>
              </div>
            </dl>
          </Card>
        )}

        <Card className="grid gap-4 p-4 sm:p-6">
          <h2 className="flex items-center gap-2 text-lg font-bold text-gray-900">
            <Calculator aria-hidden="true" className="size-5" />
            ماشین‌حساب هزینه
          </h2>
          <form onSubmit={calculate} className="grid gap-4 sm:grid-cols-3 sm:items-end">
            <SelectField
              label="پلن"
              value={hardware}
              onChange={setHardware}
              options={plans.map((plan) => ({ value: plan.slug, label: plan.title }))}
            />
            <TextField label="چند ساعت کار" inputMode="numeric" digits value={hours} onChange={setHours} />
            <Button type="submit">حساب کن</Button>
          </form>
          <div aria-live="polite">
            {estimate && (
              <p className="rounded-xl bg-gray-50 p-3 text-sm leading-8 text-gray-800">
                {formatNumber(estimate.hours)} ساعت «{estimate.title}»: {formatToman(estimate.subtotal)} +
                مالیات {formatToman(estimate.tax)} = <strong>{formatToman(estimate.total)}</strong>
              </p>
            )}
          </div>
        </Card>
      </Container>
    </>
  );
}
