import type { PlansProps, PublicPlan } from '@server/modules/catalog/contracts';
import { Head } from '../app/protocol';
import { PlanCard } from '../components/catalog/PlanCard';
import { Button, ButtonLink } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { Container } from '../components/ui/Container';
import { Price } from '../components/ui/Price';
import { formatNumber } from '../lib/digits';
import { keepModelTogether } from '../lib/model-name';
import { formatToman } from '../lib/money';

/** `plans` «پلن‌ها»: the plan cards and a comparison, or one plan's page. */
export default function Plans({ plans, plan, locations }: PlansProps) {
  if (plan) return <PlanPage plan={plan} locations={locations} />;
  return (
    <>
      <Head title="پلن‌ها" />
      <Container className="space-y-8 py-12">
        <header>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">پلن‌ها</h1>
          <p className="mt-2 leading-8 text-gray-600">
            سرورهای گرافیکی آمادهٔ رندر؛ هر پلن را ساعتی اجاره کنید.
          </p>
        </header>
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {plans.map((p) => (
            <PlanCard key={p.slug} plan={p} />
          ))}
        </div>
      </Container>
    </>
  );
}

/** One plan: specs, price, where it has room, its software, and «اجاره این سرور». */
function PlanPage({ plan, locations }: { plan: PublicPlan; locations: PlansProps['locations'] }) {
  const make = `/panel/instances/create?hardware=${encodeURIComponent(plan.slug)}`;
  const specs: [string, string][] = [
    [
      'کارت گرافیک',
      keepModelTogether(`${plan.gpu_count > 1 ? `${formatNumber(plan.gpu_count)}× ` : ''}${plan.gpu_model}`),
    ],
    ['حافظهٔ گرافیک', `${formatNumber(plan.vram_gb)} گیگابایت`],
    ['پردازنده', `${plan.cpu_model}، ${formatNumber(plan.cpu_cores)} هسته`],
    ['رم', `${formatNumber(plan.ram_gb)} گیگابایت`],
    ['دیسک', `${formatNumber(plan.disk_gb)} گیگابایت`],
  ];
  return (
    <>
      <Head title={plan.title} />
      <Container className="grid gap-8 py-12 lg:grid-cols-3">
        <div className="grid min-w-0 gap-6 lg:col-span-2">
          <header>
            <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{keepModelTogether(plan.title)}</h1>
            {plan.description && <p className="mt-2 leading-8 text-gray-600">{plan.description}</p>}
          </header>
          <Card className="p-4 sm:p-6">
            <h2 className="font-bold text-gray-900">مشخصات</h2>
            <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
              {specs.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-gray-600">{label}</dt>
                  <dd className="font-medium break-words text-gray-900">{value}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card className="p-4 sm:p-6">
            <h2 className="font-bold text-gray-900">نرم‌افزارهای آماده</h2>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {plan.images.map((image) => (
                <li key={image.name} className="rounded-xl bg-gray-50 p-3 text-sm">
                  <span className="font-medium text-gray-900">{image.name}</span>
                  <span className="block text-xs leading-6 text-gray-600">{image.software.join('، ')}</span>
                </li>
              ))}
            </ul>
          </Card>
        </div>
        <aside className="min-w-0">
          <Card className="grid gap-3 p-4 sm:p-6">
            <Price rial={plan.price_per_hour} per="hour" size="lg" />
            {plan.setup_fee > 0 && (
              <p className="text-sm text-gray-600">راه‌اندازی یک‌باره: {formatToman(plan.setup_fee)}</p>
            )}
            <ul className="grid gap-1 text-sm">
              {locations.map((l) => (
                <li key={l.code} className="flex justify-between gap-3">
                  <span className="text-gray-700">{l.name}</span>
                  <span className={(plan.free[l.code] ?? 0) > 0 ? 'text-green-800' : 'text-amber-800'}>
                    {(plan.free[l.code] ?? 0) > 0 ? `${formatNumber(plan.free[l.code]!)} سرور آزاد` : 'تکمیل'}
                  </span>
                </li>
              ))}
            </ul>
            {plan.rentable ? (
              <ButtonLink href={make} size="lg">
                اجاره این سرور
              </ButtonLink>
            ) : (
              <>
                <Button size="lg" disabled aria-describedby="plan-full">
                  اجاره این سرور
                </Button>
                <p id="plan-full" className="text-sm leading-7 text-amber-800">
                  این پلن فعلاً در هیچ دیتاسنتری ظرفیت آزاد ندارد؛ پلن دیگری را ببینید یا بعداً سر بزنید.
                </p>
              </>
            )}
          </Card>
        </aside>
      </Container>
    </>
  );
}
