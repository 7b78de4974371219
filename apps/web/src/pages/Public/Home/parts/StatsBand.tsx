import type { SiteStats } from '@server/modules/catalog/contracts';
import { Container } from '../../../../components/ui/Container';
import { formatNumber } from '../../../../lib/digits';

const LABELS: [keyof SiteStats, string][] = [
  ['hosts', 'سرور گرافیکی'],
  ['plans', 'پلن سخت‌افزاری'],
  ['locations', 'دیتاسنتر'],
  ['software', 'نرم‌افزار آماده'],
];

/** The farm in numbers. Zeros are left out: «۰ دیتاسنتر» would say the opposite of what we mean. */
export function StatsBand({ stats }: { stats?: Partial<SiteStats> }) {
  const shown = LABELS.filter(([key]) => (stats?.[key] ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <section aria-label="آمار" className="border-b border-gray-200 bg-white">
      <Container>
        <dl className="grid grid-cols-2 divide-gray-100 py-6 sm:flex sm:justify-around sm:divide-x">
          {shown.map(([key, label]) => (
            <div key={key} className="flex flex-col-reverse items-center px-4 py-3 text-center">
              <dt className="text-sm text-gray-600">{label}</dt>
              <dd className="text-2xl font-extrabold text-gray-900 sm:text-3xl">
                {formatNumber(stats?.[key] ?? 0)}
              </dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
