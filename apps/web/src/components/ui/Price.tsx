import { formatTomanAmount } from '../../lib/money';

const PER: Record<'hour' | 'month', string> = { hour: 'ساعتی', month: 'ماهانه' };

/**
 * An amount given in Rial, shown in Toman: «۲۵٬۰۰۰ تومان». With `per`, the period comes first as
 * people say it («ساعتی ۲۵٬۰۰۰ تومان»), so the figure never sits on its own.
 */
export function Price({
  rial,
  per,
  size = 'md',
  className = '',
}: {
  rial: number;
  per?: keyof typeof PER;
  size?: 'md' | 'lg';
  className?: string;
}) {
  return (
    <span className={`inline-flex items-baseline gap-1 whitespace-nowrap ${className}`}>
      {per && <span className="text-sm text-gray-500">{PER[per]}</span>}
      <span className={`font-bold text-gray-900 tabular-nums ${size === 'lg' ? 'text-2xl' : 'text-base'}`}>
        {formatTomanAmount(rial)}
      </span>
      <span className="text-sm text-gray-600">تومان</span>
    </span>
  );
}
