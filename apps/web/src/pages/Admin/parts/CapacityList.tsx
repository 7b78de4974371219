import type { LocationCapacity } from '@server/modules/dashboard/contracts';
import { MapPin } from 'lucide-react';
import { Badge, type BadgeTone } from '../../../components/ui/Badge';
import { ItemList } from '../../../components/ui/ItemList';
import { Ltr } from '../../../components/ui/Ltr';
import { formatNumber } from '../../../lib/digits';

/** How full a location is, in words first: the bar's colour only repeats it. */
function fullness(used: number, capacity: number): { label: string | null; tone: BadgeTone; bar: string } {
  if (used >= capacity) return { label: 'پر', tone: 'red', bar: 'bg-red-600' };
  if (used / capacity >= 0.8) return { label: 'نزدیک به پر', tone: 'yellow', bar: 'bg-amber-500' };
  return { label: null, tone: 'gray', bar: 'bg-gray-600' };
}

const percent = new Intl.NumberFormat('fa-IR', { style: 'percent', maximumFractionDigits: 0 });

/** Per location: the places its hosts have, how many are taken, how many machines run. */
export function CapacityList({ locations }: { locations: LocationCapacity[] }) {
  return (
    <ItemList
      items={locations}
      className="space-y-5"
      empty={{
        icon: MapPin,
        title: 'هنوز دیتاسنتری تعریف نشده',
        description: 'با افزودن دیتاسنتر و میزبان‌ها، ظرفیت هر کدام اینجا دیده می‌شود.',
      }}
    >
      {(location) => {
        const { capacity, placed } = location;
        const used = `${formatNumber(placed)} از ${formatNumber(capacity)} جایگاه پر`;
        const state = capacity > 0 ? fullness(placed, capacity) : null;
        return (
          <li key={location.code}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <p className="font-medium text-gray-900">
                {location.name} <Ltr className="text-xs text-gray-500">{location.code}</Ltr>
              </p>
              <p className="text-sm text-gray-700 tabular-nums">
                {capacity > 0 ? (
                  <>
                    {used} ({percent.format(Math.min(1, placed / capacity))})
                  </>
                ) : (
                  'میزبانی ثبت نشده'
                )}
              </p>
            </div>
            {state && (
              <div
                role="meter"
                aria-label={`ظرفیت ${location.name}`}
                aria-valuemin={0}
                aria-valuemax={capacity}
                aria-valuenow={Math.min(placed, capacity)}
                aria-valuetext={used}
                className="mt-2 h-2.5 overflow-hidden rounded-full bg-gray-100"
              >
                <div
                  className={`h-full rounded-full ${state.bar}`}
                  style={{ inlineSize: `${Math.min(100, (placed / capacity) * 100)}%` }}
                />
              </div>
            )}
            <p className="mt-1.5 flex flex-wrap items-center gap-2 text-xs text-gray-500">
              <span>{formatNumber(location.running)} سرور روشن</span>
              {state?.label && <Badge tone={state.tone}>{state.label}</Badge>}
              {location.hosts_unavailable > 0 && (
                <Badge tone="red" dot>
                  {formatNumber(location.hosts_unavailable)} میزبان از دسترس خارج
                </Badge>
              )}
            </p>
          </li>
        );
      }}
    </ItemList>
  );
}
