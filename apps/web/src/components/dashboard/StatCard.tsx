import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../app/protocol';
import { Card } from '../ui/Card';

export type StatTone = 'default' | 'warn' | 'danger';

const ICON_TONES: Record<StatTone, string> = {
  default: 'bg-brand-50 text-brand-700',
  warn: 'bg-amber-50 text-amber-700',
  danger: 'bg-red-50 text-red-700',
};

const HINT_TONES: Record<StatTone, string> = {
  default: 'text-gray-500',
  warn: 'font-medium text-amber-800',
  danger: 'font-medium text-red-700',
};

/**
 * One figure with its name («درآمد امروز ۱۲۵٬۰۰۰ تومان»). With `href` the whole card opens the
 * list behind the figure; the link is the label, so it reads as «درآمد امروز» to a screen reader.
 * A warning tone always comes with a `hint` in words: colour alone never carries the meaning.
 */
export function StatCard({
  label,
  value,
  hint,
  icon: Icon,
  href,
  tone = 'default',
  className = '',
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon: LucideIcon;
  href?: string | null;
  tone?: StatTone;
  className?: string;
}) {
  return (
    <Card className={`flex items-start gap-3 p-4 ${href ? 'hover:border-brand-300' : ''} ${className}`}>
      <span className={`grid size-10 shrink-0 place-items-center rounded-xl ${ICON_TONES[tone]}`}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-gray-600">
          {href ? (
            <Link href={href} className="after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700">
              {label}
            </Link>
          ) : (
            label
          )}
        </p>
        <p className="mt-0.5 text-lg font-bold break-words text-gray-900 tabular-nums">{value}</p>
        {hint && <p className={`mt-0.5 text-xs ${HINT_TONES[tone]}`}>{hint}</p>}
      </div>
    </Card>
  );
}
