import type { PlanSummary } from '@server/modules/catalog/contracts';
import { Cpu, HardDrive, MemoryStick, MonitorCog } from 'lucide-react';
import { formatNumber } from '../../lib/digits';
import { keepModelTogether } from '../../lib/model-name';
import { formatGigabytes } from '../../lib/size';
import { ButtonLink } from '../ui/Button';
import { Card } from '../ui/Card';
import { Price } from '../ui/Price';
import { gpuLabel } from './gpu-label';

/**
 * One plan: the GPU first (what renders), then the rest of the machine and the hourly price. A plan
 * with no room anywhere (`rentable: false`, on Plans) says so and offers its details, not a rent.
 */
export function PlanCard({ plan }: { plan: PlanSummary & { rentable?: boolean } }) {
  const full = plan.rentable === false;
  const specs = [
    {
      icon: MonitorCog,
      label: 'کارت گرافیک',
      value: (
        <>
          <bdi dir="ltr">{gpuLabel(plan)}</bdi>، {formatGigabytes(plan.vram_gb)} حافظه
        </>
      ),
    },
    {
      icon: Cpu,
      label: 'پردازنده',
      value: (
        <>
          <bdi dir="ltr">{plan.cpu_model}</bdi>، {formatNumber(plan.cpu_cores)} هسته
        </>
      ),
    },
    { icon: MemoryStick, label: 'رم', value: formatGigabytes(plan.ram_gb) },
    { icon: HardDrive, label: 'دیسک', value: formatGigabytes(plan.disk_gb) },
  ];
  return (
    <Card as="article" className="flex w-full flex-col p-5 transition-shadow hover:shadow-md">
      <h3 className="text-lg font-bold text-gray-900">{keepModelTogether(plan.title)}</h3>
      <dl className="mt-4 flex-1 space-y-3 text-sm">
        {specs.map(({ icon: Icon, label, value }) => (
          <div key={label} className="flex items-start gap-3">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
            <dt className="sr-only">{label}</dt>
            <dd className="text-gray-700">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-gray-100 pt-4">
        <Price rial={plan.price_per_hour} per="hour" />
        {full && <span className="text-sm font-medium text-amber-800">فعلاً ظرفیت آزاد ندارد</span>}
        <ButtonLink href={`/plans/${encodeURIComponent(plan.slug)}`} variant="secondary" size="sm">
          {full ? 'جزئیات' : 'جزئیات و اجاره'}
        </ButtonLink>
      </div>
    </Card>
  );
}
