import type { PlanSummary } from '@server/modules/catalog/contracts';
import { MonitorPlay, Zap } from 'lucide-react';
import { gpuLabel } from '../../../../components/catalog/gpu-label';
import { Badge } from '../../../../components/ui/Badge';
import { ButtonLink } from '../../../../components/ui/Button';
import { Container } from '../../../../components/ui/Container';
import { ForwardArrow } from '../../../../components/ui/DirectionalIcon';
import { Ltr } from '../../../../components/ui/Ltr';
import { Price } from '../../../../components/ui/Price';

/** What the service is, in one screen: the promise, the lowest price, and where to start. */
export function Hero({
  cheapest,
  primaryHref,
  primaryLabel,
}: {
  cheapest?: PlanSummary;
  primaryHref: string;
  primaryLabel: string;
}) {
  return (
    <section className="relative overflow-hidden border-b border-gray-200 bg-white">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,var(--color-brand-50),transparent_60%)]"
      />
      <Container className="relative grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <Badge tone="brand" className="mb-5">
            <Zap aria-hidden="true" className="size-3.5" />
            سرور گرافیکی ساعتی، بدون خرید سخت‌افزار
          </Badge>
          <h1 className="text-3xl font-extrabold text-gray-900 sm:text-5xl sm:leading-[1.35]">
            رندرهای سنگین را به
            <span className="text-brand-600"> سرورهای ابری </span>
            بسپارید
          </h1>
          <p className="mt-5 max-w-xl text-base leading-8 text-gray-600 sm:text-lg sm:leading-9">
            سرور مجهز به کارت گرافیک قدرتمند را ساعتی اجاره کنید، با ریموت دسکتاپ به آن وصل شوید و پروژه‌تان را
            با همان نرم‌افزارهای همیشگی رندر بگیرید. هزینه از کیف پول اعتباری کم می‌شود و با خاموش کردن سرور،
            محاسبه هزینه هم متوقف می‌شود.
          </p>
          <div className="mt-8 flex flex-wrap items-center gap-3">
            <ButtonLink href={primaryHref} size="lg">
              {primaryLabel}
              <ForwardArrow className="size-5" />
            </ButtonLink>
            <ButtonLink href="/prices" variant="secondary" size="lg">
              مشاهده تعرفه‌ها
            </ButtonLink>
          </div>
          {cheapest && (
            <p className="mt-6 flex flex-wrap items-baseline gap-x-2 text-sm text-gray-600">
              قیمت‌ها از
              <Price rial={cheapest.price_per_hour} per="hour" />
            </p>
          )}
        </div>
        <MachinePreview plan={cheapest} />
      </Container>
    </section>
  );
}

/** A drawing of what a customer gets: a running machine and its remote-desktop address. */
function MachinePreview({ plan }: { plan?: PlanSummary }) {
  return (
    <div
      aria-hidden="true"
      className="mx-auto w-full max-w-md rounded-2xl border border-gray-200 bg-white p-5 shadow-xl shadow-gray-200/60"
    >
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-3">
          <span className="grid size-11 place-items-center rounded-xl bg-gray-900 text-white">
            <MonitorPlay className="size-5" />
          </span>
          <div>
            <p className="font-semibold text-gray-900">سرور رندر من</p>
            <p className="text-sm text-gray-500">
              <Ltr mono={false}>{plan ? gpuLabel(plan) : 'RTX 4090'}</Ltr>
            </p>
          </div>
        </div>
        <Badge tone="green" dot>
          روشن
        </Badge>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-xl bg-gray-50 p-3">
          <dt className="text-gray-500">مصرف کارت گرافیک</dt>
          <dd className="mt-1 font-bold text-gray-900">۹۶٪</dd>
        </div>
        <div className="rounded-xl bg-gray-50 p-3">
          <dt className="text-gray-500">زمان روشن بودن</dt>
          <dd className="mt-1 font-bold text-gray-900">۲ ساعت و ۱۵ دقیقه</dd>
        </div>
      </dl>
      <div className="mt-3 h-2 overflow-hidden rounded-full bg-gray-100">
        <div className="h-full w-[72%] rounded-full bg-gray-600" />
      </div>
      <p className="mt-2 text-xs text-gray-500">رندر فریم ۷۲ از ۱۰۰</p>
      <div className="mt-4 flex items-center justify-between rounded-xl border border-dashed border-gray-300 px-3 py-2 text-sm">
        <span className="text-gray-500">آدرس ریموت دسکتاپ</span>
        <Ltr className="text-gray-800">185.20.14.7:33891</Ltr>
      </div>
    </div>
  );
}
